import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import type { ManagementClient } from '../helpers/management.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

type Receiver = Awaited<ReturnType<typeof receiver>>;

const PETS = 40;
/** Attempts to one endpoint in flight from one instance at most (the worker's default). */
const PER_ENDPOINT = 4;

const slow = (ms: number) =>
  receiver((_req, res) => {
    setTimeout(() => {
      res.statusCode = 204;
      res.end();
    }, ms);
  });

describeEachEngine('deleting or disabling a webhook endpoint withdraws its deliveries', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [1, 1, 1] } });
  });
  after(async () => {
    await h.close();
    for (const r of receivers) await r.close();
  });

  async function add(c: ManagementClient, project: string, r: Receiver) {
    receivers.push(r);
    const res = await c.call({ method: 'POST', url: `/api/v1/projects/${project}/webhooks`, payload: { url: r.url, events: ['*'] } });
    assert.equal(res.statusCode, 201, res.body);
    const hook = res.json() as { id: string; secret: string };
    r.useSecret(hook.secret);
    return hook;
  }

  const attempts = async (c: ManagementClient, project: string, id: string) =>
    (await c.call({ url: `/api/v1/projects/${project}/webhooks/${id}/deliveries` })).json() as { id: string; status: string }[];

  async function createPets(auth: { authorization: string }, n: number) {
    for (let i = 0; i < n; i++) {
      const res = await h.request({ method: 'POST', url: '/v1/pets', headers: auth, payload: { name: `pet ${String(i)}`, categoryId: 1 } });
      assert.equal(res.statusCode, 201);
    }
  }

  test('after DELETE answers, the endpoint gets only the attempts already under way; the other endpoint gets every event once, recorded', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const doomed = await slow(150);
    const other = await receiver();
    const gone = await add(c, p.project, doomed);
    const kept = await add(c, p.project, other);
    await createPets(p.auth, PETS);
    await doomed.waitFor(2);
    const del = await c.call({ method: 'DELETE', url: `/api/v1/projects/${p.project}/webhooks/${gone.id}` });
    assert.equal(del.statusCode, 200, del.body);
    const atDelete = doomed.received.length;
    await other.waitFor(PETS);
    // Every outcome of the endpoint kept is recorded (none thrown away with those of the deleted one).
    await eventually(
      async () => ((await attempts(c, p.project, kept.id)).length >= PETS ? true : undefined),
      5000,
      `the ${String(PETS)} attempts of the other endpoint recorded`,
    );
    await sleep(1500);
    const late = doomed.received.length - atDelete;
    assert.ok(late <= PER_ENDPOINT, `${String(late)} deliveries reached the deleted endpoint after DELETE answered`);
    assert.equal(other.received.length, PETS, 'no delivery to the other endpoint was sent twice');
    assert.equal(new Set(other.received.map((x) => x.headers['webhook-id'])).size, PETS);
    const kinds = (await attempts(c, p.project, kept.id)).map((a) => a.status);
    assert.deepEqual(new Set(kinds), new Set(['succeeded']));
  });

  test('after disabling, nothing new is sent; enabled again, what waited is sent, every event once', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const r = await slow(150);
    const hook = await add(c, p.project, r);
    await createPets(p.auth, PETS);
    await r.waitFor(2);
    const off = await c.call({ method: 'PATCH', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}`, payload: { enabled: false } });
    assert.equal(off.statusCode, 200, off.body);
    const atDisable = r.received.length;
    await sleep(2000);
    const late = r.received.length - atDisable;
    assert.ok(late <= PER_ENDPOINT, `${String(late)} deliveries reached the disabled endpoint after PATCH answered`);
    assert.ok(r.received.length < PETS, 'deliveries were held back');
    const on = await c.call({ method: 'PATCH', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}`, payload: { enabled: true } });
    assert.equal(on.statusCode, 200, on.body);
    await r.waitFor(PETS, 20_000);
    await sleep(1000);
    assert.equal(new Set(r.received.map((x) => x.headers['webhook-id'])).size, PETS);
    assert.equal(r.received.length, PETS, 'no delivery was sent twice');
  });

  test("a receiver's answer that cannot be stored as it is (a NUL) does not throw away other endpoints' outcomes", async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const odd = await receiver((_req, res) => {
      res.statusCode = 400;
      res.end('bad\u0000request\u001b[2J');
    });
    const fine = await receiver();
    const oddHook = await add(c, p.project, odd);
    const fineHook = await add(c, p.project, fine);
    await createPets(p.auth, 5);
    await fine.waitFor(5);
    const recorded = await eventually(
      async () => {
        const a = await attempts(c, p.project, fineHook.id);
        return a.length >= 5 ? a : undefined;
      },
      5000,
      'the outcomes of the other endpoint recorded',
    );
    assert.equal(recorded.length, 5);
    const odds = await eventually(async () => {
      const a = (await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${oddHook.id}/deliveries` })).json() as { error?: string }[];
      return a.length >= 5 ? a : undefined;
    }, 5000);
    // eslint-disable-next-line no-control-regex
    for (const a of odds) assert.doesNotMatch(a.error ?? '', /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

describeEachEngine(
  'deleting a webhook endpoint while an event queues a delivery for it',
  () => {
    let h: Harness;
    before(async () => {
      h = await harness({ config: { webhookAllowPrivate: true } });
    });
    after(async () => {
      await h.close();
    });

    test('a delivery committed during the deletion is deleted with it: 200, never a 5xx, nothing left behind', async () => {
      const { default: pg } = await import('pg');
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const r = await receiver();
      try {
        const res = await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url: r.url, events: ['*'] } });
        assert.equal(res.statusCode, 201, res.body);
        const endpointId = Number((res.json() as { id: string }).id.replace(/^we_/, ''));
        // An event's transaction that read the endpoint before it was disabled: its delivery is written but not
        // committed when the deletion starts, so the deletion's own DELETE of deliveries cannot see it.
        const other = new pg.Client({ connectionString: h.app.config.databaseUrl });
        await other.connect();
        try {
          await other.query('BEGIN');
          const seq = (
            await other.query<{ seq: string }>(
              `INSERT INTO events (id, project_id, type, data, created_at) VALUES ($1, $2, 'pet.created', '{}', now()) RETURNING seq`,
              [`evt_race${String(Date.now())}`, ok(await h.app.projects.find(p.project)).id],
            )
          ).rows[0]!.seq;
          await other.query(
            `INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at) VALUES ($1, $2, 'pending', 0, now(), now())`,
            [endpointId, seq],
          );
          const deletion = c.call({ method: 'DELETE', url: `/api/v1/projects/${p.project}/webhooks/we_${String(endpointId)}` });
          await sleep(300);
          await other.query('COMMIT');
          const del = await deletion;
          assert.equal(del.statusCode, 200, del.body);
          const left = await other.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]);
          assert.equal((left.rows[0] as { n: number }).n, 0);
          const endpoint = await other.query('SELECT count(*)::int AS n FROM webhook_endpoints WHERE id = $1', [endpointId]);
          assert.equal((endpoint.rows[0] as { n: number }).n, 0);
        } finally {
          await other.end();
        }
      } finally {
        await r.close();
      }
    });
  },
  { only: ['postgres'] },
);
