import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

describeEachEngine('order events', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [1] } });
  });
  after(() => h.close());

  test('order.placed, order.approved, order.delivered, order.cancelled and pet.status_changed come from the order flow', async () => {
    const r = await receiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const hook = (
        await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url: r.url, events: ['*'] } })
      ).json() as { secret: string };
      r.useSecret(hook.secret);
      const pet = async (name: string) =>
        (await h.request({ method: 'POST', url: '/v1/pets', headers: p.auth, payload: { name, categoryId: 1 } })).json() as { id: number };
      const order = async (petId: number) =>
        (await h.request({ method: 'POST', url: '/v1/store/orders', headers: p.auth, payload: { petId } })).json() as { id: number };
      const first = await order((await pet('A')).id);
      for (const status of ['approved', 'delivered']) {
        const res = await h.request({ method: 'PATCH', url: `/v1/store/orders/${String(first.id)}`, headers: p.auth, payload: { status } });
        assert.equal(res.statusCode, 200, res.body);
      }
      const second = await order((await pet('B')).id);
      assert.equal((await h.request({ method: 'DELETE', url: `/v1/store/orders/${String(second.id)}`, headers: p.auth })).statusCode, 200);
      const types = await eventually(async () => {
        const t = r.received.map((x) => x.verified?.type as string);
        return t.filter((x) => x !== 'pet.created').length >= 9 ? t : undefined;
      });
      for (const type of ['order.placed', 'order.approved', 'order.delivered', 'order.cancelled', 'pet.status_changed']) {
        assert.ok(types.includes(type), `${type} delivered (got ${types.join(', ')})`);
      }
      const moves = r.received
        .filter((x) => x.verified?.type === 'pet.status_changed')
        .map((x) => {
          const d = x.verified?.data as { from: string; to: string };
          return `${d.from}→${d.to}`;
        })
        .sort();
      assert.deepEqual(moves, ['available→pending', 'available→pending', 'pending→available', 'pending→sold']);
      assert.ok(r.received.every((x) => x.verified !== null));
    } finally {
      await r.close();
    }
  });
});
