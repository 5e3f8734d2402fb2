import assert from 'node:assert/strict';
import { DomainError } from '../../src/errors/domain-error.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { after, before, test } from 'node:test';
import { installTracing, noTracing } from '../../src/telemetry/tracing.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { RecordingTracing } from '../helpers/recording-tracing.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

describeEachEngine('webhook delivery spans', () => {
  const tracing = new RecordingTracing();
  let h: Harness;
  before(async () => {
    installTracing(tracing);
    h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [1, 1, 1] } });
  });
  after(async () => {
    await h.close();
    installTracing(noTracing);
  });

  test('each attempt is a span in its own trace, linked to the span active when its event was recorded', async () => {
    const r = await receiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const added = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: `${r.url}/hook?token=s3cret`, events: ['pet.created'] },
      });
      assert.equal(added.statusCode, 201, added.body);
      const hook = added.json() as { id: string; secret: string };
      r.useSecret(hook.secret);

      const created = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, 'content-type': 'application/json' },
        payload: '{"name":"Rex","categoryId":1}',
      });
      assert.equal(created.statusCode, 201, created.body);
      const request = tracing.serverSpanOf(created);
      await r.waitFor(1);

      const delivery = await eventually(async () => tracing.named('webhook pet.created').find((s) => s.ended), 15_000, 'the attempt span');
      assert.equal(delivery.parentId, null, 'a root span');
      assert.notEqual(delivery.traceId, request.traceId, 'in a trace of its own');
      assert.deepEqual(delivery.links, [RecordingTracing.traceparentOf(request)]);
      assert.equal(delivery.kind, 'client');
      assert.equal(delivery.failed, undefined);
      assert.equal(delivery.attributes['petstore.event.type'], 'pet.created');
      assert.match(String(delivery.attributes['petstore.event.id']), /^evt_/);
      assert.equal(typeof delivery.attributes['petstore.webhook.endpoint_id'], 'number');
      assert.equal(delivery.attributes['petstore.webhook.attempt'], 1);
      assert.equal(delivery.attributes['http.response.status_code'], 204);
      assert.equal(delivery.attributes['petstore.webhook.outcome'], 'succeeded');
      assert.equal(delivery.attributes['server.address'], '127.0.0.1');
      assert.ok(!JSON.stringify(delivery).includes('s3cret'), 'nothing of the URL but its host');
      assert.ok(!JSON.stringify(delivery).includes(hook.secret), 'not the signing secret');
    } finally {
      await r.close();
    }
  });

  test("an order placed in a span: both of its events' deliveries link to that span", async () => {
    const r = await receiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const added = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: r.url, events: ['order.placed', 'pet.status_changed'] },
      });
      assert.equal(added.statusCode, 201, added.body);
      r.useSecret((added.json() as { secret: string }).secret);
      const headers = { ...p.auth, 'content-type': 'application/json' };
      const pet = await h.request({ method: 'POST', url: '/v1/pets', headers, payload: '{"name":"Ord","categoryId":1}' });
      assert.equal(pet.statusCode, 201, pet.body);
      const petId = (pet.json() as { id: number }).id;
      const placed = await h.request({ method: 'POST', url: '/v1/store/orders', headers, payload: JSON.stringify({ petId }) });
      assert.equal(placed.statusCode, 201, placed.body);
      const request = tracing.serverSpanOf(placed);
      assert.ok(request);
      await r.waitFor(2);
      for (const type of ['order.placed', 'pet.status_changed']) {
        const delivery = await eventually(async () => tracing.named(`webhook ${type}`).find((s) => s.ended), 15_000, type);
        assert.deepEqual(delivery.links, [RecordingTracing.traceparentOf(request)], type);
      }
    } finally {
      await r.close();
    }
  });

  test("a ping asked for by a request links to that request's span; one queued outside any span (the operator's CLI) has no link", async () => {
    const r = await receiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const added = await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url: r.url, events: ['*'] } });
      assert.equal(added.statusCode, 201, added.body);
      const endpoint = added.json() as { id: string; secret: string };
      r.useSecret(endpoint.secret);
      const ping = await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks/${endpoint.id}/test` });
      assert.equal(ping.statusCode, 202);
      const asked = tracing.serverSpanOf(ping);
      await r.waitFor(1);
      const linked = await eventually(async () => tracing.named('webhook ping').find((s) => s.ended), 15_000, 'the ping span');
      assert.deepEqual(linked.links, [RecordingTracing.traceparentOf(asked)]);
      assert.equal(linked.parentId, null);
      // The worker it woke claims, leases and records detached: none of that joins the request's trace.
      const afterwards = tracing.spans.filter((s) => s.traceId === asked.traceId && s.attributes['db.system'] !== undefined);
      assert.deepEqual(
        afterwards.filter((s) => /webhook_attempts|UPDATE webhook_deliveries/.test(s.name)).map((s) => s.name),
        [],
        JSON.stringify(afterwards.map((s) => s.name)),
      );

      const project = await h.app.projects.find(p.project);
      assert.ok(!(project instanceof DomainError) && project);
      const queued = await h.app.webhooks.service.test(OPERATOR, project, endpoint.id);
      assert.ok(!(queued instanceof DomainError), 'queued');
      await r.waitFor(2);
      const alone = await eventually(
        async () => tracing.named('webhook ping').find((s) => s.ended && s !== linked),
        15_000,
        'the second ping span',
      );
      assert.deepEqual(alone.links, []);
      assert.equal(alone.parentId, null);
    } finally {
      await r.close();
    }
  });
});
