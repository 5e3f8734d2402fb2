import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressBlob, hashFiles } from '../../src/deploys/upload/manifest.js';
import { isCompressible, mediaTypeOf } from '../../src/deploys/upload/media-type.js';
import { site } from '../helpers/deploys.js';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

describe('deploy manifest', () => {
  test('each path gets its SHA-256, size and media type; identical files share one content', () => {
    const { manifest, contents, totalBytes } = hashFiles(
      site({ 'index.html': '<h1>hi</h1>', 'copy.html': '<h1>hi</h1>', 'app.js': 'let a = 1;', 'logo.png': Buffer.from([0x89, 0x50]) }),
    );
    assert.deepEqual(manifest.get('index.html'), { hash: sha('<h1>hi</h1>'), size: 11, type: 'text/html; charset=utf-8' });
    assert.equal(manifest.get('copy.html')?.hash, manifest.get('index.html')?.hash);
    assert.equal(manifest.get('app.js')?.type, 'text/javascript; charset=utf-8');
    assert.equal(manifest.get('logo.png')?.type, 'image/png');
    assert.equal(contents.size, 3);
    assert.equal(totalBytes, 11 + 11 + 10 + 2);
  });

  test('bytes shared by a binary and a text name are kept as compressible text', () => {
    const { contents } = hashFiles(site({ 'blob.bin': 'same text', 'notes.txt': 'same text' }));
    assert.equal(contents.size, 1);
    assert.equal([...contents.values()][0]?.type, 'text/plain; charset=utf-8');
  });

  test('media types come from the extension only; unknown ones are application/octet-stream', () => {
    assert.equal(mediaTypeOf('data.json'), 'application/json; charset=utf-8');
    assert.equal(mediaTypeOf('style.CSS'), 'text/css; charset=utf-8');
    assert.equal(mediaTypeOf('icon.svg'), 'image/svg+xml');
    assert.equal(mediaTypeOf('font.woff2'), 'font/woff2');
    assert.equal(mediaTypeOf('json'), 'application/octet-stream');
    assert.equal(mediaTypeOf('about'), 'application/octet-stream');
    assert.equal(mediaTypeOf('.htaccess'), 'application/octet-stream');
    assert.equal(mediaTypeOf('file.unknownext'), 'application/octet-stream');
  });

  test('text types are compressible; images, woff2 and archives are not', () => {
    for (const t of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/json',
      'image/svg+xml',
      'application/manifest+json',
    ]) {
      assert.ok(isCompressible(t), t);
    }
    for (const t of ['image/png', 'image/jpeg', 'font/woff2', 'application/zip', 'application/octet-stream', 'video/mp4']) {
      assert.ok(!isCompressible(t), t);
    }
  });

  test('text is stored with gzip and brotli copies that decompress to the original', async () => {
    const html = Buffer.from('<p>Pets for sale</p>\n'.repeat(500));
    const blob = await compressBlob(sha(html), html, 'text/html; charset=utf-8');
    assert.ok(blob.gzip && blob.br);
    assert.ok(blob.gzip.length < html.length / 10 && blob.br.length < blob.gzip.length);
    assert.deepEqual(gunzipSync(blob.gzip), html);
    assert.deepEqual(brotliDecompressSync(blob.br), html);
  });

  test('a copy is kept only when smaller; binary types are not compressed at all', async () => {
    const tiny = Buffer.from('a');
    assert.deepEqual(await compressBlob(sha(tiny), tiny, 'text/plain'), { hash: sha(tiny), bytes: tiny, gzip: null, br: null });
    const zeros = Buffer.alloc(10_000);
    const png = await compressBlob(sha(zeros), zeros, 'image/png');
    assert.equal(png.gzip, null);
    assert.equal(png.br, null);
    const empty = Buffer.alloc(0);
    assert.equal((await compressBlob(sha(empty), empty, 'text/html')).gzip, null);
  });
});
