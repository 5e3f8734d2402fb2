import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { DeployRepository, Manifest, NewDeploy, StoredBlob } from '../../src/deploys/storage/repository.js';

const hashOf = (s: string) => createHash('sha256').update(s).digest('hex');

function blob(content: string, compressed = false): StoredBlob {
  return {
    hash: hashOf(content),
    bytes: Buffer.from(content),
    gzip: compressed ? Buffer.from(`gz:${content}`) : null,
    br: compressed ? Buffer.from(`br:${content}`) : null,
  };
}

function manifestOf(files: Record<string, string>): Manifest {
  return new Map(
    Object.entries(files).map(([path, content]) => [path, { hash: hashOf(content), size: content.length, type: 'text/html' }]),
  );
}

let clock = Date.UTC(2026, 10, 23);

function ready(projectId: number, files: Record<string, string>): NewDeploy {
  return {
    projectId,
    status: 'ready',
    reason: null,
    message: null,
    fileCount: Object.keys(files).length,
    totalBytes: Object.values(files).reduce((n, c) => n + c.length, 0),
    createdAt: new Date((clock += 1000)),
    manifest: manifestOf(files),
  };
}

function failed(projectId: number): NewDeploy {
  return {
    projectId,
    status: 'failed',
    reason: 'missing_index',
    message: 'there is no index.html',
    fileCount: 0,
    totalBytes: 0,
    createdAt: new Date((clock += 1000)),
    manifest: null,
  };
}

/** Puts the blobs of these files and records a ready deploy of them. */
async function deployFiles(repo: DeployRepository, projectId: number, files: Record<string, string>) {
  await repo.putBlobs(Object.values(files).map((c) => blob(c)));
  return repo.createDeploy(ready(projectId, files));
}

/**
 * The behaviour every DeployRepository implementation must have, as tests.
 * `open` gives a repository on empty storage and the ids of two projects in it.
 */
