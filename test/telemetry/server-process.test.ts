import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { uniqueSlug } from '../helpers/harness.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { otlpEnv, startOtlpReceiver, type OtlpReceiver, type ReceivedPoint, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import { cliJson, createUnlimitedKey, startServer, type RunningServer } from '../helpers/processes.js';

const CALLER_TRACE = '5bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '10f067aa0ba902b7';
const RECORD_MODULES = pathToFileURL(resolve(import.meta.dirname, 'fixtures/record-modules.mjs')).href;

/** The server as it runs: `bin/petstore serve` with the OTEL_* variables pointing at a receiver this test starts. */
describeEachEngine('telemetry of a running server', (engine) => {
  const protocol = engine.name === 'sqlite' ? 'http/protobuf' : 'http/json';
  let receiver: OtlpReceiver;
  let db: FreshDatabase;
  let server: RunningServer;
  let slug: string;
  let key: string;
  const dir = mkdtempSync(join(tmpdir(), 'petstore-telemetry-'));
  const loaded = join(dir, 'modules-on.txt');

  before(async () => {
    receiver = await startOtlpReceiver();
    db = await freshDatabase(engine.name, { onDisk: true });
    slug = uniqueSlug();
    key = await createUnlimitedKey(db.url, slug);
    server = await startServer({
      DATABASE_URL: db.url,
      ...otlpEnv(receiver, protocol),
      // Spans wait for the shutdown's flush: what arrives came from it.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
      OTEL_SERVICE_NAME: 'petstore-under-test',
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_METRIC_EXPORT_INTERVAL: '300',
      NODE_OPTIONS: `--import=${RECORD_MODULES}`,
      RECORD_MODULES_TO: loaded,
    });
  });
  after(async () => {
    await server.stop();
    await receiver.close();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit & { id: string; headers?: Record<string, string> }) =>
    fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'x-request-id': init.id, ...init.headers } });
  const server_ = (s: ReceivedSpan) => s.kind === 2;
  const spanOf = (id: string) => receiver.waitForSpan((s) => server_(s) && s.attributes['petstore.request_id'] === id, 1000);

  test("listPets (early and not), a createPet continuing a caller's trace, metrics; spans exported at the graceful stop", async () => {
    assert.equal((await call('/v1/pets', { id: 'list-1' })).status, 200);
    assert.equal((await call('/v1/pets?limit=5', { id: 'list-2' })).status, 200);
    const created = await call('/v1/pets', {
      id: 'create-1',
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    assert.equal(created.status, 201);

    // Metrics go every 300 ms while it runs, with bounded attributes: method, route template, status.
    const createdPoint = (p: ReceivedPoint) =>
      p.attributes['http.route'] === '/v1/pets' &&
      p.attributes['http.request.method'] === 'POST' &&
      p.attributes['http.response.status_code'] === 201;
    const durations = await receiver.waitForMetric('http.server.request.duration', 15_000, (m) => m.points.some(createdPoint));
    const points = durations.flatMap((m) => m.points);
    assert.equal(points.find(createdPoint)?.count, 1);
    assert.ok(
      points.every((p) =>
        Object.keys(p.attributes).every((k) => ['http.route', 'http.request.method', 'http.response.status_code'].includes(k)),
      ),
    );
    assert.equal(durations[0]?.unit, 's');
    assert.equal(durations[0]?.type, 'histogram');
    const builds = await receiver.waitForMetric('petstore_build_info', 15_000);
    assert.equal(builds[0]?.points[0]?.value, 1);
    assert.equal(builds[0]?.resource['service.name'], 'petstore-under-test');

    // The request log's trace id, as the CLI gives it once the log is flushed (within 2 s).
    let logged: { requestId: string; traceId?: string }[] = [];
    for (let i = 0; i < 60 && logged.length === 0; i++) {
      logged = await cliJson<{ requestId: string; traceId?: string }[]>(
        ['requests', slug, '--request-id', 'create-1', '--json'],
        db.url,
      ).catch(() => []);
      if (logged.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(logged[0]?.traceId, CALLER_TRACE);

    assert.equal(receiver.spans.length, 0, 'no span exported before the stop (OTEL_BSP_SCHEDULE_DELAY)');
    const stopped = await server.stop();
    assert.equal(stopped.code, 0);

    const [first, second, create] = await Promise.all([spanOf('list-1'), spanOf('list-2'), spanOf('create-1')]);
    for (const [span, route, method, status] of [
      [first, '/v1/pets', 'GET', 200],
      [second, '/v1/pets', 'GET', 200],
      [create, '/v1/pets', 'POST', 201],
    ] as const) {
      assert.equal(span.name, `${method} ${route}`);
      assert.equal(span.protocol, protocol === 'http/json' ? 'json' : 'protobuf');
      assert.equal(span.attributes['http.route'], route);
      assert.equal(span.attributes['http.response.status_code'], status);
      assert.equal(span.attributes['petstore.project'], slug);
      assert.match(String(span.attributes['petstore.key_id']), /^key_/);
      assert.equal(span.resource['service.name'], 'petstore-under-test');
    }
    assert.equal(create.traceId, CALLER_TRACE);
    assert.equal(create.parentSpanId, CALLER_SPAN);
    assert.equal(first.parentSpanId, '');

    // The access-log lines name the spans.
    for (const span of [first, second, create]) {
      const line = server.logs.find((l) => l.reqId === span.attributes['petstore.request_id'] && l.msg === 'request completed');
      assert.equal(line?.trace_id, span.traceId);
      assert.equal(line?.span_id, span.spanId);
    }
    // The loader hook saw telemetry's modules (the span recorder; the SDK for metrics): the test of the server with
    // telemetry off can trust its silence.
    const modules = readFileSync(loaded, 'utf8');
    assert.ok(modules.includes('/dist/telemetry/spans.js'));
    assert.ok(modules.includes('@opentelemetry/sdk-metrics'));
    assert.ok(!modules.includes('@opentelemetry/sdk-trace'), "spans do not go through the SDK's tracer");
  });
});

test('with telemetry off, no @opentelemetry module is loaded', async () => {
  const db = await freshDatabase('sqlite', { onDisk: true });
  const dir = mkdtempSync(join(tmpdir(), 'petstore-telemetry-off-'));
  const loaded = join(dir, 'modules.txt');
  const slug = uniqueSlug();
  const key = await createUnlimitedKey(db.url, slug);
  const server = await startServer({
    DATABASE_URL: db.url,
    OTEL_SERVICE_NAME: 'set but off',
    NODE_OPTIONS: `--import=${RECORD_MODULES}`,
    RECORD_MODULES_TO: loaded,
  });
  try {
    const auth = { authorization: `Bearer ${key}` };
    assert.equal((await fetch(`${server.url}/v1/pets`, { headers: auth })).status, 200);
    assert.equal((await fetch(`${server.url}/v1/pets`, { headers: auth })).status, 200);
    const created = await fetch(`${server.url}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      body: '{"name":"Rex","categoryId":1}',
    });
    assert.equal(created.status, 201);
    assert.equal((await fetch(`${server.url}/metrics`)).status, 200);
    assert.equal((await server.stop()).code, 0);
    assert.ok(existsSync(loaded));
    const lines = readFileSync(loaded, 'utf8').split('\n');
    assert.ok(
      lines.some((m) => m.includes('/dist/server.js')),
      'the hook recorded the server’s own modules',
    );
    // Not even OpenTelemetry's API package, which prom-client's index would load (src/metrics/prometheus.ts), nor
    // Petstore's own span recorder and exporter.
    assert.deepEqual(
      lines.filter((m) => m.includes('@opentelemetry') || /\/dist\/telemetry\/(spans|spans-export|otlp|start|otel)\.js/.test(m)),
      [],
    );
    assert.ok(
      lines.some((m) => m.includes('/node_modules/prom-client/lib/')),
      'the hook records packages’ modules too: /metrics was served',
    );
    // And nothing in the log lines either.
    assert.ok(server.logs.every((l) => l.trace_id === undefined));
  } finally {
    await server.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
