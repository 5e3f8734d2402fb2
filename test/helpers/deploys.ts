import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';

/** An entry for an archive built in a test: a file (with content) or any other header. */
export interface TestEntry extends Partial<tar.Header> {
  name: string;
  content?: string | Buffer;
  pax?: Record<string, string>;
}

/** A tar stream built with tar-stream, the library the reader uses. */
export async function tarBytes(entries: readonly TestEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const { content, ...header } of entries) {
    await new Promise<void>((resolve, reject) => {
      const cb = (err?: Error | null) => (err ? reject(err) : resolve());
      if (content === undefined) pack.entry(header, cb);
      else pack.entry(header, content, cb);
    });
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

export async function tarGz(entries: readonly TestEntry[]): Promise<Buffer> {
  return gzipSync(await tarBytes(entries));
}

/** A stream of these bytes, in small chunks as a socket would deliver them. */
export function streamOf(bytes: Buffer, chunkSize = 16 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    })(),
  );
}

/**
 * Rewrites the name field of the ustar header at `offset` with raw bytes and
 * fixes its checksum: the way to get a name that is not UTF-8, which the
 * library (rightly) never writes.
 */
export function patchName(tarball: Buffer, offset: number, name: Buffer): Buffer {
  const out = Buffer.from(tarball);
  out.fill(0, offset, offset + 100);
  name.copy(out, offset);
  out.fill(0x20, offset + 148, offset + 156);
  let sum = 0;
  for (let i = offset; i < offset + 512; i++) sum += out[i] ?? 0;
  out.write(`${sum.toString(8).padStart(6, '0')}\0 `, offset + 148, 'latin1');
  return out;
}

/** Files of a small site, by path. */
export function site(files: Record<string, string | Buffer>): { path: string; bytes: Buffer }[] {
  return Object.entries(files).map(([path, content]) => ({ path, bytes: Buffer.from(content) }));
}
