import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manualClock } from '../../src/clock.js';
import { DEFAULT_UPLOAD_LIMITS } from '../../src/deploys/upload/collector.js';
import { MemoryDeployRepository } from '../../src/deploys/storage/memory.js';
import type { StoredBlob } from '../../src/deploys/storage/repository.js';
import { serveSite } from '../../src/deploys/serving/serve.js';
import {
  createDeploy,
  listDeploys,
  promoteDeploy,
  type CreateDeployResult,
  type DeployDeps,
  type DeploySource,
} from '../../src/deploys/service.js';
import { site, streamOf, tarGz } from '../helpers/deploys.js';

/** A memory repository that records which blobs it was asked to store. */
class RecordingRepository extends MemoryDeployRepository {
  stored: string[] = [];
  override async putBlobs(blobs: readonly StoredBlob[]): Promise<void> {
    this.stored.push(...blobs.map((b) => b.hash));
    return super.putBlobs(blobs);
  }
}

function setup() {
  const repository = new RecordingRepository();
  const clock = manualClock(Date.UTC(2026, 10, 23, 12));
  const deps: DeployDeps = { repository, limits: { ...DEFAULT_UPLOAD_LIMITS, maxFiles: 5 }, clock };
  const shop = { id: 1, slug: 'shop' };
  const deploy = async (source: DeploySource, project = shop) => recorded(await createDeploy(deps, project, source));
  const home = async (projectId = 1) =>
    (await serveSite(await repository.liveSite(projectId), repository, { method: 'GET', url: '/', headers: {} })).body?.toString();
  return { repository, clock, deps, shop, deploy, home };
}

function recorded(result: CreateDeployResult) {
  assert.equal(result.kind, 'recorded', result.kind === 'unreadable' ? result.message : '');
  if (result.kind !== 'recorded') throw new Error('unreachable');
  return result.deploy;
}

