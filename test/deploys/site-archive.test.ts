import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_DEPLOY_MAX_FILES } from '../../src/deploys/upload/collector.js';
import { listSite, siteArchive, UnreadableFolder, type PackProgress } from '../../src/deploys/site-archive.js';
import { leaveOutFor } from '../../src/deploys/site-files.js';
import { readArchive, readDirectory } from '../../src/deploys/upload/upload.js';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-archive-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const LIMITS = { maxBytes: 50 * 1024 * 1024, maxFiles: DEFAULT_DEPLOY_MAX_FILES };

/** The paths a deploy of the folder holds, through the archive (remote) and straight from disk (local). */
async function bothWays(dir: string) {
  const leaveOut = await leaveOutFor(dir);
  const progress: PackProgress[] = [];
  const archive = siteArchive(dir, await listSite(dir, leaveOut), (p) => progress.push(p));
  const remote = await readArchive(Readable.fromWeb(archive as import('node:stream/web').ReadableStream), LIMITS);
  const local = await readDirectory(dir, LIMITS, leaveOut);
  return { remote, local, progress };
}

const paths = (r: Awaited<ReturnType<typeof readDirectory>>) => (r.ok ? r.files.map((f) => f.path).sort() : r.reason);

test('.petstoreignore (gitignore syntax) is honoured, and .git and node_modules are always left out, nested ones too', async () => {
  const dir = folder({
    'index.html': '<h1>home</h1>',
    'about.html': 'about',
    'notes.md': 'private notes',
    'drafts/a.html': 'draft',
    'drafts/keep.html': 'kept by a negation',
    'assets/app.js': 'js',
    'assets/app.js.map': 'map',
    '.git/HEAD': 'ref: refs/heads/main',
    'vendor/lib/.git/config': '[core]',
    'vendor/lib/lib.js': 'lib',
    'node_modules/x/index.js': 'x',
    'assets/node_modules/y.js': 'y',
    '.petstoreignore': '# comments and blank lines are fine\n\n*.md\ndrafts/*\n!drafts/keep.html\n*.map\n',
  });
  const { remote, local, progress } = await bothWays(dir);
  const expected = ['about.html', 'assets/app.js', 'drafts/keep.html', 'index.html', 'vendor/lib/lib.js'];
  assert.deepEqual(paths(remote), expected);
  assert.deepEqual(paths(local), expected, 'a local deploy leaves out the same files');
  const last = progress.at(-1);
  assert.deepEqual([last?.files, last?.totalFiles], [5, 5]);
  assert.equal(last?.bytes, last?.totalBytes);
});

test('a link inside the folder is refused as a local deploy refuses it (invalid_path); a missing folder is unreadable', async () => {
  const dir = folder({ 'index.html': 'x' });
  symlinkSync('/etc/passwd', join(dir, 'passwd'));
  const { remote, local } = await bothWays(dir);
  assert.deepEqual([remote.ok, !remote.ok && remote.reason], [false, 'invalid_path']);
  assert.deepEqual([local.ok, !local.ok && local.reason], [false, 'invalid_path']);
  await assert.rejects(
    listSite(join(dir, 'missing'), () => false),
    UnreadableFolder,
  );
});
