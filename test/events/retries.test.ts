import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import type { ManagementClient } from '../helpers/management.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

interface Attempt {
  id: string;
  attempt: number;
  status: string;
  httpStatus?: number;
  durationMs: number;
  error?: string;
}

type Receiver = Awaited<ReturnType<typeof receiver>>;

// The tests wait on real schedules (retry delays, Retry-After, the 10 s cut) with their own project, endpoint and
// receiver each: they run at the same time.
describeEachEngine(
  'webhook retries, 410, timeouts and the per-endpoint bound',
  () => {
    let h: Harness;
    const receivers: Receiver[] = [];
    before(async () => {
      // Short retry delays (seconds) instead of the production schedule.
      h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [1, 2, 3] } });
    });
    after(async () => {
      await h.close();
      for (const r of receivers) await r.close();
    });

    async function setUp(answer: Parameters<typeof receiver>[0]) {
      const r = await receiver(answer);
      receivers.push(r);
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const hook = await add(c, p.project, r);
      return { r, p, c, hook };
    }

    async function add(c: ManagementClient, project: string, r: Receiver) {
      const res = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${project}/webhooks`,
        payload: { url: r.url, events: ['pet.created'] },
      });
      assert.equal(res.statusCode, 201);
      const hook = res.json() as { id: string; secret: string };
      r.useSecret(hook.secret);
      return hook;
    }

    const attemptsOf = async (c: ManagementClient, project: string, id: string) =>
      (await c.call({ url: `/api/v1/projects/${project}/webhooks/${id}/deliveries` })).json() as Attempt[];

    const createPet = (auth: { authorization: string }, name = 'Rex') =>
      h.request({ method: 'POST', url: '/v1/pets', headers: auth, payload: { name, categoryId: 1 } });

    test('a receiver answering 500 three times, then 200, gets 4 attempts on the schedule (1 s, 2 s, 3 s)', async () => {
      const { r, p, c, hook } = await setUp((_req, res, received) => {
        res.statusCode = received.length <= 3 ? 500 : 200;
        res.end(received.length <= 3 ? 'try later' : 'ok');
      });
      await createPet(p.auth);
      const got = await r.waitFor(4, 20_000);
      const gaps = got.slice(1).map((x, i) => (x.at - (got[i]?.at ?? 0)) / 1000);
      // Each gap is the delay, plus up to one worker round (0.5 s) and the attempt itself.
      [1, 2, 3].forEach((delay, i) => {
        const gap = gaps[i] ?? 0;
        assert.ok(
          gap >= delay - 0.05 && gap < delay + 1.5,
          `gap ${String(i + 1)} was ${gap.toFixed(2)} s, expected about ${String(delay)} s`,
        );
      });
      assert.ok(
        got.every((x) => x.verified !== null),
        'every attempt signed (and verified)',
      );
      assert.equal(new Set(got.map((x) => x.headers['webhook-id'])).size, 1, 'the same event id on every attempt');
      const attempts = await eventually(async () => {
        const a = await attemptsOf(c, p.project, hook.id);
        return a.length === 4 ? a : undefined;
      });
      assert.deepEqual(
        attempts.map((a) => [a.attempt, a.status, a.httpStatus]),
        [
          [4, 'succeeded', 200],
          [3, 'failed', 500],
          [2, 'failed', 500],
          [1, 'failed', 500],
        ],
      );
      assert.match(attempts[1]?.error ?? '', /500: try later/);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(r.received.length, 4, 'nothing more after the success');
    });

    test("a receiver's Retry-After longer than the delay is honoured; after the last delay the delivery fails", async () => {
      const { r, p, c, hook } = await setUp((_req, res, received) => {
        res.writeHead(503, received.length === 1 ? { 'retry-after': '3' } : {});
        res.end();
      });
      await createPet(p.auth);
      const got = await r.waitFor(2, 20_000);
      const gap = ((got[1]?.at ?? 0) - (got[0]?.at ?? 0)) / 1000;
      assert.ok(gap >= 2.95 && gap < 4.5, `the second attempt came ${gap.toFixed(2)} s later, expected about 3 s (Retry-After)`);
      // 4 attempts in all (the first and one per delay), then failed for good.
      await r.waitFor(4, 20_000);
      const attempts = await eventually(async () => {
        const a = await attemptsOf(c, p.project, hook.id);
        return a.length === 4 ? a : undefined;
      });
      assert.ok(attempts.every((a) => a.status === 'failed'));
      await new Promise((resolve) => setTimeout(resolve, 4000));
      assert.equal(r.received.length, 4);
    });

    test('410 disables the endpoint: nothing is sent to it until it is enabled again', async () => {
      const { r, p, c, hook } = await setUp((_req, res) => {
        res.statusCode = 410;
        res.end();
      });
      await createPet(p.auth);
      await r.waitFor(1);
      const view = await eventually(async () => {
        const v = (await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}` })).json() as {
          enabled: boolean;
          disabledReason: string | null;
        };
        return v.enabled ? undefined : v;
      });
      assert.match(view.disabledReason ?? '', /410/);
      await createPet(p.auth, 'Max');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(r.received.length, 1, 'a disabled endpoint gets nothing');
      // Enabled again, it gets the events from then on (those of the disabled time were not queued for it).
      await c.call({ method: 'PATCH', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}`, payload: { enabled: true } });
      await createPet(p.auth, 'Bo');
      const [, second] = await r.waitFor(2);
      assert.match(second?.body ?? '', /"name":"Bo"/);
    });

    test('a receiver that hangs is cut at 10 s and does not delay deliveries to other endpoints', async () => {
      const hanging = await receiver(() => undefined);
      receivers.push(hanging);
      const fast = await receiver();
      receivers.push(fast);
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const slow = await add(c, p.project, hanging);
      await add(c, p.project, fast);
      const started = Date.now();
      for (let i = 0; i < 20; i++) await createPet(p.auth, `pet ${String(i)}`);
      await fast.waitFor(20, 8_000);
      const fastDone = Date.now() - started;
      assert.ok(fastDone < 8_000, `the other endpoint got all 20 in ${String(fastDone)} ms`);
      // The hanging endpoint holds at most 4 attempts at once (the per-endpoint bound).
      assert.ok(hanging.received.length <= 4, `${String(hanging.received.length)} attempts in flight to the hanging receiver`);
      const cut = await eventually(
        async () => {
          const a = await attemptsOf(c, p.project, slow.id);
          return a.length > 0 ? a : undefined;
        },
        20_000,
        'the hanging attempt to be cut',
      );
      assert.equal(cut[0]?.status, 'failed');
      assert.match(cut[0]?.error ?? '', /no answer within 10 s/);
      assert.ok((cut[0]?.durationMs ?? 0) >= 9_900 && (cut[0]?.durationMs ?? 0) < 12_000, `cut after ${String(cut[0]?.durationMs)} ms`);
    });
  },
  { concurrency: true },
);
