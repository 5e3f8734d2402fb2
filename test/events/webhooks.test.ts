import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { verifyWebhook } from '../../packages/client/src/index.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

interface Attempt {
  id: string;
  eventId: string;
  attempt: number;
  status: string;
  httpStatus?: number;
  durationMs: number;
  error?: string;
}

describeEachEngine('events and webhooks', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [1, 1, 1] } });
  });
  after(() => h.close());

  test('a pet created is an event in the same transaction, listed, and delivered signed as Standard Webhooks sign', async () => {
    const r = await receiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const added = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: r.url, events: ['pet.created'] },
      });
      assert.equal(added.statusCode, 201, added.body);
      const hook = added.json() as { id: string; secret: string; events: string[]; enabled: boolean };
      assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      assert.deepEqual(hook.events, ['pet.created']);
      r.useSecret(hook.secret);
      // The secret is shown once: neither the list nor the endpoint shows it again.
      const listed = await c.call({ url: `/api/v1/projects/${p.project}/webhooks` });
      assert.equal(listed.body.includes(hook.secret), false);

      const created = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, 'content-type': 'application/json' },
        payload: '{"name":"Rex","categoryId":9223372036854775807}',
      });
      assert.equal(created.statusCode, 201);
      const [got] = await r.waitFor(1);
      assert.ok(got?.verified, 'the standardwebhooks package verifies the delivery');
      assert.equal(got.verified.type, 'pet.created');
      assert.equal(got.verified.project, p.project);
      assert.match(got.body, /"categoryId":9223372036854775807/, 'int64 exact in the body');
      assert.equal(got.headers['webhook-id'], got.verified.id);
      // The client library's verifyWebhook accepts it too, with int64 as bigint.
      const event = await verifyWebhook(hook.secret, got.headers, got.body);
      assert.equal(event.data.categoryId, 9223372036854775807n);
      await assert.rejects(verifyWebhook(hook.secret, got.headers, got.body.replace('Rex', 'Rey')));

      const events = await c.call({ url: `/api/v1/projects/${p.project}/events?type=pet.created` });
      assert.equal(events.statusCode, 200);
      const list = events.json() as { id: string; type: string }[];
      assert.equal(list.length, 1);
      assert.equal(list[0]?.id, got.verified.id);

      const attempts = await eventually(async () => {
        const res = await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/deliveries` });
        const a = res.json() as Attempt[];
        return a.length > 0 ? a : undefined;
      });
      assert.equal(attempts[0]?.status, 'succeeded');
      assert.equal(attempts[0]?.httpStatus, 204);
      assert.equal(attempts[0]?.attempt, 1);

      // A test ping goes to this endpoint; a retry sends the delivery again with the same event id.
      const ping = await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/test` });
      assert.equal(ping.statusCode, 202);
      const [, pinged] = await r.waitFor(2);
      assert.equal(pinged?.verified?.type, 'ping');
      const retry = await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/deliveries/${attempts[0]?.id ?? ''}/retry` });
      assert.equal(retry.statusCode, 202);
      const [, , again] = await r.waitFor(3);
      assert.equal(again?.headers['webhook-id'], got.headers['webhook-id']);
      // Metrics: attempts by outcome, and the age of the oldest due delivery (none is waiting now).
      // (the attempt is counted once it is recorded, a moment after the receiver has it)
      const metrics = await eventually(async () => {
        const text = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
        const succeeded = Number(/^webhook_deliveries_total\{outcome="succeeded"\} (\d+)$/m.exec(text)?.[1] ?? 0);
        return succeeded >= 3 ? text : undefined;
      });
      assert.match(metrics, /^webhook_oldest_due_delivery_age_seconds 0$/m);
      // Pings are not events of the project.
      const all = (await c.call({ url: `/api/v1/projects/${p.project}/events` })).json() as { type: string }[];
      assert.deepEqual(
        all.map((e) => e.type),
        ['pet.created'],
      );
    } finally {
      await r.close();
    }
  });

  test('a delivery opens to the event as sent and each attempt with the start of the answer; the listing names the type and the state', async () => {
    const r = await receiver((_req, res, received) => {
      res.statusCode = received.length === 1 ? 500 : 200;
      res.setHeader('content-type', 'text/plain');
      res.end(received.length === 1 ? `busy\tnow\n${'x'.repeat(10_000)}` : 'thanks');
    });
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const hook = (
        await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url: r.url, events: ['pet.created'] } })
      ).json() as { id: string };
      const created = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, 'content-type': 'application/json' },
        payload: '{"name":"Rex","categoryId":7}',
      });
      assert.equal(created.statusCode, 201);
      type Listed = Attempt & { eventType: string; deliveryState: string };
      const attempts = await eventually(async () => {
        const res = await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/deliveries` });
        const a = res.json() as Listed[];
        return a.length === 2 ? a : undefined;
      });
      assert.deepEqual(
        attempts.map((a) => [a.eventType, a.deliveryState, a.status, a.httpStatus]),
        [
          ['pet.created', 'succeeded', 'succeeded', 200],
          ['pet.created', 'succeeded', 'failed', 500],
        ],
      );

      const res = await c.call({ url: `/api/v1/projects/${p.project}/deliveries/${attempts[0]?.id ?? ''}` });
      assert.equal(res.statusCode, 200, res.body);
      const d = res.json() as {
        id: string;
        webhookId: string;
        state: string;
        event: { id: string; type: string; project: string; data: { name: string } };
        attempts: { attempt: number; status: string; httpStatus?: number; responseBody?: string }[];
      };
      assert.deepEqual([d.id, d.webhookId, d.state], [attempts[0]?.id, hook.id, 'succeeded']);
      assert.deepEqual(
        [d.event.id, d.event.type, d.event.project, d.event.data.name],
        [attempts[0]?.eventId, 'pet.created', p.project, 'Rex'],
      );
      assert.equal(JSON.stringify(d.event), r.received[0]?.body, 'the payload is the body that was sent');
      assert.deepEqual(
        d.attempts.map((a) => [a.attempt, a.status, a.httpStatus]),
        [
          [2, 'succeeded', 200],
          [1, 'failed', 500],
        ],
      );
      assert.equal(d.attempts[0]?.responseBody, 'thanks');
      const first = d.attempts[1]?.responseBody ?? '';
      assert.ok(first.startsWith('busy\tnow\nxxx'), 'newlines and tabs are kept');
      assert.equal(Buffer.byteLength(first), 4096, 'bounded to the bytes read');

      const other = await h.newProject();
      const o = await memberOf(h.app, other.project);
      assert.equal((await o.call({ url: `/api/v1/projects/${other.project}/deliveries/${d.id}` })).statusCode, 404);
      assert.equal((await c.call({ url: `/api/v1/projects/${p.project}/deliveries/dlv_999999` })).statusCode, 404);
      assert.equal((await c.call({ url: `/api/v1/projects/${p.project}/deliveries/evt_1` })).statusCode, 400);
    } finally {
      await r.close();
    }
  });

  test("a test event and a manual retry are each recorded in the project's audit log, with the person who asked", async () => {
    const r = await receiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const hook = (
        await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url: r.url, events: ['pet.created'] } })
      ).json() as { id: string };
      const ping = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/test`,
        remoteAddress: '203.0.113.9',
      });
      assert.equal(ping.statusCode, 202, ping.body);
      const { eventId } = ping.json() as { eventId: string };
      const [attempt] = await eventually(async () => {
        const a = (await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/deliveries` })).json() as Attempt[];
        return a.length > 0 ? a : undefined;
      });
      const deliveryId = attempt?.id ?? '';
      const retry = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/deliveries/${deliveryId}/retry`,
        remoteAddress: '203.0.113.9',
      });
      assert.equal(retry.statusCode, 202, retry.body);
      await r.waitFor(2);

      const res = await c.call({ url: `/api/v1/projects/${p.project}/audit` });
      assert.equal(res.statusCode, 200, res.body);
      const entries = (res.json() as { action: string; target: string; actor: { type: string; email?: string }; ip?: string }[]).filter(
        (e) => e.action === 'webhook.test' || e.action === 'webhook.retry',
      );
      assert.deepEqual(
        entries.map((e) => [e.action, e.target, e.actor.type, e.ip]),
        [
          ['webhook.retry', deliveryId, 'user', '203.0.113.9'],
          ['webhook.test', `${hook.id} ${eventId}`, 'user', '203.0.113.9'],
        ],
      );
      assert.equal(entries[0]?.actor.email, entries[1]?.actor.email);
      assert.match(entries[0]?.actor.email ?? '', /^hooks-.*@example\.test$/);
      // A retry of a delivery the project does not have is recorded nowhere.
      assert.equal((await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/deliveries/dlv_999999/retry` })).statusCode, 404);
      const after = (await c.call({ url: `/api/v1/projects/${p.project}/audit` })).json() as { action: string }[];
      assert.equal(after.filter((e) => e.action === 'webhook.retry').length, 1);
    } finally {
      await r.close();
    }
  });

  test('events page newest first with cursors; a cursor of another filter is refused', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    for (let i = 0; i < 5; i++) {
      await h.request({ method: 'POST', url: '/v1/pets', headers: p.auth, payload: { name: `p${String(i)}`, categoryId: 1 } });
    }
    const first = await c.call({ url: `/api/v1/projects/${p.project}/events?limit=2` });
    const page1 = first.json() as { data: { name: string } }[];
    assert.deepEqual(
      page1.map((e) => e.data.name),
      ['p4', 'p3'],
    );
    const link = String(first.headers.link);
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    assert.ok(next);
    const page2 = (await c.call({ url: next })).json() as { data: { name: string } }[];
    assert.deepEqual(
      page2.map((e) => e.data.name),
      ['p2', 'p1'],
    );
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') ?? '';
    const foreign = await c.call({ url: `/api/v1/projects/${p.project}/events?type=deploy.ready&cursor=${cursor}` });
    assert.equal(foreign.statusCode, 400);
  });

  test('bad input gets a 4xx with the Error body', async () => {
    const p = await h.newProject();
    const other = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const o = await memberOf(h.app, other.project);
    const add = (client: typeof c, slug: string, payload: unknown) =>
      client.call({ method: 'POST', url: `/api/v1/projects/${slug}/webhooks`, payload: payload as object });
    for (const payload of [
      { url: 'not a url', events: ['pet.created'] },
      { url: `https://example.test/${'a'.repeat(10_240)}`, events: ['pet.created'] },
      { url: 'https://example.test/hook', events: ['pet.exploded'] },
      { url: 'https://example.test/hook', events: [] },
      { url: 'ftp://example.test/hook', events: ['*'] },
      { url: 'https://example.test/hook' },
      { url: 'https://example.test/hook', events: ['*'], secret: 'mine' },
    ]) {
      const res = await add(c, p.project, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 100));
      const body = res.json() as { code: string; status: number; message: string };
      assert.equal(body.status, 400);
      assert.ok(body.code && body.message);
    }
    const theirs = (await add(o, other.project, { url: 'https://example.test/hook', events: ['*'] })).json() as { id: string };
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const res = await c.call({
        method,
        url: `/api/v1/projects/${p.project}/webhooks/${theirs.id}${suffix}`,
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      assert.equal(res.statusCode, 404, `${method} ${suffix}`);
    }
    // Nor through their slug: the person is not a member of the other project.
    assert.equal((await c.call({ url: `/api/v1/projects/${other.project}/webhooks/${theirs.id}` })).statusCode, 404);
    assert.equal((await c.call({ url: `/api/v1/projects/${p.project}/webhooks/wh_1` })).statusCode, 400);
    assert.equal((await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/deliveries/dlv_999999/retry` })).statusCode, 404);
    assert.equal((await c.call({ url: `/api/v1/projects/${p.project}/events?type=nope` })).statusCode, 400);
  });

  test('PATCH changes the events and pauses; DELETE removes', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const hook = (
      await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: 'https://example.test/h', events: ['*'], description: 'ops' },
      })
    ).json() as { id: string };
    const patched = await c.call({
      method: 'PATCH',
      url: `/api/v1/projects/${p.project}/webhooks/${hook.id}`,
      payload: { events: ['deploy.ready', 'deploy.failed'], enabled: false },
    });
    assert.equal(patched.statusCode, 200);
    const view = patched.json() as { events: string[]; enabled: boolean; disabledReason: string | null; description: string };
    assert.deepEqual(view.events, ['deploy.ready', 'deploy.failed']);
    assert.equal(view.enabled, false);
    assert.equal(view.description, 'ops');
    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}` })).statusCode, 200);
    assert.equal((await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}` })).statusCode, 404);
    // Each change is in the project's audit log.
    const audit = (await c.call({ url: `/api/v1/projects/${p.project}/audit` })).json() as { action: string; target: string }[];
    const actions = audit.filter((e) => e.action.startsWith('webhook.')).map((e) => `${e.action} ${e.target}`);
    assert.deepEqual(actions.sort(), [`webhook.add ${hook.id}`, `webhook.remove ${hook.id}`, `webhook.update ${hook.id}`]);
  });
});
