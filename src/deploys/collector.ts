import { checkDeployPath } from './paths.js';
import type { DeployFailureReason } from './repository.js';

/** A deploy's file as uploaded. */
export interface DeployFile {
  path: string;
  bytes: Buffer;
}

export interface UploadLimits {
  /** Total unpacked size of the files. */
  maxBytes: number;
  maxFiles: number;
}

export const DEFAULT_DEPLOY_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_DEPLOY_MAX_FILES = 10_000;
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxBytes: DEFAULT_DEPLOY_MAX_BYTES, maxFiles: DEFAULT_DEPLOY_MAX_FILES };

/** A refusal found while reading an upload; thrown inside the readers, returned from them. */
export class UploadRefusal extends Error {
  constructor(
    readonly reason: DeployFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export type UploadResult =
  | { ok: true; files: DeployFile[] }
  | { ok: false; reason: DeployFailureReason; message: string }
  /** The source itself could not be read (a missing directory, an aborted upload): no deploy to record. */
  | { ok: false; reason: 'unreadable'; message: string };

/**
 * Gathers an upload's files while enforcing the limits before the bytes are
 * read: a file is announced with its size first, so an oversized upload is
 * refused without buffering it.
 */
export class FileCollector {
  private readonly files: DeployFile[] = [];
  private readonly paths = new Set<string>();
  private readonly directories = new Set<string>();
  private bytes = 0;

  constructor(private readonly limits: UploadLimits) {}

  /** Checks a directory entry's path; directories themselves are not stored. */
  directory(raw: string): void {
    const checked = checkDeployPath(raw);
    if (!checked.ok) throw new UploadRefusal('invalid_path', checked.message);
    if (checked.path !== '') this.directories.add(checked.path);
  }

  /** Checks a file's path and declared size; returns its stored path. */
  announce(raw: string, size: number): string {
    const checked = checkDeployPath(raw);
    if (!checked.ok) throw new UploadRefusal('invalid_path', checked.message);
    if (checked.path === '') throw new UploadRefusal('invalid_path', `${JSON.stringify(raw)}: a file cannot be the root`);
    if (this.paths.has(checked.path)) throw new UploadRefusal('invalid_path', `${JSON.stringify(checked.path)} appears twice`);
    if (this.paths.size + 1 > this.limits.maxFiles) {
      throw new UploadRefusal('too_many_files', `the deploy has more than ${this.limits.maxFiles} files`);
    }
    this.reserve(size);
    this.paths.add(checked.path);
    return checked.path;
  }

  /** Adds an announced file's content (its length is checked against the limit again). */
  add(path: string, declaredSize: number, bytes: Buffer): void {
    if (bytes.length !== declaredSize) this.reserve(bytes.length - declaredSize);
    this.files.push({ path, bytes });
  }

  private reserve(size: number): void {
    this.bytes += size;
    if (this.bytes > this.limits.maxBytes) {
      throw new UploadRefusal('too_large', `the deploy is larger than ${this.limits.maxBytes} bytes unpacked`);
    }
  }

  /** The files, once every entry is read: checks that no file sits where another is a folder, and the index. */
  finish(): DeployFile[] {
    for (const path of this.paths) {
      for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
        const parent = path.slice(0, i);
        if (this.paths.has(parent)) throw new UploadRefusal('invalid_path', `${JSON.stringify(parent)} is both a file and a folder`);
      }
    }
    for (const dir of this.directories) {
      if (this.paths.has(dir)) throw new UploadRefusal('invalid_path', `${JSON.stringify(dir)} is both a file and a folder`);
    }
    checkIndex(this.paths);
    return this.files;
  }
}

/** Refuses a deploy without `index.html` at its root, pointing at a nested one when the folder itself was packed. */
export function checkIndex(paths: ReadonlySet<string>): void {
  if (paths.has('index.html')) return;
  const nested = [...paths].find((p) => /^[^/]+\/index\.html$/.test(p));
  const hint = nested ? ` (found ${nested}: upload the contents of that folder, not the folder itself)` : '';
  throw new UploadRefusal('missing_index', `there is no index.html at the root of the deploy${hint}`);
}

/** Validates files given in memory exactly as an upload is validated. */
export function collectFiles(files: readonly DeployFile[], limits: UploadLimits): DeployFile[] {
  const collector = new FileCollector(limits);
  for (const file of files) collector.add(collector.announce(file.path, file.bytes.length), file.bytes.length, file.bytes);
  return collector.finish();
}
