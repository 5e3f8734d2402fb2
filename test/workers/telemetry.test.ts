import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { otlpEnv, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import { createUnlimitedKey, runCli, startServer, type LogLine, type RunningServer } from '../helpers/processes.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';

/** One request on a connection of its own (the cluster hands new connections to the workers in turn); its request id. */
function call(base: string, method: string, path: string, auth: string, body?: unknown): Promise<{ status: number; id: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        timeout: 30_000,
        headers: { authorization: `Bearer ${auth}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, id: String(res.headers['x-request-id']) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/*
 * Telemetry with WORKERS=2: every process exports its own spans and metrics, each under a resource of its own
 * (`service.instance.id`), so a backend never mixes two processes' cumulative counters into one series; the
 * primary's webhook deliveries link to the request, in a worker, that caused their event.
 */
describeEachEngine('telemetry with WORKERS=2', (engine) => {
  const redis = engine.name === 'postgres' ? testRedis() : null;
  const skip = redis !== null && 'skip' in redis ? redis.skip : false;
  const prefix = uniqueRedisPrefix();
  let otlp: OtlpReceiver;
  let hooks: Server;
  let hookUrl = '';
  let db: FreshDatabase;
  let server: RunningServer;

  before(async () => {
    if (skip !== false) return;
    otlp = await startOtlpReceiver();
    hooks = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const address = hooks.address();
    hookUrl = `http://127.0.0.1:${String(typeof address === 'object' && address !== null ? address.port : 0)}/hook`;
    db = await freshDatabase(engine.name, { onDisk: true });
    server = await startServer({
      DATABASE_URL: db.url,
      WORKERS: '2',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...otlpEnv(otlp, engine.name === 'sqlite' ? 'http/protobuf' : 'http/json'),
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_METRIC_EXPORT_INTERVAL: '300',
      ...(redis !== null && 'url' in redis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix } : {}),
    });
    await server.waitForLog((l) => l.msg === 'serving with 2 workers', 30_000);
  });
  after(async () => {
    if (skip !== false) return;
    await server?.stop();
    await otlp?.close();
    await new Promise((resolve) => hooks?.close(resolve));
    await db?.drop();
    if (redis !== null && 'url' in redis) await deleteRedisPrefix(redis.url, prefix);
  });

  test(
    'each process its own service.instance.id; spans of both workers; deliveries from the primary linked to their requests',
    { skip },
    async () => {
      const slug = uniqueSlug('traced');
      const key = await createUnlimitedKey(db.url, slug);
      const added = await runCli(['webhooks', 'add', slug, hookUrl, '--events', 'pet.created'], db.url, {
        LOG_LEVEL: 'silent',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      });
      assert.equal(added.code, 0, added.stderr);

      const reads = await Promise.all(Array.from({ length: 8 }, () => call(server.url, 'GET', '/v1/pets?limit=5', key)));
      const writes = await Promise.all(
        Array.from({ length: 4 }, (_, i) => call(server.url, 'POST', '/v1/pets', key, { name: `Traced ${String(i)}`, categoryId: 2 })),
      );
      assert.deepEqual([...reads, ...writes].map((a) => a.status).sort(), [200, 200, 200, 200, 200, 200, 200, 200, 201, 201, 201, 201]);

      // Which worker answered each request (its access line), and the server span of each.
      const answered = [...reads, ...writes];
      const workerOf = new Map<string, number>();
      for (const a of answered) {
        const line = await server.waitForLog((l: LogLine) => l.reqId === a.id && typeof l.worker === 'number', 5000);
        workerOf.set(a.id, line.worker as number);
      }
      assert.deepEqual(new Set(workerOf.values()), new Set([1, 2]), 'requests on new connections reach both workers');
      const spanOf = new Map<string, ReceivedSpan>();
      for (const a of answered) {
        spanOf.set(a.id, await otlp.waitForSpan((s) => s.kind === 2 && s.attributes['petstore.request_id'] === a.id, 15_000));
      }

      const instanceOf = (s: { resource: Record<string, unknown> }) => String(s.resource['service.instance.id'] ?? '');
      const byWorker = new Map<number, Set<string>>();
      for (const [id, span] of spanOf) {
        const worker = workerOf.get(id) ?? 0;
        byWorker.set(worker, (byWorker.get(worker) ?? new Set()).add(instanceOf(span)));
        assert.equal(span.resource['service.name'], 'petstore');
      }
      const one = byWorker.get(1) ?? new Set();
      const two = byWorker.get(2) ?? new Set();
      assert.equal(one.size, 1, 'one instance id for every span of worker 1');
      assert.equal(two.size, 1, 'one instance id for every span of worker 2');
      const [w1 = ''] = [...one];
      const [w2 = ''] = [...two];
      assert.ok(w1 !== '' && w2 !== '' && w1 !== w2, `two instance ids: ${w1}, ${w2}`);
      for (const [id, span] of spanOf) assert.equal(span.resource['petstore.worker'], String(workerOf.get(id)));

      // Each createPet's delivery: a trace of its own, linked to the request's span, exported by the primary.
      for (const w of writes) {
        const caused = spanOf.get(w.id);
        assert.ok(caused);
        const delivery = await otlp.waitForSpan(
          (s) => s.name === 'webhook pet.created' && s.links.some((l) => l.traceId === caused.traceId && l.spanId === caused.spanId),
          20_000,
        );
        assert.equal(delivery.parentSpanId, '');
        const primary = instanceOf(delivery);
        assert.ok(primary !== '' && primary !== w1 && primary !== w2, `the primary's instance id: ${primary}`);
        assert.equal(delivery.resource['petstore.worker'], 'primary');
      }

      // Metrics: each worker's series under its own instance id; together they count every request.
      const listed = (m: { points: { attributes: Record<string, unknown>; count?: number }[] }) =>
        m.points
          .filter((p) => p.attributes['http.route'] === '/v1/pets' && p.attributes['http.request.method'] === 'GET')
          .reduce((n, p) => n + (p.count ?? 0), 0);
      const latest = new Map<string, number>();
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        for (const m of otlp.metrics.filter((x) => x.name === 'http.server.request.duration')) latest.set(instanceOf(m), listed(m));
        if ([...latest.values()].reduce((a, b) => a + b, 0) === reads.length) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.equal(
        [...latest.values()].reduce((a, b) => a + b, 0),
        reads.length,
        JSON.stringify([...latest]),
      );
      assert.ok(latest.has(w1) && latest.has(w2), `series from both workers: ${JSON.stringify([...latest.keys()])}`);
    },
  );
});
