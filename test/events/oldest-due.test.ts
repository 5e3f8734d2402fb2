import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock } from '../../src/clock.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { memberOf } from '../helpers/webhooks.js';

describeEachEngine('the age of the oldest due webhook delivery', () => {
  const clock = manualClock(Date.UTC(2026, 10, 1));
  let h: Harness;
  before(async () => {
    // No worker: what is queued stays due.
    h = await harness({ clock, config: { webhookWorker: false, webhookAllowPrivate: true } });
  });
  after(() => h.close());

  const gauge = async () => {
    const text = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = /^webhook_oldest_due_delivery_age_seconds (\S+)$/m.exec(text)?.[1];
    assert.ok(value !== undefined, 'the gauge is exported');
    return Number(value);
  };

  test("is the oldest among enabled endpoints' due deliveries, each endpoint's earliest counting", async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const addEndpoint = async () => {
      const res = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: 'http://127.0.0.1:9/hook', events: ['pet.created'] },
      });
      assert.equal(res.statusCode, 201, res.body);
      return (res.json() as { id: string }).id;
    };
    const setEnabled = async (id: string, enabled: boolean) => {
      const res = await c.call({ method: 'PATCH', url: `/api/v1/projects/${p.project}/webhooks/${id}`, payload: { enabled } });
      assert.equal(res.statusCode, 200, res.body);
    };
    const createPet = async () => {
      const res = await h.request({ method: 'POST', url: '/v1/pets', headers: p.auth, payload: { name: 'Rex', categoryId: 1 } });
      assert.equal(res.statusCode, 201);
    };

    assert.equal(await gauge(), 0, 'nothing queued');
    const first = await addEndpoint();
    await createPet(); // due now for the first endpoint
    clock.advance(4000);
    await addEndpoint();
    await createPet(); // due 4 s later, for both endpoints
    clock.advance(6000);
    assert.equal(await gauge(), 10, "the first endpoint's earliest delivery, 10 s old");

    await setEnabled(first, false);
    assert.equal(await gauge(), 6, "a disabled endpoint's deliveries do not count: the second endpoint's, 6 s old");
    await setEnabled(first, true);
    assert.equal(await gauge(), 10);
  });
});
