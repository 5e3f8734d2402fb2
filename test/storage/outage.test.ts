import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { VERSION } from '../../src/version.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { operationsOf, sampleRequest, valuesFromLocation, type Contract } from '../helpers/operations.js';
import { hostPort, tcpProxy, type ProxyMode, type TcpProxy } from '../helpers/tcp-proxy.js';

const json = { 'content-type': 'application/json' };
// The product promise: an unreachable database is a 503 within 2 s, never a hang.
const OUTAGE_ANSWER_MS = 2000;
const RECOVERY_WAIT_MS = 10_000;
// Longer than the interval at which a database known to be down is tried again.
const PROBE_SPACING_MS = 300;

/*
 * The outage is made by a TCP proxy between the service and PostgreSQL: it can
 * refuse connections (server down) or swallow traffic (network gone silent, which
 * only timeouts end), and restore them in milliseconds. Stopping a real cluster
 * only shows the first case, and takes seconds.
 */
describeEachEngine(
  'storage outage',
  () => {
    let db: FreshDatabase;
    let proxy: TcpProxy;
    let h: Harness;
    before(async () => {
      db = await freshPostgresDatabase();
      proxy = await tcpProxy(hostPort(db.url));
      h = await harness({ config: { databaseUrl: proxy.urlThrough(db.url) } });
    });
    after(async () => {
      await h.close();
      await proxy.close();
      await db.drop();
    });

    // /readyz is a probe outside the API contract: its 503 reports the checks, not an Error.
    const readyz = () => h.app.inject({ method: 'GET', url: '/readyz' });

    const timed = async <T>(fn: () => Promise<T>) => {
      const start = performance.now();
      const value = await fn();
      return { value, ms: performance.now() - start };
    };

    async function waitUntilReady(): Promise<number> {
      const start = performance.now();
      while (performance.now() - start < RECOVERY_WAIT_MS) {
        const res = await readyz();
        if (res.statusCode === 200) return performance.now() - start;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.fail(`not ready again within ${String(RECOVERY_WAIT_MS)} ms of the database returning`);
    }

    for (const mode of ['refuse', 'blackhole'] satisfies ProxyMode[]) {
      test(`database ${mode === 'refuse' ? 'refusing connections' : 'gone silent'}: 503 within 2 s on every route, /readyz not ready, recovery without restart`, async (t) => {
        const created = await h.request({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...h.auth, ...json },
          payload: JSON.stringify({ name: 'Before', categoryId: 1 }),
        });
        assert.equal(created.statusCode, 201);
        const pet = created.json() as { id: number };
        const doc = h.app.openapi() as unknown as Contract;
        // A key first used during the outage cannot be checked: that is a 503 too, not a 401.
        const unseen = await h.newProject();
        assert.equal((await readyz()).statusCode, 200);

        proxy.setMode(mode);
        t.after(() => proxy.setMode('up'));
        // Right as it goes: more requests at once than the pool has connections. Each ends with a 503 in time.
        const burst = await timed(() =>
          Promise.all(Array.from({ length: 30 }, () => h.request({ method: 'GET', url: `/v1/pets/${String(pet.id)}`, headers: h.auth }))),
        );
        t.diagnostic(
          `${mode}: 30 concurrent reads → all ${[...new Set(burst.value.map((r) => r.statusCode))].join(',')} in ${burst.ms.toFixed(0)} ms`,
        );
        assert.deepEqual([...new Set(burst.value.map((r) => r.statusCode))], [503]);
        assert.ok(burst.ms < OUTAGE_ANSWER_MS, `burst took ${burst.ms.toFixed(0)} ms`);
        const calls: [string, () => ReturnType<Harness['request']>][] = [
          ['GET /readyz', readyz],
          // Every operation of the contract, from its sample request, on the pet made before the outage where it takes one.
          ...operationsOf(doc).map((op): [string, () => ReturnType<Harness['request']>] => {
            const sample = sampleRequest(doc, op, valuesFromLocation(op, String(created.headers.location)) ?? {});
            return [`${op.method} ${op.path}`, () => h.request({ ...sample, headers: { ...sample.headers, ...h.auth } })];
          }),
          [
            'POST /v1/pets with Idempotency-Key',
            () =>
              h.request({
                method: 'POST',
                url: '/v1/pets',
                headers: { ...h.auth, ...json, 'idempotency-key': `outage-${mode}` },
                payload: JSON.stringify({ name: 'During', categoryId: 3 }),
              }),
          ],
          ['GET /v1/pets with a key not seen before', () => h.request({ method: 'GET', url: '/v1/pets', headers: unseen.auth })],
        ];
        for (const [name, call] of calls) {
          // Spaced out so that each call is the one let through to the database to see whether it is back.
          await new Promise((r) => setTimeout(r, PROBE_SPACING_MS));
          const { value: res, ms } = await timed(call);
          t.diagnostic(`${mode}: ${name} → ${String(res.statusCode)} in ${ms.toFixed(0)} ms`);
          assert.equal(res.statusCode, 503, `${name}: ${res.body}`);
          assert.ok(ms < OUTAGE_ANSWER_MS, `${name} took ${ms.toFixed(0)} ms`);
          if (name === 'GET /readyz')
            assert.deepEqual(res.json(), { status: 'not_ready', version: VERSION, checks: { database: 'down', limiter: 'memory' } });
          else {
            assert.equal(res.json().code, 'service_unavailable', name);
            // It says when to try again.
            assert.equal(res.headers['retry-after'], '1', name);
          }
        }

        proxy.setMode('up');
        const readyAfter = await waitUntilReady();
        t.diagnostic(`${mode}: ready again ${readyAfter.toFixed(0)} ms after the database returned`);
        const read = await h.request({ method: 'GET', url: `/v1/pets/${String(pet.id)}`, headers: h.auth });
        assert.equal(read.statusCode, 200);
        assert.equal(read.body, created.body);
        const again = await h.request({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...h.auth, ...json },
          payload: JSON.stringify({ name: 'After', categoryId: 4 }),
        });
        assert.equal(again.statusCode, 201);
        assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: unseen.auth })).statusCode, 200);
        // Nothing written during the outage appeared afterwards.
        const names = (await h.request({ method: 'GET', url: '/v1/pets?limit=100', headers: h.auth }))
          .json()
          .map((p: { name: string }) => p.name);
        // (Both modes share the project: each adds one Before and one After.)
        assert.deepEqual([...new Set(names)].sort(), ['After', 'Before']);
      });
    }
  },
  { only: ['postgres'] },
);
