import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { BlobCache, blobCost } from '../../src/deploys/serving/cache.js';
import type { BlobReader, StoredBlob } from '../../src/deploys/storage/repository.js';

function blob(hash: string, size: number, gzip = 0): StoredBlob {
  return { hash, bytes: Buffer.alloc(size, hash), gzip: gzip ? Buffer.alloc(gzip) : null, br: null };
}

/** A blob source that counts its reads. */
function source(blobs: StoredBlob[]): BlobReader & { reads: string[] } {
  const byHash = new Map(blobs.map((b) => [b.hash, b]));
  const reads: string[] = [];
  return {
    reads,
    async read(hash) {
      reads.push(hash);
      await new Promise((resolve) => setImmediate(resolve));
      return byHash.get(hash) ?? null;
    },
  };
}

describe('blob cache', () => {
  test('a cached blob is read from storage once', async () => {
    const src = source([blob('a', 100)]);
    const cache = new BlobCache(src, 1000);
    assert.equal((await cache.read('a'))?.bytes.length, 100);
    assert.equal((await cache.read('a'))?.bytes.length, 100);
    assert.deepEqual(src.reads, ['a']);
    assert.deepEqual(cache.stats(), { entries: 1, bytes: 100, hits: 1, misses: 1 });
  });

  test('stays within its byte budget (original plus compressed copies), evicting the least recently used', async () => {
    const src = source([blob('a', 100, 50), blob('b', 100, 50), blob('c', 100, 50)]);
    const cache = new BlobCache(src, 300, 300);
    assert.equal(blobCost(blob('a', 100, 50)), 150);
    await cache.read('a');
    await cache.read('b');
    await cache.read('a'); // a is now the most recently used
    await cache.read('c'); // evicts b
    assert.equal(cache.stats().bytes, 300);
    await cache.read('a');
    await cache.read('b');
    assert.deepEqual(src.reads, ['a', 'b', 'c', 'b']);
    assert.ok(cache.stats().bytes <= 300);
  });

  test('a blob larger than the per-entry bound is served but not cached', async () => {
    const src = source([blob('big', 500), blob('small', 10)]);
    const cache = new BlobCache(src, 1000, 200);
    await cache.read('small');
    assert.equal((await cache.read('big'))?.bytes.length, 500);
    await cache.read('big');
    assert.deepEqual(src.reads, ['small', 'big', 'big']);
    assert.deepEqual(cache.stats().entries, 1);
  });

  test('concurrent misses for one blob share one read; an unknown hash is null and not remembered', async () => {
    const src = source([blob('a', 10)]);
    const cache = new BlobCache(src, 1000);
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.read('a')));
    assert.ok(results.every((r) => r?.hash === 'a'));
    assert.deepEqual(src.reads, ['a']);
    assert.equal(await cache.read('zz'), null);
    assert.equal(await cache.read('zz'), null);
    assert.deepEqual(src.reads, ['a', 'zz', 'zz']);
  });

  test('a failed read is not cached: the next read tries again', async () => {
    let fail = true;
    const cache = new BlobCache(
      {
        async read(hash) {
          if (fail) throw new Error('storage down');
          return blob(hash, 1);
        },
      },
      100,
    );
    await assert.rejects(cache.read('a'), /storage down/);
    fail = false;
    assert.equal((await cache.read('a'))?.hash, 'a');
  });
});
