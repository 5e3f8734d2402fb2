import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sha256 } from '../../src/deploys/upload/manifest.js';
import type { StoredBlob } from '../../src/deploys/storage/repository.js';
import { applyRetention, type DeployView } from '../../src/deploys/service.js';
import { BLOB_GRACE_MS, KEEP_DEPLOYS_MS } from '../../src/deploys/storage/storage-policy.js';
import { DomainError } from '../../src/errors/domain-error.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { site } from '../helpers/deploys.js';
import { OPERATOR } from '../../src/audit/actor.js';

const MB = 1024 * 1024;
const DAY = 24 * 3600_000;
/** 40 MB in 8 files of 5 MB, distinct for each `n`. */
const files = (n: number) =>
  Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`${String(n)}-${String(i)}.bin`, Buffer.alloc(5 * MB, n * 10 + i)]));

describeEachEngine('deploy storage: quota per plan, retention, garbage collection, per-project deduplication', () => {
  const clock = manualClock(Date.UTC(2026, 10, 24, 12));
  let h: Harness;
  before(async () => {
    h = await harness({ clock, config: { deployMaxBytes: 50 * MB } });
  });
  after(() => h.close());

  const projectId = async (slug: string) => ok(await h.app.projects.find(slug)).id;
  const deploy = async (slug: string, files: Record<string, string | Buffer>) =>
    h.app.deploys.deploy(OPERATOR, slug, { files: site({ 'index.html': '<h1>hi</h1>', ...files }) });

  test('a Free project stops at 100 MB: 413 storage_quota_exceeded, nothing stored; contents it already holds do not count twice', async () => {
    const { project } = await h.newProject('free');
    const id = await projectId(project);
    // Filled buffers: large, yet quick to compress; 5 MB each, so one write stays well within PostgreSQL's statement timeout.
    ok(await deploy(project, files(1)));
    ok(await deploy(project, files(2)));
    const used = await h.app.deploys.repository.storageUsed(id);
    assert.ok(used > 80 * MB && used < 81 * MB, String(used));
    const over = await deploy(project, files(3));
    assert.ok(over instanceof DomainError);
    assert.equal(over.code, 'storage_quota_exceeded');
    assert.equal(await h.app.deploys.repository.read(sha256(Buffer.alloc(5 * MB, 30))), null, 'nothing was stored');
    assert.equal(await h.app.deploys.repository.storageUsed(id), used);
    assert.equal(ok(await h.app.deploys.list(project)).length, 2, 'and nothing recorded');
    // The same contents again (a rollback by re-upload) add nothing.
    const again = await deploy(project, { ...files(1), ...files(2) });
    assert.ok(!(again instanceof DomainError), 'contents it holds already do not count again');
    const { project: pro } = await h.newProject('pro');
    ok(await deploy(pro, files(3)));
  });

  test('retention keeps the live deploy, the newest 20 ready ones and anything younger than 30 days; GC removes the contents left', async () => {
    const { project } = await h.newProject('pro');
    const id = await projectId(project);
    const made: DeployView[] = [];
    for (let i = 0; i < 25; i++) made.push(ok(await deploy(project, { 'v.txt': `version ${String(i)}` })));
    const failed = ok(await h.app.deploys.deploy(OPERATOR, project, { files: site({ 'nope.txt': 'no index' }) }));
    assert.equal(failed.status, 'failed');
    const first = made[0] as DeployView;
    ok(await h.app.deploys.promote(OPERATOR, project, first.id));
    assert.equal(ok(await h.app.deploys.list(project)).length, 26, 'nothing is older than 30 days yet');

    clock.advance(KEEP_DEPLOYS_MS + DAY);
    await applyRetention(h.app.deploys.repository, id, clock.now());
    const kept = ok(await h.app.deploys.list(project));
    const keptIds = new Set(kept.map((d) => d.id));
    assert.equal(kept.length, 21, 'live + newest 20 ready');
    assert.ok(keptIds.has(first.id), 'the live deploy is kept however old');
    for (const d of made.slice(5)) assert.ok(keptIds.has(d.id), `newest 20: ${d.id}`);
    for (const d of made.slice(1, 5)) assert.ok(!keptIds.has(d.id), `older: ${d.id} removed`);
    assert.ok(!keptIds.has(failed.id), 'an old failed deploy is removed');
    for (let i = 1; i < 5; i++) {
      assert.equal(
        await h.app.deploys.repository.read(sha256(Buffer.from(`version ${String(i)}`))),
        null,
        `contents of v${String(i)} collected`,
      );
    }
    assert.ok(await h.app.deploys.repository.read(sha256(Buffer.from('version 0'))), 'the live contents stay');
    assert.ok(await h.app.deploys.repository.read(sha256(Buffer.from('version 24'))));
  });

  test('GC spares contents an upload in progress has stored or marked, until the grace period has passed', async () => {
    const repo = h.app.deploys.repository;
    const bytes = randomBytes(64);
    const blob: StoredBlob = { hash: sha256(bytes), bytes, gzip: null, br: null };
    await repo.putBlobs([blob], new Date(clock.now()));
    await repo.collectGarbage(new Date(clock.now() - BLOB_GRACE_MS));
    assert.ok(await repo.read(blob.hash), 'stored by an upload whose deploy is not recorded yet: kept');
    clock.advance(BLOB_GRACE_MS - 1000);
    // Another upload names the same content: marked again, so it stays past the first upload's grace.
    assert.deepEqual(await repo.missingBlobs([blob.hash], new Date(clock.now())), []);
    clock.advance(2000);
    await repo.collectGarbage(new Date(clock.now() - BLOB_GRACE_MS));
    assert.ok(await repo.read(blob.hash), 'marked by a later upload: kept');
    clock.advance(BLOB_GRACE_MS);
    await repo.collectGarbage(new Date(clock.now() - BLOB_GRACE_MS));
    assert.equal(await repo.read(blob.hash), null, 'named by no deploy and unmarked for the grace period: collected');
  });

  test("contents another project holds are compressed and written as if new; only a project's own are skipped", async () => {
    const { project: a } = await h.newProject('pro');
    const { project: b } = await h.newProject('pro');
    const content = randomBytes(4 * MB);
    const repo = h.app.deploys.repository;
    const written: string[] = [];
    const put = repo.putBlobs.bind(repo);
    repo.putBlobs = async (blobs, seenAt) => {
      written.push(...blobs.map((x) => x.hash));
      return put(blobs, seenAt);
    };
    try {
      ok(await deploy(a, { 'big.bin': content }));
      written.length = 0;
      ok(await deploy(b, { 'big.bin': content }));
      assert.ok(written.includes(sha256(content)), "B's upload did the work though A holds the content");
      written.length = 0;
      ok(await deploy(b, { 'big.bin': content, 'other.txt': 'x' }));
      assert.ok(!written.includes(sha256(content)), "B's own content is not written again");
    } finally {
      repo.putBlobs = put;
    }
  });
});
