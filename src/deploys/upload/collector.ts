import { checkDeployPath } from './paths.js';
import type { DeployFailureReason } from '../storage/repository.js';

/** A deploy's file as uploaded. */
export interface DeployFile {
  path: string;
  bytes: Buffer;
}

export interface UploadLimits {
  /** Total unpacked size of the files. */
  maxBytes: number;
  maxFiles: number;
  /** Keep files that are secret by convention (`.env`, `.git/`…); by default they are skipped with a warning. */
  includeDotfiles?: boolean;
}

/** Folders (at any depth) whose files are secret by convention: version control and credentials. */
const SECRET_FOLDERS = new Set(['.git', '.hg', '.svn', '.ssh', '.aws', '.gnupg']);
/** File names that are secret by convention, or leak how the site was made. */
const SECRET_FILES = new Set([
  '.env',
  '.DS_Store',
  '.npmrc',
  '.yarnrc',
  '.netrc',
  '.pgpass',
  '.htpasswd',
  '.htaccess',
  '.git-credentials',
  '.gitconfig',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
]);

/**
 * The part of a deploy path that makes it secret by convention (`.git/`,
 * `.env.local`), or null. `.well-known/` and other dotfiles are kept.
 */
export function secretByConvention(path: string): string | null {
  const parts = path.split('/');
  for (let i = 0; i < parts.length - 1; i++) if (SECRET_FOLDERS.has(parts[i] as string)) return `${parts.slice(0, i + 1).join('/')}/`;
  const name = parts[parts.length - 1] as string;
  if (SECRET_FILES.has(name) || name.startsWith('.env.')) return path;
  return null;
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

export type UploadResult<F extends { path: string } = DeployFile> =
  /** `skipped`: paths left out as secret by convention (a folder once, as `.git/`). */
  | { ok: true; files: F[]; skipped: string[] }
  | { ok: false; reason: DeployFailureReason; message: string }
  /** The source itself could not be read (a missing directory, an aborted upload): no deploy to record. */
  | { ok: false; reason: 'unreadable'; message: string };

/**
 * Gathers an upload's files while enforcing the limits before the bytes are
 * read: a file is announced with its size first, so an oversized upload is
 * refused without buffering it.
 */
export class FileCollector<F extends { path: string } = DeployFile> {
  private readonly files: F[] = [];
  private readonly paths = new Set<string>();
  private readonly directories = new Set<string>();
  private bytes = 0;
  /** What was left out as secret by convention, in the order met. */
  readonly skipped: string[] = [];

  constructor(private readonly limits: UploadLimits) {}

  /** Checks a directory entry's path; directories themselves are not stored. */
  directory(raw: string): void {
    const checked = checkDeployPath(raw);
    if (!checked.ok) throw new UploadRefusal('invalid_path', checked.message);
    if (checked.path !== '') this.directories.add(checked.path);
  }

  /** Checks a file's path and declared size; returns its stored path, or null when it is skipped (secret by convention). */
  announce(raw: string, size: number): string | null {
    const checked = checkDeployPath(raw);
    if (!checked.ok) throw new UploadRefusal('invalid_path', checked.message);
    if (checked.path === '') throw new UploadRefusal('invalid_path', `${JSON.stringify(raw)}: a file cannot be the root`);
    const secret = this.limits.includeDotfiles ? null : secretByConvention(checked.path);
    if (secret !== null) {
      if (!this.skipped.includes(secret)) this.skipped.push(secret);
      return null;
    }
    if (this.paths.has(checked.path)) throw new UploadRefusal('invalid_path', `${JSON.stringify(checked.path)} appears twice`);
    if (this.paths.size + 1 > this.limits.maxFiles) {
      throw new UploadRefusal('too_many_files', `the deploy has more than ${this.limits.maxFiles} files`);
    }
    this.reserve(size);
    this.paths.add(checked.path);
    return checked.path;
  }

  /** Adds an announced file, read at `size` bytes (checked against the limit again when it differs from the declared size). */
  add(file: F, declaredSize: number, size: number): void {
    if (size !== declaredSize) this.reserve(size - declaredSize);
    this.files.push(file);
  }

  private reserve(size: number): void {
    this.bytes += size;
    if (this.bytes > this.limits.maxBytes) {
      throw new UploadRefusal('too_large', `the deploy is larger than ${this.limits.maxBytes} bytes unpacked`);
    }
  }

  /** The files, once every entry is read: checks that no file sits where another is a folder, and the index. */
  finish(): F[] {
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
export function collectFiles(files: readonly DeployFile[], limits: UploadLimits, collector = new FileCollector(limits)): DeployFile[] {
  for (const file of files) {
    const path = collector.announce(file.path, file.bytes.length);
    if (path !== null) collector.add({ path, bytes: file.bytes }, file.bytes.length, file.bytes.length);
  }
  return collector.finish();
}
