import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock } from '../../src/clock.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { memberOf } from '../helpers/webhooks.js';

const DAY_MS = 24 * 3600_000;

describeEachEngine('events are kept 30 days', () => {
  const clock = manualClock(Date.UTC(2026, 10, 1));
  let h: Harness;
  before(async () => {
    h = await harness({ clock, config: { webhookWorker: false } });
  });
  after(() => h.close());

  test('an event older than 30 days is no longer listed, and the purge removes it while a newer one stays', async () => {
    const p = await h.newProject();
    const create = (name: string) => h.request({ method: 'POST', url: '/v1/pets', headers: p.auth, payload: { name, categoryId: 1 } });
    assert.equal((await create('old')).statusCode, 201);
    const listed = async () => {
      const c = await memberOf(h.app, p.project);
      const res = await c.call({ url: `/api/v1/projects/${p.project}/events` });
      assert.equal(res.statusCode, 200);
      return (res.json() as { type: string; data: { name: string } }[]).map((e) => e.data.name);
    };
    assert.deepEqual(await listed(), ['old']);

    clock.advance(29 * DAY_MS);
    assert.equal((await create('new')).statusCode, 201);
    assert.deepEqual(await listed(), ['new', 'old'], 'both younger than 30 days');

    clock.advance(2 * DAY_MS);
    assert.deepEqual(await listed(), ['new'], 'the 31-day-old event is not listed any more');
    assert.equal(await h.app.webhooks.service.purgeExpired(), 1, 'the purge removes exactly the expired event');
    assert.deepEqual(await listed(), ['new']);
  });
});
