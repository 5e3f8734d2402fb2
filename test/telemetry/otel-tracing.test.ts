import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { installTelemetry, uninstallTelemetry } from '../../src/telemetry/install.js';
import { readTelemetrySettings } from '../../src/telemetry/settings.js';
import { tracing } from '../../src/telemetry/tracing.js';
import { otlpEnv, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';

const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

for (const protocol of ['http/protobuf', 'http/json'] as const) {
  describe(`the OpenTelemetry tracing over OTLP ${protocol}`, () => {
    let receiver: OtlpReceiver;
    before(async () => {
      receiver = await startOtlpReceiver();
    });
    after(async () => {
      await receiver.close();
    });
    afterEach(async () => {
      await uninstallTelemetry(5_000);
    });

    const install = async (extra: Record<string, string> = {}) => {
      const problems: string[] = [];
      const settings = readTelemetrySettings({ ...otlpEnv(receiver, protocol), OTEL_SERVICE_NAME: 'petstore-test', ...extra }, problems);
      assert.deepEqual(problems, []);
      assert.ok(settings);
      await installTelemetry(settings);
      assert.equal(tracing().enabled, true);
    };

    test('a span and its children are exported with their names, kinds, attributes, parents and resource', async () => {
      await install({ OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test,team=pets%20and%20more' });
      const ids = await tracing().inSpan(
        'GET /v1/pets',
        { kind: 'server', root: true, attributes: { 'http.route': '/v1/pets', skipped: undefined } },
        async (outer) => {
          assert.match(outer.traceId, /^[0-9a-f]{32}$/);
          assert.match(outer.spanId, /^[0-9a-f]{16}$/);
          assert.equal(tracing().activeTraceparent(), `00-${outer.traceId}-${outer.spanId}-01`);
          await new Promise((resolve) => setTimeout(resolve, 1));
          // Still the active span after an await: AsyncLocalStorage carries it.
          const inner = tracing().inSpan('SELECT pets', { kind: 'client', attributes: { 'db.system': 'sqlite' } }, (span) => span);
          return { outer, inner };
        },
      );
      const [outer, inner] = await Promise.all([
        receiver.waitForSpan((s) => s.spanId === ids.outer.spanId),
        receiver.waitForSpan((s) => s.spanId === ids.inner.spanId),
      ]);
      assert.equal(outer.protocol, protocol === 'http/json' ? 'json' : 'protobuf');
      assert.equal(outer.name, 'GET /v1/pets');
      assert.equal(outer.kind, 2);
      assert.equal(outer.parentSpanId, '');
      assert.deepEqual(outer.attributes, { 'http.route': '/v1/pets' });
      assert.equal(outer.resource['service.name'], 'petstore-test');
      assert.equal(outer.resource['team'], 'pets and more');
      assert.equal(outer.resource['deployment.environment'], 'test');
      assert.equal(inner.name, 'SELECT pets');
      assert.equal(inner.kind, 3);
      assert.equal(inner.traceId, outer.traceId);
      assert.equal(inner.parentSpanId, outer.spanId);
      assert.ok(outer.endNs - outer.startNs >= 500_000n, 'the outer span ends when its promise settles, after the timer');
      assert.ok(receiver.exports.every((e) => e.path === '/v1/traces'));
    });

    test("a caller's traceparent is continued; a malformed one starts a new trace; links and failures are kept", async () => {
      await install();
      const continued = tracing().startSpan('GET /v1/pets/{petId}', {
        kind: 'server',
        root: true,
        parent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
      });
      continued.setAttributes({ 'petstore.note': 'set apart' });
      continued.served({
        method: 'GET',
        route: '/v1/pets/{petId}',
        status: 500,
        requestId: 'req-ünï',
        environment: 'staging',
        project: 'shop',
        keyId: undefined,
      });
      continued.fail(new Error('the database went away'));
      continued.end();
      continued.end();
      const fresh = tracing().startSpan('GET /v1/pets', { kind: 'server', root: true, parent: `00-${CALLER_TRACE}-nothex-01` });
      fresh.end();
      const linked = tracing().inSpan(
        'webhook delivery',
        { root: true, links: [`00-${CALLER_TRACE}-${CALLER_SPAN}-01`, 'garbage'] },
        (s) => s,
      );
      assert.throws(() =>
        tracing().inSpan('fails', {}, () => {
          throw new Error('boom');
        }),
      );

      const got = await receiver.waitForSpan((s) => s.spanId === continued.spanId);
      assert.equal(got.traceId, CALLER_TRACE);
      assert.equal(got.parentSpanId, CALLER_SPAN);
      assert.equal(got.name, 'GET /v1/pets/{petId}');
      assert.equal(got.status.code, 2);
      assert.deepEqual(got.attributes, {
        'http.request.method': 'GET',
        'http.route': '/v1/pets/{petId}',
        'http.response.status_code': 500,
        'petstore.environment': 'staging',
        'error.type': '500',
        'petstore.request_id': 'req-ünï',
        'petstore.project': 'shop',
        'petstore.note': 'set apart',
      });
      assert.ok(got.events.some((e) => e.name === 'exception' && e.attributes['exception.message'] === 'the database went away'));
      assert.equal(receiver.spans.filter((s) => s.spanId === continued.spanId).length, 1, 'ended once');

      const other = await receiver.waitForSpan((s) => s.spanId === fresh.spanId);
      assert.notEqual(other.traceId, CALLER_TRACE);
      assert.equal(other.parentSpanId, '');

      const delivery = await receiver.waitForSpan((s) => s.spanId === linked.spanId);
      assert.deepEqual(delivery.links, [{ traceId: CALLER_TRACE, spanId: CALLER_SPAN }]);
      assert.notEqual(delivery.traceId, CALLER_TRACE);
      const failed = await receiver.waitForSpan((s) => s.name === 'fails');
      assert.equal(failed.status.code, 2);
    });

    test('a span the sampler drops has no ids and exports nothing', async () => {
      await install({ OTEL_TRACES_SAMPLER: 'always_off' });
      const received = receiver.spans.length;
      const span = tracing().startSpan('GET /v1/pets', { kind: 'server', root: true });
      assert.equal(span.traceId, '');
      assert.equal(span.spanId, '');
      span.end();
      const kept = tracing().startSpan('kept', { kind: 'server', root: true, parent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
      kept.end();
      // always_off drops even a sampled caller's trace: nothing arrives, the flush on uninstall included.
      await uninstallTelemetry(5_000);
      assert.equal(receiver.spans.length, received);
    });
  });
}

test('an export that fails is said on stderr, once a minute at most, and the spans are dropped', async (t) => {
  const problems: string[] = [];
  // Nothing listens on port 1 of this machine.
  const settings = readTelemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1', OTEL_BSP_SCHEDULE_DELAY: '20' }, problems);
  assert.deepEqual(problems, []);
  const said: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  t.mock.method(process.stderr, 'write', (chunk: string | Uint8Array, ...rest: never[]) => {
    if (String(chunk).startsWith('petstore: OpenTelemetry')) {
      said.push(String(chunk));
      return true;
    }
    return write(chunk, ...rest);
  });
  await installTelemetry(settings ?? undefined);
  try {
    tracing().startSpan('lost', { root: true }).end();
    // The exporter tries again a few times (with back-off) before it gives a batch up.
    const deadline = Date.now() + 30_000;
    while (said.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(said.length, 1);
    assert.match(said[0] ?? '', /^petstore: OpenTelemetry: an export failed: .*; what it held is dropped\n$/);
    tracing().startSpan('lost again', { root: true }).end();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(said.length, 1, 'not said again within the minute');
  } finally {
    await uninstallTelemetry(1_000);
  }
});
