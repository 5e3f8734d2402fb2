import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { idempotencyLockId } from '../../src/pets/postgres.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { runCli, startServer, type RunningServer } from '../helpers/processes.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';

// The most a revocation may take to reach every instance.
const PROPAGATION_MS = 5000;

/*
 * Two servers started from the CLI on one PostgreSQL database, as an operator
 * runs them behind a load balancer. (Quotas shared across instances live in
 * Redis and are tested with the rate limiter.)
 */
describeEachEngine(
  'several instances',
  () => {
    let db: FreshDatabase;
    let a: RunningServer;
    let b: RunningServer;
    let env: { DATABASE_URL: string; DATABASE_POOL_SIZE: string; REDIS_URL?: string; REDIS_KEY_PREFIX?: string };
    let redis: ReturnType<typeof testRedis>;
    let slug: string;
    let auth: { authorization: string };

    const cli = async (...args: string[]) => {
      const res = await runCli(args, env.DATABASE_URL, env);
      assert.equal(res.code, 0, `petstore ${args.join(' ')}: ${res.stderr}`);
      return res.stdout;
    };
    const newKey = async () => JSON.parse(await cli('keys', 'create', '--project', slug, '--json')) as { id: string; key: string };
    const call = (server: RunningServer, path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
    const post = (server: RunningServer, body: unknown, headers: Record<string, string> = {}) =>
      call(server, '/v1/pets', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    before(async () => {
      db = await freshPostgresDatabase();
      env = { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '4' };
      // With a Redis the two instances share quotas, as deployed; without one that test is skipped.
      redis = testRedis();
      if ('url' in redis) env = { ...env, REDIS_URL: redis.url, REDIS_KEY_PREFIX: uniqueRedisPrefix() };
      // Started together on an empty database: both migrate, one waits for the other.
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
      slug = uniqueSlug('inst');
      await cli('projects', 'create', slug, '--plan', 'enterprise', '--per-minute', '100000', '--per-day', '1000000');
      auth = { authorization: `Bearer ${(await newKey()).key}` };
    });
    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.drop();
      if (env?.REDIS_URL && env.REDIS_KEY_PREFIX) await deleteRedisPrefix(env.REDIS_URL, env.REDIS_KEY_PREFIX);
    });

    test('a pet created on A is read and listed on B, byte for byte', async () => {
      const created = await call(a, '/v1/pets', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"name":"Shared","categoryId":9223372036854775807}',
      });
      assert.equal(created.status, 201);
      const body = await created.text();
      const id = /"id":(\d+)/.exec(body)?.[1];
      const read = await call(b, `/v1/pets/${String(id)}`, { headers: auth });
      assert.equal(read.status, 200);
      assert.equal(await read.text(), body);
      const listed = await call(b, '/v1/pets?limit=100', { headers: auth });
      assert.ok((await listed.text()).includes(body));
    });

    test('an Idempotency-Key in flight on one instance is 409 on both; once done it replays on the other; another body is 422', async () => {
      const key = 'cross-instance-1';
      const projectId = await withClient(db.url, async (c) =>
        Number((await c.query<{ id: string }>('SELECT id::text FROM projects WHERE slug = $1', [slug])).rows[0]?.id),
      );
      // Hold the key's lock as an instance does while it processes the first request.
      await withClient(db.url, async (c) => {
        await c.query('BEGIN');
        await c.query('SELECT pg_advisory_xact_lock($1)', [idempotencyLockId(projectId, key)]);
        for (const server of [a, b]) {
          const res = await post(server, { name: 'Once', categoryId: 1 }, { 'idempotency-key': key });
          assert.equal(res.status, 409);
          assert.equal(((await res.json()) as { code: string }).code, 'idempotency_key_in_use');
        }
        await c.query('ROLLBACK');
      });
      const first = await post(a, { name: 'Once', categoryId: 1 }, { 'idempotency-key': key });
      assert.equal(first.status, 201);
      const replay = await post(b, { name: 'Once', categoryId: 1 }, { 'idempotency-key': key });
      assert.equal(replay.status, 201);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(await replay.text(), await first.text());
      const other = await post(b, { name: 'Twice', categoryId: 1 }, { 'idempotency-key': key });
      assert.equal(other.status, 422);
      assert.equal(((await other.json()) as { code: string }).code, 'idempotency_key_reused');
    });

    test('the same Idempotency-Key sent to both at once creates exactly one pet', async (t) => {
      const p = await newKey();
      const headers = { authorization: `Bearer ${p.key}` };
      const before = (await (await call(a, '/v1/pets?limit=100', { headers })).json()) as unknown[];
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const key = `race-${String(round)}`;
        const results = await Promise.all(
          [a, b, a, b].map((server) =>
            fetch(`${server.url}/v1/pets`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ name: `race${String(round)}`, categoryId: round }),
            }).then(async (r) => ({ status: r.status, body: await r.text() })),
          ),
        );
        statuses.push(...results.map((r) => r.status));
        const ok = results.filter((r) => r.status === 201);
        assert.ok(ok.length >= 1, JSON.stringify(results));
        assert.ok(
          results.every((r) => r.status === 201 || r.status === 409),
          JSON.stringify(results),
        );
        assert.equal(new Set(ok.map((r) => r.body)).size, 1, 'every 201 carries the same pet');
      }
      t.diagnostic(
        `answers: ${String(statuses.filter((s) => s === 201).length)} × 201 (first or replay), ${String(statuses.filter((s) => s === 409).length)} × 409`,
      );
      const afterList = (await (await call(b, '/v1/pets?limit=100', { headers })).json()) as unknown[];
      assert.equal(afterList.length - before.length, 10);
    });

    test('a Free project gets exactly 60 of 100 simultaneous requests spread over both instances', async (t) => {
      if ('skip' in redis) {
        t.skip(redis.skip);
        return;
      }
      const free = uniqueSlug('free');
      await cli('projects', 'create', free, '--plan', 'free');
      const { key } = JSON.parse(await cli('keys', 'create', '--project', free, '--json')) as { key: string };
      // Minute windows start at :00 UTC; keep the burst inside one window.
      const second = new Date().getUTCSeconds();
      if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const res = await call(i % 2 ? a : b, '/v1/pets', { headers: { authorization: `Bearer ${key}` } });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      const counts = JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])));
      // Exactly the quota is admitted across both instances: 40 refused, never one fewer. An admitted
      // request may still meet PostgreSQL's fail-fast budget on a saturated machine (503), which says
      // nothing about the quota; every other answer must be a 200.
      assert.equal(statuses.filter((s) => s === 429).length, 40, `statuses: ${counts}`);
      assert.ok(
        statuses.every((s) => s === 200 || s === 429 || s === 503),
        `statuses: ${counts}`,
      );
      assert.ok(statuses.filter((s) => s === 200).length >= 50, `statuses: ${counts}`);
      if (statuses.includes(503)) t.diagnostic(`admitted but answered 503 by a saturated database: ${counts}`);
    });

    test('a key revoked with `petstore keys revoke` is refused by both instances within 5 s', async (t) => {
      const doomed = await newKey();
      const headers = { authorization: `Bearer ${doomed.key}` };
      // Both instances have now seen (and may cache) the key.
      for (const server of [a, b]) assert.equal((await call(server, '/v1/pets', { headers })).status, 200);
      await cli('keys', 'revoke', doomed.id);
      const revokedAt = performance.now();
      const refusedAfter = await Promise.all(
        [a, b].map(async (server) => {
          while (performance.now() - revokedAt < PROPAGATION_MS) {
            const res = await call(server, '/v1/pets', { headers });
            if (res.status === 401) return performance.now() - revokedAt;
            assert.equal(res.status, 200);
            await new Promise((r) => setTimeout(r, 100));
          }
          return Infinity;
        }),
      );
      t.diagnostic(`refused by A after ${refusedAfter[0]?.toFixed(0) ?? '?'} ms, by B after ${refusedAfter[1]?.toFixed(0) ?? '?'} ms`);
      for (const ms of refusedAfter) assert.ok(ms < PROPAGATION_MS, `still accepted ${String(PROPAGATION_MS)} ms after revocation`);
      // The project's other key is untouched.
      for (const server of [a, b]) assert.equal((await call(server, '/v1/pets', { headers: auth })).status, 200);
    });
  },
  { only: ['postgres'] },
);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
