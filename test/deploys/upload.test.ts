import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { constants, createGzip, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits, type UploadResult } from '../../src/deploys/upload/collector.js';
import { readArchive, readDirectory, validateFiles } from '../../src/deploys/upload/upload.js';
import { patchName, site, streamOf, tarBytes, tarGz, type TestEntry } from '../helpers/deploys.js';

const small: UploadLimits = { maxBytes: 1000, maxFiles: 3 };
const index = { name: 'index.html', content: '<h1>hi</h1>' };

async function fromArchive(entries: TestEntry[], limits = DEFAULT_UPLOAD_LIMITS): Promise<UploadResult> {
  return readArchive(streamOf(await tarGz(entries)), limits);
}

function refused(result: UploadResult, reason: string, message?: RegExp): void {
  assert.equal(result.ok, false, 'the upload should be refused');
  if (result.ok) return;
  assert.equal(result.reason, reason, result.message);
  if (message) assert.match(result.message, message);
}

function paths(result: UploadResult): string[] {
  assert.ok(result.ok, result.ok ? '' : `${result.reason}: ${result.message}`);
  return result.files.map((f) => f.path).sort();
}

/** The 512-byte tar header tar-stream writes for a file of this size. */
async function headerBlock(name: string, size: number): Promise<Buffer> {
  const pack = tar.pack();
  pack.entry({ name, size });
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    if (Buffer.concat(chunks).length >= 512) break;
  }
  return Buffer.concat(chunks).subarray(0, 512);
}

/**
 * A .tar.gz of files full of zeros, produced only as fast as it is read, with
 * a count of the tar bytes produced: shows how much a refused upload made the
 * server read.
 */
function zeroArchive(files: { name: string; size: number }[]): { stream: Readable; produced: () => number } {
  let produced = 0;
  const chunk = Buffer.alloc(64 * 1024);
  const tarStream = Readable.from(
    (async function* () {
      for (const file of files) {
        yield await headerBlock(file.name, file.size);
        for (let left = file.size; left > 0; left -= chunk.length) {
          const part = chunk.subarray(0, Math.min(left, chunk.length));
          produced += part.length;
          yield part;
        }
        yield Buffer.alloc((512 - (file.size % 512)) % 512);
      }
      yield Buffer.alloc(1024);
    })(),
  );
  return { stream: tarStream.pipe(createGzip({ level: constants.Z_BEST_SPEED })), produced: () => produced };
}

