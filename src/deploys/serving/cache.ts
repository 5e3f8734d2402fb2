import type { BlobReader, StoredBlob } from '../storage/repository.js';

/** The memory a cached blob takes: its original and compressed copies. */
export function blobCost(blob: StoredBlob): number {
  return blob.bytes.length + (blob.gzip?.length ?? 0) + (blob.br?.length ?? 0);
}

export interface BlobCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/**
 * Hot blobs in memory, least recently used evicted first, within a byte
 * budget. Blobs are named by their content hash, so a cached blob can never be
 * stale: a new deploy that changes a file names a new hash, and nothing needs
 * invalidating when it goes live.
 */
export class BlobCache implements BlobReader {
  // A Map iterates in insertion order; re-inserting on each hit keeps the least recently used first.
  private readonly entries = new Map<string, StoredBlob>();
  private readonly loading = new Map<string, Promise<StoredBlob | null>>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  /**
   * @param source where missing blobs are read from
   * @param budget bytes the cache may hold
   * @param maxEntryBytes larger blobs are served without being cached, so one big file cannot empty the cache
   */
  constructor(
    private readonly source: BlobReader,
    private readonly budget: number,
    private readonly maxEntryBytes = Math.floor(budget / 8),
  ) {}

  cached(hash: string): StoredBlob | undefined {
    const cached = this.entries.get(hash);
    if (cached) {
      this.hits++;
      this.entries.delete(hash);
      this.entries.set(hash, cached);
    }
    return cached;
  }

  async read(hash: string): Promise<StoredBlob | null> {
    const cached = this.cached(hash);
    if (cached) return cached;
    this.misses++;
    // Concurrent misses for one blob share a single read from storage.
    let pending = this.loading.get(hash);
    if (!pending) {
      pending = this.source.read(hash).then(
        (blob) => {
          this.loading.delete(hash);
          if (blob) this.remember(blob);
          return blob;
        },
        (err: unknown) => {
          this.loading.delete(hash);
          throw err;
        },
      );
      this.loading.set(hash, pending);
    }
    return pending;
  }

  stats(): BlobCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  private remember(blob: StoredBlob): void {
    const cost = blobCost(blob);
    if (cost > this.maxEntryBytes || cost > this.budget || this.entries.has(blob.hash)) return;
    for (const [hash, old] of this.entries) {
      if (this.bytes + cost <= this.budget) break;
      this.entries.delete(hash);
      this.bytes -= blobCost(old);
    }
    this.entries.set(blob.hash, blob);
    this.bytes += cost;
  }
}