export function deployRepositoryContract(
  open: () => Promise<{ repo: DeployRepository; projects: [number, number]; close(): Promise<void> }>,
): void {
  const withRepo = (fn: (repo: DeployRepository, projects: [number, number]) => Promise<void>) => async () => {
    const { repo, projects, close } = await open();
    try {
      await fn(repo, projects);
    } finally {
      await close();
    }
  };

  test(
    'blobs: stored once by hash, with their compressed copies; an existing blob is kept as it is',
    withRepo(async (repo) => {
      const a = blob('<p>a</p>', true);
      assert.deepEqual(await repo.missingBlobs([a.hash, a.hash, hashOf('b')]), [a.hash, hashOf('b')]);
      await repo.putBlobs([a]);
      await repo.putBlobs([{ ...a, gzip: null, br: null }]);
      assert.deepEqual(await repo.read(a.hash), a);
      assert.deepEqual(await repo.missingBlobs([a.hash, hashOf('b')]), [hashOf('b')]);
      assert.equal(await repo.read(hashOf('b')), null);
      const empty = blob('');
      await repo.putBlobs([empty]);
      assert.deepEqual(await repo.read(empty.hash), empty);
    }),
  );

  test(
    'a ready deploy goes live with its manifest; a failed one is recorded and changes nothing',
    withRepo(async (repo, [p]) => {
      assert.equal(await repo.liveSite(p), null);
      const files = { 'index.html': 'v1', 'a/b.html': 'b' };
      const d1 = await deployFiles(repo, p, files);
      assert.equal(typeof d1.id, 'string');
      assert.equal(d1.status, 'ready');
      assert.equal(d1.live, true);
      const live = await repo.liveSite(p);
      assert.equal(live?.deployId, d1.id);
      assert.deepEqual(live?.manifest.get('a/b.html'), { hash: hashOf('b'), size: 1, type: 'text/html' });
      assert.equal(live?.manifest.get('missing.html'), undefined);
      assert.deepEqual(await repo.manifest(d1.id), manifestOf(files));

      const bad = await repo.createDeploy(failed(p));
      assert.deepEqual(
        { status: bad.status, reason: bad.reason, message: bad.message, live: bad.live },
        { status: 'failed', reason: 'missing_index', message: 'there is no index.html', live: false },
      );
      assert.equal(await repo.manifest(bad.id), null);
      assert.equal((await repo.liveSite(p))?.deployId, d1.id);
    }),
  );

  test(
    'history newest first with the live one marked; promote is scoped to the project and refuses failed deploys',
    withRepo(async (repo, [p, q]) => {
      const d1 = await deployFiles(repo, p, { 'index.html': 'v1' });
      const d2 = await deployFiles(repo, p, { 'index.html': 'v2' });
      const bad = await repo.createDeploy(failed(p));
      const other = await deployFiles(repo, q, { 'index.html': 'other' });
      assert.deepEqual(
        (await repo.list(p)).map((d) => [d.id, d.status, d.live]),
        [
          [bad.id, 'failed', false],
          [d2.id, 'ready', true],
          [d1.id, 'ready', false],
        ],
      );
      const listed = (await repo.list(p)).find((d) => d.id === d1.id);
      assert.deepEqual(listed, { ...d1, live: false });

      assert.equal(await repo.promote(p, d1.id), 'promoted');
      assert.equal((await repo.liveSite(p))?.deployId, d1.id);
      assert.equal((await repo.findDeploy(p, d1.id))?.live, true);
      assert.equal((await repo.findDeploy(p, d2.id))?.live, false);
      assert.equal(await repo.promote(p, d1.id), 'promoted', 'promoting the live deploy is harmless');

      assert.equal(await repo.promote(p, bad.id), 'not_ready');
      assert.equal(await repo.promote(p, other.id), 'not_found');
      assert.equal(await repo.findDeploy(p, other.id), null);
      assert.equal(await repo.promote(p, '999999'), 'not_found');
      assert.equal((await repo.liveSite(p))?.deployId, d1.id);
      assert.equal((await repo.liveSite(q))?.deployId, other.id);

      const d3 = await deployFiles(repo, p, { 'index.html': 'v3' });
      assert.equal((await repo.liveSite(p))?.deployId, d3.id, 'a new ready deploy goes live after a rollback');

      const live = await repo.liveDeploys([p, q, 999_999]);
      assert.deepEqual(
        live,
        new Map([
          [p, { id: d3.id, number: d3.number, createdAt: d3.createdAt }],
          [q, { id: other.id, number: other.number, createdAt: other.createdAt }],
        ]),
        'one read gives each project its live deploy; a project without one is absent',
      );
      assert.deepEqual(await repo.liveDeploys([]), new Map());
    }),
  );

  test(
    'the switch is atomic: readers during a series of deploys never see files of two deploys',
    withRepo(async (repo, [p]) => {
      const version = (v: number) => ({ 'index.html': `index v${v}`, 'about.html': `about v${v}`, 'a/c.css': `css v${v}` });
      await deployFiles(repo, p, version(0));
      let deploying = true;
      const seen = new Set<string>();
      const reader = async () => {
        while (deploying) {
          const site = await repo.liveSite(p);
          assert.ok(site);
          const contents = await Promise.all(
            ['index.html', 'about.html', 'a/c.css'].map(async (path) => {
              const entry = site.manifest.get(path);
              assert.ok(entry, path);
              return (await repo.read(entry.hash))?.bytes.toString() ?? '';
            }),
          );
          const versions = new Set(contents.map((c) => c.split(' v')[1]));
          assert.equal(versions.size, 1, `one response mixed deploys: ${contents.join(', ')}`);
          seen.add([...versions][0] ?? '');
          // Requests arrive as I/O events; a reader that never yields to the event loop would starve
          // writers that commit on a later turn (SQLite's group commit).
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const readers = Array.from({ length: 4 }, reader);
      for (let v = 1; v <= 20; v++) await deployFiles(repo, p, version(v));
      deploying = false;
      await Promise.all(readers);
      assert.ok(seen.size >= 1);
      assert.equal((await repo.liveSite(p))?.manifest.get('index.html')?.hash, hashOf('index v20'));
    }),
  );

  test(
    'deploys are numbered per project, 1, 2, 3… (failed ones too), beside ids shared by all projects; a number finds its deploy',
    withRepo(async (repo, [p, q]) => {
      const p1 = await deployFiles(repo, p, { 'index.html': 'p1' });
      const q1 = await deployFiles(repo, q, { 'index.html': 'q1' });
      const p2 = await repo.createDeploy(failed(p));
      const p3 = await deployFiles(repo, p, { 'index.html': 'p3' });
      const q2 = await deployFiles(repo, q, { 'index.html': 'q2' });
      assert.deepEqual(
        [p1, p2, p3, q1, q2].map((d) => d.number),
        [1, 2, 3, 1, 2],
      );
      assert.deepEqual(
        (await repo.list(p)).map((d) => [d.number, d.id]),
        [p3, p2, p1].map((d) => [d.number, d.id]),
      );
      assert.equal((await repo.findDeploy(q, q2.id))?.number, 2);
      assert.equal(await repo.numbered(p, 3), p3.id);
      assert.equal(await repo.numbered(q, 1), q1.id);
      assert.equal(await repo.numbered(p, 4), null);
      assert.equal(await repo.numbered(p, Number.MAX_SAFE_INTEGER + 2), null);
      assert.equal(repo.numberedNow?.(q, 2) ?? q2.id, q2.id);
    }),
  );
}