describe('deploy upload: .tar.gz archives', () => {
  test('reads files and folders, with or without a leading ./, long names included', async () => {
    const long = `${'d'.repeat(120)}/${'f'.repeat(150)}.css`;
    const result = await fromArchive([
      { name: './', type: 'directory' },
      { name: './index.html', content: '<h1>home</h1>' },
      { name: 'a/', type: 'directory' },
      { name: 'a/index.html', content: 'a' },
      { name: long, content: 'x' },
      { name: 'empty.txt', content: '' },
      { name: 'été.html', content: 'utf-8 names are fine' },
    ]);
    assert.deepEqual(paths(result), ['a/index.html', long, 'empty.txt', 'index.html', 'été.html'].sort());
    assert.ok(result.ok);
    assert.equal(result.files.find((f) => f.path === 'index.html')?.bytes.toString(), '<h1>home</h1>');
  });

  test('missing_index: no index.html at the root, with a hint when the folder itself was packed', async () => {
    refused(await fromArchive([{ name: 'about.html', content: 'x' }]), 'missing_index');
    refused(await fromArchive([{ name: 'site/index.html', content: 'x' }]), 'missing_index', /found site\/index\.html/);
    refused(await fromArchive([]), 'missing_index');
  });

  test('too_many_files: one file over the limit', async () => {
    const files = [index, { name: 'a', content: '1' }, { name: 'b', content: '2' }];
    assert.equal(paths(await fromArchive(files, small)).length, 3);
    refused(await fromArchive([...files, { name: 'c', content: '3' }], small), 'too_many_files', /more than 3 files/);
  });

  test('too_many_files also bounds entries that are not files (folders)', async () => {
    const dirs = Array.from({ length: 7 }, (_, i) => ({ name: `d${i}/`, type: 'directory' as const }));
    refused(await fromArchive([index, ...dirs], small), 'too_many_files', /entries/);
  });

  test('too_large: one byte over the limit, counted over all files', async () => {
    const exact = [index, { name: 'big.bin', content: Buffer.alloc(1000 - index.content.length) }];
    assert.equal(paths(await fromArchive(exact, small)).length, 2);
    refused(await fromArchive([index, { name: 'big.bin', content: Buffer.alloc(1000 - index.content.length + 1) }], small), 'too_large');
  });

  test('a 60 MiB file is refused from its header, without reading its content', async () => {
    const bomb = zeroArchive([
      { name: 'index.html', size: 10 },
      { name: 'zeros.bin', size: 60 * 1024 * 1024 },
    ]);
    refused(await readArchive(bomb.stream, DEFAULT_UPLOAD_LIMITS), 'too_large', /52428800 bytes/);
    assert.ok(bomb.produced() < 8 * 1024 * 1024, `produced ${bomb.produced()} bytes`);
  });

  test('200 files of 1 MiB are refused at the first file over 50 MiB, the rest unread', async () => {
    const files = [{ name: 'index.html', size: 10 }, ...Array.from({ length: 200 }, (_, i) => ({ name: `f${i}.bin`, size: 1024 * 1024 }))];
    const bomb = zeroArchive(files);
    refused(await readArchive(bomb.stream, DEFAULT_UPLOAD_LIMITS), 'too_large');
    // Reading stops at the 51st file; what was produced beyond it is read-ahead in stream buffers. Node 22 and later
    // buffer 64 KiB per stream (16 KiB before), and zeros compress about 1000:1, so each buffer of compressed
    // read-ahead stands for tens of MiB of these files: measured 95 MiB produced on Node 24, of the 200 MiB there.
    assert.ok(bomb.produced() < 128 * 1024 * 1024, `produced ${bomb.produced()} bytes`);
  });

  test('an archive that unpacks far beyond its files (zero padding) is refused as too_large', async () => {
    const padded = Buffer.concat([await tarBytes([index]), Buffer.alloc(1024 * 1024)]);
    refused(await readArchive(streamOf(gzipSync(padded)), small), 'too_large');
  });

  for (const [name, why] of [
    ['/etc/passwd', /absolute/],
    ['../outside.html', /"\.\."/],
    ['a/../../outside.html', /"\.\."/],
    ['a/./b.html', /"\."/],
    ['a//b.html', /empty/],
    ['a\\b.html', /backslash/],
    ['tab\there.html', /control/],
    [`${'x'.repeat(256)}.html`, /segment is longer/],
  ] as const) {
    test(`invalid_path: ${JSON.stringify(name)}`, async () => {
      refused(await fromArchive([index, { name, content: 'x' }]), 'invalid_path', why);
    });
  }

  test('invalid_path: a NUL in a PAX path', async () => {
    refused(await fromArchive([index, { name: 'a.html', pax: { path: 'a\u0000b.html' }, content: 'x' }]), 'invalid_path', /control/);
  });

  test('invalid_path: symbolic links, hard links, devices and FIFOs', async () => {
    refused(await fromArchive([index, { name: 'link', type: 'symlink', linkname: '/etc/passwd' }]), 'invalid_path', /links/);
    refused(await fromArchive([index, { name: 'hard', type: 'link', linkname: 'index.html' }]), 'invalid_path', /links/);
    refused(await fromArchive([index, { name: 'tty', type: 'character-device', devmajor: 5, devminor: 0 }]), 'invalid_path', /only files/);
    refused(await fromArchive([index, { name: 'disk', type: 'block-device', devmajor: 8, devminor: 0 }]), 'invalid_path', /only files/);
    refused(await fromArchive([index, { name: 'pipe', type: 'fifo' }]), 'invalid_path', /only files/);
  });

  test('invalid_path: the same path twice, even spelled differently', async () => {
    refused(await fromArchive([index, { name: 'a.css', content: '1' }, { name: 'a.css', content: '2' }]), 'invalid_path', /twice/);
    refused(await fromArchive([index, { name: './index.html', content: '2' }]), 'invalid_path', /twice/);
  });

  test('invalid_path: a path that is both a file and a folder', async () => {
    refused(
      await fromArchive([index, { name: 'a', content: '1' }, { name: 'a/b', content: '2' }]),
      'invalid_path',
      /both a file and a folder/,
    );
    refused(await fromArchive([index, { name: 'a', content: '1' }, { name: 'a/', type: 'directory' }]), 'invalid_path', /both/);
  });

  test('invalid_path: a name that is not valid UTF-8', async () => {
    const tarball = await tarBytes([{ name: 'zz.html', content: 'x' }, index]);
    const patched = patchName(tarball, 0, Buffer.from([0x61, 0xff, 0xfe, 0x2e, 0x68]));
    refused(await readArchive(streamOf(gzipSync(patched)), DEFAULT_UPLOAD_LIMITS), 'invalid_path', /UTF-8/);
    // The same bytes spelled as UTF-8 are accepted: the check is on bytes, not on what latin1 would show.
    const fine = patchName(tarball, 0, Buffer.from('aÿ.h', 'utf8'));
    assert.deepEqual(paths(await readArchive(streamOf(gzipSync(fine)), DEFAULT_UPLOAD_LIMITS)), ['aÿ.h', 'index.html']);
  });

  test('invalid_archive: not gzip, gzip of something else, truncated, empty', async () => {
    const good = await tarGz([index, { name: 'a.css', content: 'body{}'.repeat(2000) }]);
    refused(await readArchive(streamOf(await tarBytes([index])), DEFAULT_UPLOAD_LIMITS), 'invalid_archive');
    refused(
      await readArchive(streamOf(gzipSync(Buffer.from('hello, this is not a tarball'.repeat(40)))), DEFAULT_UPLOAD_LIMITS),
      'invalid_archive',
    );
    refused(await readArchive(streamOf(good.subarray(0, Math.floor(good.length / 2))), DEFAULT_UPLOAD_LIMITS), 'invalid_archive');
    refused(await readArchive(streamOf(Buffer.alloc(0)), DEFAULT_UPLOAD_LIMITS), 'invalid_archive');
    const corrupt = Buffer.from(good);
    const middle = Math.floor(corrupt.length / 2);
    corrupt[middle] = (corrupt[middle] ?? 0) ^ 0xff;
    refused(await readArchive(streamOf(corrupt), DEFAULT_UPLOAD_LIMITS), 'invalid_archive');
  });

  test('a stream that fails (an aborted upload) is unreadable, not a deploy failure', async () => {
    const good = await tarGz([index]);
    const failing = new Readable({
      read() {
        this.push(good.subarray(0, 10));
        this.destroy(new Error('aborted'));
      },
    });
    refused(await readArchive(failing, DEFAULT_UPLOAD_LIMITS), 'unreadable', /aborted/);
    const cut = new Readable({
      read() {
        this.push(good.subarray(0, 10));
        this.destroy();
      },
    });
    refused(await readArchive(cut, DEFAULT_UPLOAD_LIMITS), 'unreadable', /premature close/i);
  });

  test('a refused upload leaves its source open and unread, so an HTTP request can still be answered', async () => {
    const bomb = zeroArchive([
      { name: 'index.html', size: 10 },
      { name: 'zeros.bin', size: 60 * 1024 * 1024 },
    ]);
    refused(await readArchive(bomb.stream, DEFAULT_UPLOAD_LIMITS), 'too_large');
    assert.equal(bomb.stream.destroyed, false);
    assert.equal(bomb.stream.readableFlowing, false);
    bomb.stream.destroy();
  });
});

