import { createReadStream } from 'node:fs';
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { createRequire } from 'node:module';
import type * as TarStream from 'tar-stream';
import type { LeaveOut } from './site-files.js';

// Loaded with require, not import, as in site-files.ts: the CLI never starts the ESM loader's CommonJS lexer.
const tar = createRequire(import.meta.url)('tar-stream') as typeof TarStream;

/** One thing in a site's folder, as the archive carries it. */
export interface SiteEntry {
  /** The path inside the folder (`a/b.html`), without a final `/`. */
  name: string;
  kind: 'file' | 'directory' | 'link' | 'other';
  size: number;
}

/** How far an archive has got: files and their bytes packed so far, of the whole. */
export interface PackProgress {
  files: number;
  bytes: number;
  totalFiles: number;
  totalBytes: number;
}

/** A folder that cannot be read at all (missing, not a folder): nothing is sent. */
export class UnreadableFolder extends Error {}

/**
 * The folder's entries in archive order (sorted, depth first), without what
 * `leaveOut` names. Links are listed, never followed: the server refuses them
 * (`invalid_path`), exactly as a local deploy does.
 */
export async function listSite(root: string, leaveOut: LeaveOut): Promise<SiteEntry[]> {
  const rootStat = await stat(root).catch(() => null);
  if (!rootStat?.isDirectory()) throw new UnreadableFolder(`${root} is not a directory`);
  const entries: SiteEntry[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const name of (await readdir(dir)).sort()) {
      const path = prefix + name;
      const info = await lstat(join(dir, name));
      if (leaveOut(info.isDirectory() ? `${path}/` : path)) continue;
      if (info.isDirectory()) {
        entries.push({ name: path, kind: 'directory', size: 0 });
        await walk(join(dir, name), `${path}/`);
      } else {
        const kind = info.isFile() ? 'file' : info.isSymbolicLink() ? 'link' : 'other';
        entries.push({ name: path, kind, size: kind === 'file' ? info.size : 0 });
      }
    }
  };
  await walk(root, '');
  return entries;
}

function add(pack: TarStream.Pack, header: Partial<TarStream.Header> & { name: string }, root: string, entry: SiteEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error | null) => (err ? reject(err) : resolve());
    if (entry.kind !== 'file') {
      pack.entry(header, done);
      return;
    }
    // One file at a time, read as the archive is consumed: memory holds a few chunks, never the site.
    const sink = pack.entry(header, done);
    // Chunks no larger than the file: a small file does not hold a whole 64 KiB read buffer until it is collected.
    const highWaterMark = Math.max(1024, Math.min(entry.size, 64 * 1024));
    pipeline(createReadStream(join(root, entry.name), { highWaterMark }), sink).catch(reject);
  });
}

/**
 * The folder as a `.tar.gz`, produced as it is read (the caller pulls; nothing
 * is buffered whole). `onProgress` is called after each file.
 */
export function siteArchive(
  root: string,
  entries: readonly SiteEntry[],
  onProgress?: (p: PackProgress) => void,
): ReadableStream<Uint8Array> {
  const pack = tar.pack();
  const totals = { totalFiles: 0, totalBytes: 0 };
  for (const e of entries) {
    if (e.kind === 'file') {
      totals.totalFiles++;
      totals.totalBytes += e.size;
    }
  }
  void (async () => {
    let files = 0;
    let bytes = 0;
    try {
      for (const entry of entries) {
        const header: Partial<TarStream.Header> & { name: string } =
          entry.kind === 'directory'
            ? { name: `${entry.name}/`, type: 'directory', mode: 0o755 }
            : entry.kind === 'link'
              ? { name: entry.name, type: 'symlink', linkname: await readlink(join(root, entry.name)) }
              : entry.kind === 'other'
                ? { name: entry.name, type: 'fifo' }
                : { name: entry.name, type: 'file', size: entry.size, mode: 0o644 };
        await add(pack, header, root, entry);
        if (entry.kind === 'file') {
          files++;
          bytes += entry.size;
          onProgress?.({ files, bytes, ...totals });
        }
      }
      pack.finalize();
    } catch (err) {
      pack.destroy(err as Error);
    }
  })();
  const gzip = createGzip();
  pipeline(pack, gzip).catch(() => {
    // The error reaches the reader through the gzip stream.
  });
  return ReadableStream.from(gzip as AsyncIterable<Uint8Array>);
}
