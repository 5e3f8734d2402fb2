import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { DeployFile } from './collector.js';
import { isCompressible, mediaTypeOf } from './media-type.js';
import type { Manifest, ManifestEntry, StoredBlob } from '../storage/repository.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A deploy's file already hashed, its bytes read back on demand (from memory, or from where an upload set them aside). */
export interface HashedFile {
  path: string;
  size: number;
  hash: string;
  read(into?: Buffer): Promise<Buffer>;
}

/** One distinct content of a deploy. */
export interface DeployContent {
  size: number;
  type: string;
  /** Its bytes: those in memory, or read back into `into` (exactly `size` long) when given, else into a new buffer. */
  read(into?: Buffer): Promise<Buffer>;
}

export interface HashedDeploy {
  manifest: Manifest;
  /** Each distinct content once, by hash. */
  contents: Map<string, DeployContent>;
  totalBytes: number;
}

/** A file held in memory, hashed. */
export function hashed(file: DeployFile): HashedFile {
  const { path, bytes } = file;
  return { path, size: bytes.length, hash: sha256(bytes), read: () => Promise.resolve(bytes) };
}

/** Types every hashed file by its path; identical files share one content entry. */
export function manifestOf(files: readonly HashedFile[]): HashedDeploy {
  const manifest = new Map<string, ManifestEntry>();
  const contents = new Map<string, DeployContent>();
  let totalBytes = 0;
  for (const { path, size, hash, read } of files) {
    const type = mediaTypeOf(path);
    manifest.set(path, { hash, size, type });
    const known = contents.get(hash);
    // Identical bytes under several names are one blob, compressed if any of its names is a text type.
    if (!known || (!isCompressible(known.type) && isCompressible(type))) contents.set(hash, { size, type, read });
    totalBytes += size;
  }
  return { manifest, contents, totalBytes };
}

/** Hashes every file and types it by its path; identical files share one content entry. */
export function hashFiles(files: readonly DeployFile[]): HashedDeploy {
  return manifestOf(files.map(hashed));
}

/**
 * Brotli quality for a text of this size. Measured here on JavaScript: quality
 * 11 costs about 8 s per MiB, 10 about 3.4 s, 9 about 0.5 s, for outputs
 * within 2% (11 vs 10) and 8% (10 vs 9) of each other. 10 for the usual page,
 * script and stylesheet; 9 beyond, so a 50 MiB deploy stays within a minute.
 */
export function brotliQuality(size: number): number {
  return size <= 128 * 1024 ? 10 : 9;
}

/**
 * The blob stored for a content: text is compressed once here, with slow,
 * small settings, since every later request is served the result. A copy is
 * kept only when it is smaller than the original.
 */
export async function compressBlob(hash: string, bytes: Buffer, type: string): Promise<StoredBlob> {
  if (!isCompressible(type) || bytes.length === 0) return { hash, bytes, gzip: null, br: null };
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return { hash, bytes, gzip: gz.length < bytes.length ? gz : null, br: br.length < bytes.length ? br : null };
}
