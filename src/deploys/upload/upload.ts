import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { collectFiles, FileCollector, UploadRefusal, type DeployFile, type UploadLimits, type UploadResult } from './collector.js';
import { decodeUtf8 } from './paths.js';
import type { LeaveOut } from '../site-files.js';
import { SpoolError } from './spool.js';

/**
 * Room for tar's own bytes (headers, long-name records, padding) per entry on
 * top of the files' size: a bound on how much an archive may unpack to before
 * it is refused, whatever its entries claim.
 */
const TAR_OVERHEAD_PER_ENTRY = 4096;

function refusal(err: unknown): Extract<UploadResult, { ok: false }> | null {
  return err instanceof UploadRefusal ? { ok: false, reason: err.reason, message: err.message } : null;
}

/** Validates files already in memory (path rules, limits, index) exactly as uploads are validated. */
export function validateFiles(files: readonly DeployFile[], limits: UploadLimits): UploadResult {
  try {
    const collector = new FileCollector(limits);
    return { ok: true, files: collectFiles(files, limits, collector), skipped: collector.skipped };
  } catch (err) {
    const refused = refusal(err);
    if (refused) return refused;
    throw err;
  }
}

/** Counts the bytes flowing through and refuses the upload past `max`. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > max) done(new UploadRefusal('too_large', `the archive unpacks to more than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * The entry's name as UTF-8. Names in the tar header and GNU long-name records
 * are read as latin1 (one char per byte) so their bytes can be checked here;
 * a PAX `path` is already decoded, with U+FFFD where it was not UTF-8.
 */
function entryName(header: tar.Header): string | null {
  const pax = header.pax as Record<string, string> | null | undefined;
  if (pax?.path !== undefined) return header.name;
  return decodeUtf8(Buffer.from(header.name, 'latin1'));
}

/** Where a file's bytes go as the archive is read: what the upload keeps of the file, and its size as read. */
export type KeepFile<F> = (path: string, chunks: AsyncIterable<Buffer>) => Promise<{ file: F; size: number }>;

const inMemory: KeepFile<DeployFile> = async (path, chunks) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const bytes = Buffer.concat(parts);
  return { file: { path, bytes }, size: bytes.length };
};

/**
 * Reads a `.tar.gz` deploy from a stream, refusing it as soon as a limit is
 * crossed or an entry is not allowed, without reading the rest. The source is
 * never destroyed: on a refusal it is left unread, so the caller can still
 * answer (an HTTP request's socket stays usable) and then close it. Each
 * file's bytes go to `keep` as they are read (by default, into memory).
 */