describe('deploy upload: directories', () => {
  const dirs: string[] = [];
  const dir = (files: Record<string, string> = { 'index.html': 'home' }): string => {
    const root = mkdtempSync(join(tmpdir(), 'petstore-deploy-'));
    dirs.push(root);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return root;
  };
  test.after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('reads nested files with /-separated relative paths', async () => {
    const root = dir({ 'index.html': 'home', 'a/index.html': 'a', 'a/b/c.css': 'c', '.well-known/x.txt': 'x' });
    mkdirSync(join(root, 'empty'));
    assert.deepEqual(paths(await readDirectory(root, DEFAULT_UPLOAD_LIMITS)), [
      '.well-known/x.txt',
      'a/b/c.css',
      'a/index.html',
      'index.html',
    ]);
  });

  test('missing_index, too_many_files, too_large', async () => {
    refused(await readDirectory(dir({ 'about.html': 'x' }), DEFAULT_UPLOAD_LIMITS), 'missing_index');
    refused(await readDirectory(dir({ 'index.html': 'x', a: '1', b: '2', c: '3' }), small), 'too_many_files');
    refused(await readDirectory(dir({ 'index.html': 'x'.repeat(1001) }), small), 'too_large');
  });

  test('invalid_path: a symbolic link inside, even to a file inside', async () => {
    const root = dir();
    symlinkSync(join(root, 'index.html'), join(root, 'alias.html'));
    refused(await readDirectory(root, DEFAULT_UPLOAD_LIMITS), 'invalid_path', /links/);
    const outside = dir();
    symlinkSync('/etc', join(outside, 'etc'));
    refused(await readDirectory(outside, DEFAULT_UPLOAD_LIMITS), 'invalid_path', /links/);
  });

  test('invalid_path: a FIFO', async () => {
    const root = dir();
    execFileSync('mkfifo', [join(root, 'pipe')]);
    refused(await readDirectory(root, DEFAULT_UPLOAD_LIMITS), 'invalid_path', /only files/);
  });

  test('invalid_path: a file name that is not valid UTF-8', async () => {
    const root = dir();
    writeFileSync(Buffer.concat([Buffer.from(`${root}/bad-`), Buffer.from([0xff]), Buffer.from('.html')]), 'x');
    refused(await readDirectory(root, DEFAULT_UPLOAD_LIMITS), 'invalid_path', /UTF-8/);
  });

  test('the directory itself may be a link; a missing one is unreadable', async () => {
    const root = dir();
    const link = `${root}-link`;
    symlinkSync(root, link);
    dirs.push(link);
    assert.deepEqual(paths(await readDirectory(link, DEFAULT_UPLOAD_LIMITS)), ['index.html']);
    refused(await readDirectory(join(root, 'nope'), DEFAULT_UPLOAD_LIMITS), 'unreadable', /not a directory/);
    refused(await readDirectory(join(root, 'index.html'), DEFAULT_UPLOAD_LIMITS), 'unreadable');
  });
});

describe('deploy upload: files in memory', () => {
  test('follow the same rules', () => {
    assert.deepEqual(paths(validateFiles(site({ 'index.html': 'x', 'a/b.css': 'y' }), DEFAULT_UPLOAD_LIMITS)), ['a/b.css', 'index.html']);
    refused(validateFiles(site({ 'index.html': 'x', '../a': 'y' }), DEFAULT_UPLOAD_LIMITS), 'invalid_path');
    refused(validateFiles(site({ 'index.html': 'x'.repeat(1001) }), small), 'too_large');
    refused(validateFiles(site({ 'a.html': 'x' }), small), 'missing_index');
  });
});
