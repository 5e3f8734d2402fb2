import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { createUnlimitedKey, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { eventually, receiver } from '../helpers/webhooks.js';

const EVENTS = 1000;

type Receiver = Awaited<ReturnType<typeof receiver>>;

/** Adds an endpoint through the CLI; the receiver verifies deliveries with its secret. */
async function subscribe(databaseUrl: string, slug: string, r: Receiver): Promise<void> {
  const added = await runCli(['webhooks', 'add', slug, r.url, '--events', 'pet.created', '--json'], databaseUrl, {
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  assert.equal(added.code, 0, added.stderr);
  r.useSecret((JSON.parse(added.stdout) as { secret: string }).secret);
}

/** Creates `n` pets through the API, 20 at a time, spread over the given servers. */
async function createPets(servers: RunningServer[], key: string, n: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const server = servers[i % servers.length] as RunningServer;
      const res = await fetch(`${server.url}/v1/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `pet ${String(i)}`, categoryId: 1 }),
      });
      assert.equal(res.status, 201);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

const distinct = (r: Receiver) => new Set(r.received.map((x) => x.headers['webhook-id'])).size;

describeEachEngine(
  'webhooks survive a crash',
  () => {
    const servers: RunningServer[] = [];
    const cleanups: (() => Promise<void> | void)[] = [];
    after(async () => {
      for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) await s.stop('SIGKILL');
      for (const c of cleanups) await c();
    });

    test(`SIGKILL while ${String(EVENTS)} events are due: after a restart every one is delivered at least once`, async (t) => {
      const db = tempDatabase();
      cleanups.push(() => db.cleanup());
      const key = await createUnlimitedKey(db.url, 'durable');
      // A slow receiver (50 ms an answer, 4 at once from the instance) keeps most events due when the server dies.
      const r = await receiver((_req, res) => {
        setTimeout(() => {
          res.statusCode = 204;
          res.end();
        }, 50);
      });
      cleanups.push(() => r.close());
      await subscribe(db.url, 'durable', r);
      const env = { DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: '1,1,1,1,1' };
      const first = await startServer(env);
      servers.push(first);
      await createPets([first], key, EVENTS);
      const beforeKill = distinct(r);
      first.proc.kill('SIGKILL');
      await first.exited;
      assert.ok(beforeKill < EVENTS, `only ${String(beforeKill)} of ${String(EVENTS)} were delivered before the kill`);

      const second = await startServer(env);
      servers.push(second);
      // Deliveries the dead server held are leased for 30 s (10 s timeout + 20 s margin), then sent again.
      await eventually(async () => (distinct(r) === EVENTS ? true : undefined), 90_000, `all ${String(EVENTS)} events delivered`);
      await sleep(1000);
      const duplicates = r.received.length - EVENTS;
      t.diagnostic(
        `delivered before the kill: ${String(beforeKill)}; received in all: ${String(r.received.length)}; duplicates: ${String(duplicates)}`,
      );
      assert.ok(
        r.received.every((x) => x.verified !== null),
        'every delivery verified with standardwebhooks',
      );
      // At least once: a duplicate can only be an attempt in flight when the server died (at most 4, the per-endpoint bound).
      assert.ok(duplicates >= 0 && duplicates <= 4, `${String(duplicates)} duplicates`);
      await second.stop();
    });
  },
  { only: ['sqlite'] },
);

describeEachEngine(
  'webhooks from two instances',
  () => {
    let fresh: FreshDatabase;
    const servers: RunningServer[] = [];
    let r: Receiver | undefined;
    after(async () => {
      for (const s of servers) await s.stop();
      await r?.close();
      await fresh.drop();
    });

    test(`two instances on PostgreSQL deliver ${String(EVENTS)} events with 0 attempts sent twice`, async (t) => {
      fresh = await freshDatabase('postgres');
      const key = await createUnlimitedKey(fresh.url, 'twins');
      r = await receiver();
      const rr = r;
      await subscribe(fresh.url, 'twins', rr);
      const env = { DATABASE_URL: fresh.url, WEBHOOK_ALLOW_PRIVATE: 'true' };
      servers.push(await startServer(env), await startServer(env));
      await createPets(servers, key, EVENTS);
      await eventually(async () => (distinct(rr) === EVENTS ? true : undefined), 60_000, `all ${String(EVENTS)} events delivered`);
      await sleep(2000);
      assert.equal(rr.received.length, EVENTS, `${String(rr.received.length - EVENTS)} attempts were sent twice`);
      assert.ok(rr.received.every((x) => x.verified !== null));
      // Both instances delivered: each counts its own attempts.
      const succeeded = await Promise.all(
        servers.map(async (s) => {
          const text = await (await fetch(`${s.url}/metrics`)).text();
          return Number(/webhook_deliveries_total\{outcome="succeeded"\} (\d+)/.exec(text)?.[1] ?? 0);
        }),
      );
      t.diagnostic(`attempts per instance: ${succeeded.join(' + ')}`);
      assert.equal(
        succeeded.reduce((a, b) => a + b, 0),
        EVENTS,
      );
      assert.ok(
        succeeded.every((n) => n > 0),
        `both instances delivered (${succeeded.join(', ')})`,
      );
    });
  },
  { only: ['postgres'] },
);
