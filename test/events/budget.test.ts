import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { OPERATOR } from '../../src/audit/actor.js';
import { manualClock } from '../../src/clock.js';
import { openEventRepository } from '../../src/events/storage/repository.js';
import { webhookDeliveryBudget } from '../../src/projects/plans.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import type { ManagementClient } from '../helpers/management.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

type Receiver = Awaited<ReturnType<typeof receiver>>;

interface Attempt {
  id: string;
  eventId: string;
  deliveryState: string;
  attempt: number;
  status: string;
  httpStatus?: number;
  error?: string;
}

/** An Enterprise project's budget is its requests per day times 50: one request a day gives a budget of 50. */
const BUDGET = 50;

describe('the daily webhook budget of each plan', () => {
  test("is the plan's requests per day times its endpoint limit", () => {
    assert.equal(webhookDeliveryBudget('free', { perDay: 1000 }), 2000);
    assert.equal(webhookDeliveryBudget('pro', { perDay: 10_000 }), 100_000);
    assert.equal(webhookDeliveryBudget('business', { perDay: 100_000 }), 2_500_000);
    assert.equal(webhookDeliveryBudget('enterprise', { perDay: 1 }), BUDGET);
  });
});

describeEachEngine('the daily webhook delivery budget', (engine) => {
  // 23:00 UTC: the next UTC day is an hour and a half later, within a session's idle timeout.
  const clock = manualClock(Date.UTC(2030, 0, 1, 23, 0));
  let db: FreshDatabase;
  /** Two instances on one database, each with its delivery worker. */
  let a: Harness;
  let b: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    // Retries due at once (the clock stands still), so that they compete with first tries for the budget.
    const config = { databaseUrl: db.url, webhookAllowPrivate: true, webhookRetryDelays: [0, 0, 0] };
    a = await harness({ clock, config });
    b = await harness({ clock, config });
  });
  after(async () => {
    await a.close();
    await b.close();
    for (const r of receivers) await r.close();
    await db.drop();
  });

  /** A project whose budget is BUDGET attempts a day, with one endpoint to `r`. */
  async function setUp(r: Receiver) {
    receivers.push(r);
    const { project: slug } = await a.newProject('enterprise', { perMinute: 1000, perDay: 1 });
    const project = ok(await a.app.projects.find(slug));
    const hook = ok(await a.app.webhooks.service.add(OPERATOR, project, { url: r.url, events: ['*'] }));
    r.useSecret(hook.secret);
    const c = await memberOf(a.app, slug);
    return { slug, project, hook, c };
  }

  const attemptsOf = async (c: ManagementClient, slug: string, hookId: string) => {
    const res = await c.call({ url: `/api/v1/projects/${slug}/webhooks/${hookId}/deliveries` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Attempt[];
  };

  const budgetOf = async (c: ManagementClient, slug: string) => {
    const res = await c.call({ url: `/api/v1/projects/${slug}/webhook-budget` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { day: string; limit: number; used: number; remaining: number; resetsAt: string };
  };

  test('past its budget a project gets nothing more sent, from either instance; those not sent say why; the next UTC day sends again', async (t) => {
    const r = await receiver();
    const { slug, project, hook, c } = await setUp(r);
    // 60 test events, queued through both instances (each wakes its own worker).
    for (let i = 0; i < BUDGET + 10; i++) ok(await (i % 2 === 0 ? a : b).app.webhooks.service.test(OPERATOR, project, hook.id));
    const attempts = await eventually(
      async () => {
        const list = await attemptsOf(c, slug, hook.id);
        return list.length === BUDGET + 10 ? list : undefined;
      },
      15_000,
      'every delivery sent or refused',
    );
    await sleep(1000);
    assert.equal(r.received.length, BUDGET, 'exactly the budget was sent');
    assert.equal(new Set(r.received.map((x) => x.headers['webhook-id'])).size, BUDGET, 'none sent twice');
    const made = await Promise.all(
      [a, b].map(async (h) => {
        const text = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
        return Number(/^webhook_deliveries_total\{outcome="succeeded"\} (\d+)$/m.exec(text)?.[1] ?? 0);
      }),
    );
    t.diagnostic(`attempts made per instance: ${made.join(' + ')}`);
    const refused = attempts.filter((x) => x.status === 'budget_exhausted');
    assert.equal(refused.length, 10);
    assert.equal(attempts.filter((x) => x.status === 'succeeded').length, BUDGET);
    for (const x of refused) {
      assert.equal(x.deliveryState, 'failed');
      assert.equal(x.httpStatus, undefined);
      assert.match(x.error ?? '', /^not sent: the project's webhook budget of 50 delivery attempts for 2030-01-01 \(UTC\) is spent/);
    }
    assert.deepEqual(await budgetOf(c, slug), {
      day: '2030-01-01',
      limit: BUDGET,
      used: BUDGET,
      remaining: 0,
      resetsAt: '2030-01-02T00:00:00.000Z',
    });
    const first = refused[refused.length - 1] as Attempt;
    const delivery = await c.call({ url: `/api/v1/projects/${slug}/deliveries/${first.id}` });
    assert.equal(delivery.statusCode, 200, delivery.body);
    const d = delivery.json() as { state: string; attempts: { attempt: number; status: string }[] };
    assert.equal(d.state, 'failed');
    assert.deepEqual(d.attempts, [{ ...d.attempts[0], attempt: 1, status: 'budget_exhausted' }]);

    // The next UTC day: what was refused stays refused (never sent by itself), a retry and new events are sent.
    clock.set(Date.UTC(2030, 0, 2, 0, 30));
    await sleep(1500);
    assert.equal(r.received.length, BUDGET, 'a delivery refused yesterday is not sent unless retried');
    const retried = await c.call({ method: 'POST', url: `/api/v1/projects/${slug}/deliveries/${first.id}/retry` });
    assert.equal(retried.statusCode, 202, retried.body);
    const [, again] = (await r.waitFor(BUDGET + 1)).slice(BUDGET - 1);
    assert.equal(again?.headers['webhook-id'], first.eventId, 'the refused delivery, sent on retry');
    ok(await b.app.webhooks.service.test(OPERATOR, project, hook.id));
    await r.waitFor(BUDGET + 2);
    await eventually(async () => ((await budgetOf(c, slug)).used === 2 ? true : undefined), 5000, 'two attempts counted today');
    assert.deepEqual(await budgetOf(c, slug), {
      day: '2030-01-02',
      limit: BUDGET,
      used: 2,
      remaining: BUDGET - 2,
      resetsAt: '2030-01-03T00:00:00.000Z',
    });
    const today = await eventually(async () => {
      const list = await attemptsOf(c, slug, hook.id);
      return list.length === BUDGET + 12 ? list.slice(0, 2) : undefined;
    });
    assert.deepEqual(
      today.map((x) => [x.status, x.attempt]),
      [
        ['succeeded', 1],
        ['succeeded', 1],
      ],
    );
  });

  test("retries come out of the same budget: a failing receiver gets exactly the budget's attempts, and nothing is retried past it", async () => {
    const r = await receiver((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    const { slug, project, hook, c } = await setUp(r);
    // 20 deliveries of up to 4 attempts each (3 retries): 80 wanted, 50 allowed.
    const DELIVERIES = 20;
    for (let i = 0; i < DELIVERIES; i++) ok(await a.app.webhooks.service.test(OPERATOR, project, hook.id));
    const attempts = await eventually(
      async () => {
        const list = await attemptsOf(c, slug, hook.id);
        const settled = new Set(list.map((x) => x.id)).size === DELIVERIES && list.every((x) => x.deliveryState === 'failed');
        return settled ? list : undefined;
      },
      15_000,
      'every delivery failed for good',
    );
    await sleep(1000);
    assert.equal(r.received.length, BUDGET, 'exactly the budget was sent');
    assert.equal(attempts.filter((x) => x.status === 'failed').length, BUDGET);
    const refused = attempts.filter((x) => x.status === 'budget_exhausted');
    assert.ok(refused.length > 0);
    // Each delivery refused once, then failed: not retried endlessly.
    assert.equal(new Set(refused.map((x) => x.id)).size, refused.length);
    assert.equal((await budgetOf(c, slug)).remaining, 0);
  });
});

describeEachEngine("the budget in the delivery worker's step", () => {
  const clock = manualClock(Date.UTC(2030, 5, 1, 23, 59, 50));
  let h: Harness;
  before(async () => {
    // No worker: the test takes the steps itself.
    h = await harness({ clock, config: { webhookWorker: false, webhookAllowPrivate: true } });
  });
  after(() => h.close());

  test('counts each lease against the day it was taken, gives back those returned unsent, and fails what is due beyond it', async () => {
    const repo = openEventRepository(h.storage.database);
    const { project: slug } = await h.newProject('enterprise', { perMinute: 1000, perDay: 1 });
    const project = ok(await h.app.projects.find(slug));
    const hook = ok(await h.app.webhooks.service.add(OPERATOR, project, { url: 'http://127.0.0.1:9/hook', events: ['*'] }));
    const endpointId = Number(hook.id.slice('we_'.length));
    for (let i = 0; i < BUDGET + 3; i++) await repo.queuePing(project.id, endpointId, '{}', new Date(clock.now()));
    const step = (released: number[] = [], claim = true) => {
      const now = new Date(clock.now());
      const want = { now, leaseUntil: new Date(now.getTime() + 30_000), leaseToken: 'test', free: () => 100, limit: 256 };
      return repo.cycle([], released, 'test', claim ? want : null);
    };
    const day = Math.floor(clock.now() / 86_400_000);

    const leased = await step();
    assert.equal(leased.length, BUDGET);
    assert.equal(await repo.budgetUsed(project.id, day), BUDGET);
    const refused = (await repo.listAttempts(endpointId, 100)).filter((x) => x.status === 'budget_exhausted');
    assert.equal(refused.length, 3, 'the 3 due beyond the budget are failed unsent');
    assert.ok(refused.every((x) => x.deliveryState === 'failed' && x.attempt === 1));

    // Two given back unsent: the day's count goes down, and they are leased again (no more, none refused twice).
    await step(
      leased.slice(0, 2).map((d) => d.id),
      false,
    );
    assert.equal(await repo.budgetUsed(project.id, day), BUDGET - 2);
    assert.deepEqual(
      (await step()).map((d) => d.id),
      leased.slice(0, 2).map((d) => d.id),
    );
    assert.equal(await repo.budgetUsed(project.id, day), BUDGET);
    assert.equal((await repo.listAttempts(endpointId, 100)).length, 3);

    // Given back after midnight (within the leases' 30 s): the day they were counted on gets them back, not the new day.
    clock.advance(20_000);
    await step(
      leased.slice(0, 2).map((d) => d.id),
      false,
    );
    assert.equal(await repo.budgetUsed(project.id, day), BUDGET - 2);
    assert.equal(await repo.budgetUsed(project.id, day + 1), 0);
    assert.equal((await step()).length, 2, 'leased again, counted against the new day');
    assert.equal(await repo.budgetUsed(project.id, day + 1), 2);
  });
});
