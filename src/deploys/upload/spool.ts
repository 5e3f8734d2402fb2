import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HashedFile } from './manifest.js';

/** The folder set aside for uploads could not be written (a full or read-only disk): a fault of the server, not of the upload. */
export class SpoolError extends Error {}

/**
 * Where an upload's files wait, on disk, between reading the archive and
 * storing the blobs: one file in the system's temporary folder, readable by
 * the server alone and removed when the upload is done. The upload is read
 * and checked whole before anything is stored (a refused one stores nothing),
 * without holding its files in memory.
 */
export class Spool {
  private end = 0;

  private constructor(
    private readonly dir: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(): Promise<Spool> {
    let dir: string | undefined;
    try {
      dir = await mkdtemp(join(tmpdir(), 'petstore-upload-'));
      return new Spool(dir, await open(join(dir, 'files'), 'wx+', 0o600));
    } catch (err) {
      if (dir) await rm(dir, { recursive: true, force: true });
      throw new SpoolError(`cannot set an upload aside in ${tmpdir()}: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Writes one file's bytes as they arrive and hashes them on the way. */
  async take(path: string, chunks: AsyncIterable<Buffer>): Promise<HashedFile> {
    const offset = this.end;
    const hash = createHash('sha256');
    for await (const chunk of chunks) {
      hash.update(chunk);
      try {
        for (let written = 0; written < chunk.length;) {
          written += (await this.handle.write(chunk, written, chunk.length - written, this.end + written)).bytesWritten;
        }
      } catch (err) {
        throw new SpoolError(`cannot set an upload aside in ${this.dir}: ${(err as Error).message}`, { cause: err });
      }
      this.end += chunk.length;
    }
    const size = this.end - offset;
    return { path, size, hash: hash.digest('hex'), read: (into) => this.read(offset, size, into) };
  }

  private async read(offset: number, size: number, into?: Buffer): Promise<Buffer> {
    const bytes = into?.length === size ? into : Buffer.allocUnsafe(size);
    for (let got = 0; got < size;) {
      const { bytesRead } = await this.handle.read(bytes, got, size - got, offset + got);
      if (bytesRead === 0) throw new SpoolError(`${this.dir}: the upload set aside is shorter than written`);
      got += bytesRead;
    }
    return bytes;
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}