describe('deploy service', () => {
  test('a valid deploy is ready and live, with its file count and size', async () => {
    const { deploy, home, clock } = setup();
    const d = await deploy({ files: site({ 'index.html': 'v1', 'a.css': 'body{}' }) });
    assert.deepEqual(d, {
      id: d.id,
      number: 1,
      project: 'shop',
      status: 'ready',
      files: 2,
      bytes: 8,
      createdAt: new Date(clock.now()),
      live: true,
    });
    assert.equal(await home(), 'v1');
  });

  test('every validation failure is recorded with its reason, and never changes what is served', async () => {
    const { deploy, home, deps, shop } = setup();
    await deploy({ files: site({ 'index.html': 'good' }) });
    const failures: [DeploySource, string][] = [
      [{ files: site({ 'about.html': 'x' }) }, 'missing_index'],
      [{ files: site({ 'index.html': 'x', '../evil': 'x' }) }, 'invalid_path'],
      [{ files: site(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [i ? `${i}.html` : 'index.html', 'x']))) }, 'too_many_files'],
      [{ archive: streamOf(Buffer.from('not an archive')) }, 'invalid_archive'],
      [
        {
          archive: streamOf(
            await tarGz([
              { name: 'index.html', content: 'x' },
              { name: 'l', type: 'symlink', linkname: '/' },
            ]),
          ),
        },
        'invalid_path',
      ],
    ];
    for (const [source, reason] of failures) {
      const d = await deploy(source);
      assert.equal(d.status, 'failed');
      assert.equal(d.reason, reason);
      assert.ok(d.message && d.message.length > 0);
      assert.equal(d.live, false);
      assert.equal(await home(), 'good');
    }
    const tooLarge = await createDeploy({ ...deps, limits: { maxBytes: 3, maxFiles: 5 } }, shop, { files: site({ 'index.html': 'four' }) });
    assert.equal(tooLarge.kind === 'recorded' && tooLarge.deploy.reason, 'too_large');
    assert.equal(await home(), 'good');
    const history = await listDeploys(deps, shop);
    assert.equal(history.length, 7);
    assert.deepEqual(
      history.map((h) => h.reason ?? h.status),
      ['too_large', 'invalid_path', 'invalid_archive', 'too_many_files', 'invalid_path', 'missing_index', 'ready'],
    );
    assert.deepEqual(
      history.map((h) => h.live),
      [false, false, false, false, false, false, true],
    );
  });

  test('a failed first deploy leaves the project unpublished', async () => {
    const { deploy, repository } = setup();
    assert.equal((await deploy({ files: site({ 'a.html': 'x' }) })).status, 'failed');
    assert.equal(await repository.liveSite(1), null);
  });

  test('deploys from a directory and from a .tar.gz stream', async () => {
    const { deploy, home } = setup();
    const dir = mkdtempSync(join(tmpdir(), 'petstore-service-'));
    try {
      writeFileSync(join(dir, 'index.html'), 'from a directory');
      assert.equal((await deploy({ directory: dir })).status, 'ready');
      assert.equal(await home(), 'from a directory');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.equal((await deploy({ archive: streamOf(await tarGz([{ name: 'index.html', content: 'from an archive' }])) })).status, 'ready');
    assert.equal(await home(), 'from an archive');
  });

  test("an archive's files wait in one temporary file, removed after the deploy, ready or failed; each stored blob has its own bytes", async () => {
    // A repository that keeps the blobs a moment after it is called, as one over the network does: the bytes
    // it is handed must stay as they were until the call resolves, whatever comes after.
    class SlowRepository extends MemoryDeployRepository {
      override async putBlobs(blobs: readonly StoredBlob[], seenAt?: Date): Promise<void> {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return super.putBlobs(blobs, seenAt);
      }
    }
    const repository = new SlowRepository();
    const deps: DeployDeps = { repository, limits: DEFAULT_UPLOAD_LIMITS, clock: manualClock(Date.UTC(2026, 10, 23, 12)) };
    const shop = { id: 1, slug: 'shop' };
    // Batches of two 700 KB files, then one larger than a batch, then small text files.
    const files: Record<string, Buffer> = { 'index.html': Buffer.from('<h1>many</h1>') };
    for (let i = 0; i < 9; i++) files[`part-${String(i)}.bin`] = randomBytes(700_000);
    files['big.bin'] = randomBytes(3 * 1024 * 1024);
    for (let i = 0; i < 5; i++) files[`page-${String(i)}.html`] = Buffer.from(`<p>${'page '.repeat(2000)}${String(i)}</p>`);
    const spoolDir = mkdtempSync(join(tmpdir(), 'petstore-spool-'));
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = spoolDir;
    try {
      const archive = await tarGz(Object.entries(files).map(([name, content]) => ({ name, content })));
      const d = recorded(await createDeploy(deps, shop, { archive: streamOf(archive) }));
      assert.equal(d.status, 'ready');
      assert.deepEqual(readdirSync(spoolDir), []);
      const site = await repository.liveSite(1);
      for (const [path, content] of Object.entries(files)) {
        const answer = await serveSite(site, repository, { method: 'GET', url: `/${path}`, headers: {} });
        assert.ok(answer.body?.equals(content), path);
      }
      const refused = recorded(await createDeploy(deps, shop, { archive: streamOf(await tarGz([{ name: 'a.html', content: 'x' }])) }));
      assert.equal(refused.reason, 'missing_index');
      assert.deepEqual(readdirSync(spoolDir), []);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      rmSync(spoolDir, { recursive: true, force: true });
    }
  });

  test('an upload that cannot be set aside (no temporary folder) is an error of the server, not a refused deploy', async () => {
    const { deps, shop } = setup();
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = '/nonexistent/petstore/tmp';
    try {
      await assert.rejects(
        createDeploy(deps, shop, { archive: streamOf(await tarGz([{ name: 'index.html', content: 'x' }])) }),
        /cannot set an upload aside/,
      );
      assert.deepEqual(await listDeploys(deps, shop), []);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
  });

  test('an unreadable source records nothing', async () => {
    const { deps, shop } = setup();
    const result = await createDeploy(deps, shop, { directory: '/nonexistent/petstore/site' });
    assert.equal(result.kind, 'unreadable');
    assert.deepEqual(await listDeploys(deps, shop), []);
  });

  test('the newest ready deploy goes live; promote makes an earlier one live again (a rollback)', async () => {
    const { deploy, home, deps, shop } = setup();
    const v1 = await deploy({ files: site({ 'index.html': 'v1' }) });
    const v2 = await deploy({ files: site({ 'index.html': 'v2' }) });
    assert.equal(await home(), 'v2');
    const promoted = await promoteDeploy(deps, shop, v1.id);
    assert.equal(promoted.kind, 'promoted');
    assert.equal(promoted.kind === 'promoted' && promoted.deploy.live, true);
    assert.equal(await home(), 'v1');
    assert.deepEqual(
      (await listDeploys(deps, shop)).map((d) => [d.id, d.live]),
      [
        [v2.id, false],
        [v1.id, true],
      ],
    );
    const v3 = await deploy({ files: site({ 'index.html': 'v3' }) });
    assert.equal(v3.live, true);
    assert.equal(await home(), 'v3');
  });

  test('promote refuses a failed deploy and a deploy of another project', async () => {
    const { deploy, home, deps, shop } = setup();
    const other = { id: 2, slug: 'other' };
    await deploy({ files: site({ 'index.html': 'shop' }) });
    const failed = await deploy({ files: site({ 'nope.html': 'x' }) });
    const theirs = await deploy({ files: site({ 'index.html': 'theirs' }) }, other);
    assert.equal((await promoteDeploy(deps, shop, failed.id)).kind, 'not_ready');
    assert.equal((await promoteDeploy(deps, shop, theirs.id)).kind, 'not_found');
    assert.equal((await promoteDeploy(deps, shop, '999')).kind, 'not_found');
    assert.equal(await home(1), 'shop');
    assert.equal(await home(2), 'theirs');
  });

  test('identical files are stored once, across files and across deploys', async () => {
    const { deploy, repository } = setup();
    const css = 'body { color: rebeccapurple }'.repeat(50);
    await deploy({ files: site({ 'index.html': 'v1', 'a.css': css, 'b.css': css }) });
    assert.equal(repository.stored.length, 2);
    repository.stored = [];
    await deploy({ files: site({ 'index.html': 'v2', 'a.css': css }) });
    assert.equal(repository.stored.length, 1, 'only the new index.html is compressed and stored');
    const blob = await repository.read(repository.stored[0] ?? '');
    assert.equal(blob?.bytes.toString(), 'v2');
  });
});