export function readArchive(source: Readable, limits: UploadLimits): Promise<UploadResult>;
export function readArchive<F extends { path: string }>(
  source: Readable,
  limits: UploadLimits,
  keep: KeepFile<F>,
): Promise<UploadResult<F>>;
export async function readArchive<F extends { path: string }>(
  source: Readable,
  limits: UploadLimits,
  keep: KeepFile<F> = inMemory as unknown as KeepFile<F>,
): Promise<UploadResult<F>> {
  const collector = new FileCollector<F>(limits);
  const maxEntries = limits.maxFiles * 2;
  const bound = limits.maxBytes + (maxEntries + 2) * TAR_OVERHEAD_PER_ENTRY;
  // filenameEncoding is an option of tar-stream's extract that its type declarations leave out.
  const extract = tar.extract({ filenameEncoding: 'latin1' } as Parameters<typeof tar.extract>[0]);
  const input = byteLimit(bound);
  let sourceError: Error | undefined;
  // A source that fails or closes before its end (an aborted upload) fails the reading, and is told apart from a bad archive.
  const stopWatching = finished(source, (err) => {
    if (!err) return;
    sourceError = err;
    input.destroy(err);
  });
  source.pipe(input);
  const piping = pipeline(input, createGunzip(), byteLimit(bound), extract);
  const failed = piping.then(
    () => null,
    (err: unknown) => err,
  );
  try {
    let entries = 0;
    for await (const entry of extract) {
      if (++entries > maxEntries) throw new UploadRefusal('too_many_files', `the archive has more than ${maxEntries} entries`);
      const { header } = entry;
      const name = entryName(header);
      if (name === null) throw new UploadRefusal('invalid_path', 'an entry name is not valid UTF-8');
      if (header.type === 'directory') {
        collector.directory(name);
        entry.resume();
      } else if (header.type === 'file' || header.type === 'contiguous-file') {
        const size = header.size ?? 0;
        const path = collector.announce(name, size);
        if (path === null) {
          // Skipped: read past it without keeping it.
          entry.resume();
          continue;
        }
        // tar-stream delivers exactly the declared size, already counted by announce().
        const kept = await keep(path, entry as AsyncIterable<Buffer>);
        collector.add(kept.file, size, kept.size);
      } else {
        const why = header.type === 'symlink' || header.type === 'link' ? 'links are not allowed' : 'only files and folders are allowed';
        throw new UploadRefusal('invalid_path', `${JSON.stringify(name)}: ${why}`);
      }
    }
    const error = await failed;
    if (error) throw error;
    return { ok: true, files: collector.finish(), skipped: collector.skipped };
  } catch (err) {
    extract.destroy();
    // Where the files are kept failed: the server's fault, not the upload's.
    if (err instanceof SpoolError) throw err;
    const refused = refusal(err) ?? refusal(await failed);
    if (refused) return refused;
    if (sourceError) return { ok: false, reason: 'unreadable', message: `the upload could not be read: ${sourceError.message}` };
    return { ok: false, reason: 'invalid_archive', message: 'the upload is not a valid .tar.gz archive' };
  } finally {
    source.unpipe(input);
    stopWatching();
  }
}

/** Reads a deploy from a directory on disk, walking it without following links, leaving out what `leaveOut` names. */
export async function readDirectory(root: string, limits: UploadLimits, leaveOut: LeaveOut = () => false): Promise<UploadResult> {
  try {
    // The root may be a link (the user named it); nothing inside it may be.
    const rootStat = await stat(root).catch(() => null);
    if (!rootStat?.isDirectory()) return { ok: false, reason: 'unreadable', message: `${root} is not a directory` };
    const collector = new FileCollector(limits);
    await walk(Buffer.from(root), '', collector, leaveOut);
    return { ok: true, files: collector.finish(), skipped: collector.skipped };
  } catch (err) {
    const refused = refusal(err);
    if (refused) return refused;
    return { ok: false, reason: 'unreadable', message: `${root} could not be read: ${(err as Error).message}` };
  }
}

async function walk(dir: Buffer, prefix: string, collector: FileCollector, leaveOut: LeaveOut): Promise<void> {
  const names = (await readdir(dir, { encoding: 'buffer' })).sort(Buffer.compare);
  for (const raw of names) {
    const decoded = decodeUtf8(raw);
    if (decoded === null) throw new UploadRefusal('invalid_path', `${prefix}${raw.toString('latin1')}: the name is not valid UTF-8`);
    const name = prefix + decoded;
    const full = Buffer.concat([dir, Buffer.from('/'), raw]);
    const info = await lstat(full);
    if (leaveOut(info.isDirectory() ? `${name}/` : name)) continue;
    if (info.isDirectory()) {
      collector.directory(`${name}/`);
      await walk(full, `${name}/`, collector, leaveOut);
    } else if (info.isFile()) {
      const path = collector.announce(name, info.size);
      if (path !== null) {
        const bytes = await readFile(full);
        collector.add({ path, bytes }, info.size, bytes.length);
      }
    } else if (info.isSymbolicLink()) {
      throw new UploadRefusal('invalid_path', `${JSON.stringify(name)}: links are not allowed`);
    } else {
      throw new UploadRefusal('invalid_path', `${JSON.stringify(name)}: only files and folders are allowed`);
    }
  }
}
