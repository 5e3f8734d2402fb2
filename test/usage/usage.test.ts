import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../src/app.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { refuseWrites } from '../helpers/refused-writes.js';
import { OPERATOR } from '../../src/audit/actor.js';

interface Usage {
  quota: { perMinute: number; perDay: number };
  perMinute: { start: string; requests: number }[];
  perDay: { start: string; requests: number }[];
}

const total = (buckets: { requests: number }[]) => buckets.reduce((n, b) => n + b.requests, 0);

describeEachEngine('usage recording', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('usage counts match the requests sent, within one flush interval (10 s), beside the quota; keys show their last use', async () => {
    const p = await h.newProject('pro');
    const member = await createPerson(h.app, `usage-${randomBytes(4).toString('hex')}@example.test`);
    ok(await h.app.accounts.addMember(OPERATOR, p.project, member.email));
    const c = await ManagementClient.on(h.app);
    await c.signIn(member.email, member.password);

    const empty = (await c.call({ url: `/api/v1/projects/${p.project}/usage` })).json() as Usage;
    assert.equal(empty.perMinute.length, 60);
    assert.equal(empty.perDay.length, 30);
    assert.equal(total(empty.perMinute), 0);
    assert.deepEqual(empty.quota, { perMinute: 300, perDay: 10_000 });
    const keysBefore = (await c.call({ url: `/api/v1/projects/${p.project}/keys` })).json() as { lastUsedAt: string | null }[];
    assert.equal(keysBefore[0]?.lastUsedAt, null);

    // Every answer counts: 200s, 404s, 400s. Requests without a valid key count for no project.
    const sent = 37;
    for (let i = 0; i < sent; i++) {
      const url = i % 3 === 0 ? '/v1/pets/999999' : i % 5 === 0 ? '/v1/pets?limit=0' : '/v1/pets';
      await h.request({ method: 'GET', url, headers: p.auth });
    }
    await h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: 'Bearer psk_unknown' } });
    await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth });

    const start = Date.now();
    let usage: Usage | undefined;
    while (Date.now() - start < 12_000) {
      usage = (await c.call({ url: `/api/v1/projects/${p.project}/usage` })).json() as Usage;
      if (total(usage.perMinute) >= sent) break;
      await sleep(250);
    }
    assert.ok(usage);
    assert.equal(total(usage.perMinute), sent, `flushed within ${String(Date.now() - start)} ms`);
    assert.equal(total(usage.perDay), sent);
    assert.equal(usage.perDay.at(-1)?.requests, sent, 'today is the last day');
    assert.ok(Date.now() - start <= 11_000, `the counts arrived within one flush interval (${String(Date.now() - start)} ms)`);
    // The key's last use is written by the same flush, after the counts it may be read beside: its end is awaited.
    let keys: { lastUsedAt: string | null }[] = [];
    while (Date.now() - start < 12_000) {
      keys = (await c.call({ url: `/api/v1/projects/${p.project}/keys` })).json() as { lastUsedAt: string | null }[];
      if (keys[0]?.lastUsedAt) break;
      await sleep(100);
    }
    assert.ok(keys[0]?.lastUsedAt, 'the key shows its last use');
  });

  test('a flush that fails adds no count, and the next one adds each count once', async () => {
    const p = await h.newProject();
    for (let i = 0; i < 5; i++) assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: p.auth })).statusCode, 200);
    // While refused, a write to the day buckets fails after the same flush has written its minute buckets.
    const allow = await refuseWrites(h.storage.database, 'usage_days', 'INSERT');
    try {
      await assert.rejects(h.app.usage.recorder.flush());
      const report = ok(await h.app.usage.service.report(p.project));
      assert.deepEqual([total(report.perMinute), total(report.perDay)], [0, 0], 'no minute counted without its day');
    } finally {
      await allow();
    }
    await h.app.usage.recorder.flush();
    const report = ok(await h.app.usage.service.report(p.project));
    assert.deepEqual([total(report.perMinute), total(report.perDay)], [5, 5]);
  });

  test('an instance that stops writes the counts it still holds', async () => {
    const p = await h.newProject();
    const other = await buildApp({ config: h.app.config, storage: h.storage });
    for (let i = 0; i < 4; i++) {
      const res = await other.inject({ method: 'GET', url: '/v1/pets', headers: p.auth });
      assert.equal(res.statusCode, 200);
    }
    await other.close();
    const report = ok(await h.app.usage.service.report(p.project));
    assert.equal(total(report.perMinute), 4);
  });

  test('USAGE_RECORDING=false (for measuring its cost): requests are answered and not counted', async () => {
    const p = await h.newProject();
    const other = await buildApp({ config: { ...h.app.config, usageRecording: false }, storage: h.storage });
    for (let i = 0; i < 3; i++) {
      const res = await other.inject({ method: 'GET', url: '/v1/pets', headers: p.auth });
      assert.equal(res.statusCode, 200);
    }
    await other.close();
    const report = ok(await h.app.usage.service.report(p.project));
    assert.equal(total(report.perMinute), 0);
  });
});
