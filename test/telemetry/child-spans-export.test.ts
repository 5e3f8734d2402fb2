import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { installTelemetry, uninstallTelemetry } from '../../src/telemetry/install.js';
import { readTelemetrySettings } from '../../src/telemetry/settings.js';
import { tracing } from '../../src/telemetry/tracing.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { otlpEnv, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import { memberOf, receiver as webhookReceiver } from '../helpers/webhooks.js';

/*
 * End to end through OpenTelemetry's SDK and OTLP: the spans Petstore makes at its own seams (statements, group
 * commits, webhook deliveries) exported with their parents and links, below the request's own server span (the
 * pipeline's trace stage), which continues the test's traceparent.
 */
describeEachEngine('child spans exported over OTLP', (engine) => {
  let otlp: OtlpReceiver;
  let h: Harness;
  before(async () => {
    otlp = await startOtlpReceiver();
    const problems: string[] = [];
    const settings = readTelemetrySettings({ ...otlpEnv(otlp, engine.name === 'postgres' ? 'http/json' : 'http/protobuf') }, problems);
    assert.deepEqual(problems, []);
    assert.ok(settings);
    await installTelemetry(settings);
    assert.equal(tracing().enabled, true);
    h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [1, 1, 1] } });
  });
  after(async () => {
    await h?.close();
    await uninstallTelemetry(5_000);
    await otlp?.close();
  });

  const isUnder = (span: ReceivedSpan, ancestorId: string): boolean => {
    let at: ReceivedSpan | undefined = span;
    for (let depth = 0; at !== undefined && depth < 50; depth++) {
      if (at.parentSpanId === ancestorId) return true;
      const parent: string = at.parentSpanId;
      at = otlp.spans.find((s) => s.spanId === parent);
    }
    return false;
  };

  test("a createPet's statement spans are exported under its request's span, and its webhook delivery in a trace of its own linked to it", async () => {
    const r = await webhookReceiver();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const added = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: r.url, events: ['pet.created'] },
      });
      assert.equal(added.statusCode, 201, added.body);
      r.useSecret((added.json() as { secret: string }).secret);

      // A caller's trace: the request's server span continues it, and is found as the caller span's child.
      const caller = { traceId: randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex') };
      const res = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, 'content-type': 'application/json', traceparent: `00-${caller.traceId}-${caller.spanId}-01` },
        payload: '{"name":"Rex","categoryId":4}',
      });
      assert.equal(res.statusCode, 201, res.body);
      await r.waitFor(1);

      const system = engine.name === 'postgres' ? 'postgresql' : 'sqlite';
      const request = await otlp.waitForSpan((s) => s.parentSpanId === caller.spanId);
      assert.equal(request.kind, 2);
      assert.equal(request.name, 'POST /v1/pets');
      assert.equal(request.traceId, caller.traceId);
      const ids = { traceId: request.traceId, spanId: request.spanId };
      const statements = await otlp.waitForSpans(
        (s) => s.traceId === ids.traceId && s.kind === 3 && s.attributes['db.system'] === system && /^(INSERT|WITH) pet/.test(s.name),
      );
      const [insert] = statements;
      assert.ok(insert);
      assert.ok(isUnder(insert, request.spanId), 'the INSERT is below the request span');
      assert.equal(insert.attributes['db.system.name'], system);
      assert.ok(!JSON.stringify(insert.attributes).includes('Rex'), 'no parameter value');
      const commit = otlp.spans.find((s) => s.spanId === insert.parentSpanId);
      assert.equal(commit?.name, 'group commit');
      assert.equal(commit.parentSpanId, request.spanId);
      assert.ok(Number(commit.attributes['db.operation.batch.size']) >= 1);

      const delivery = await otlp.waitForSpan((s) => s.name === 'webhook pet.created' && s.links.some((l) => l.traceId === ids.traceId));
      assert.equal(delivery.parentSpanId, '');
      assert.notEqual(delivery.traceId, ids.traceId);
      assert.deepEqual(delivery.links, [{ traceId: ids.traceId, spanId: ids.spanId }]);
      assert.equal(delivery.kind, 3);
      assert.equal(delivery.attributes['http.response.status_code'], 204);
      assert.equal(delivery.attributes['petstore.webhook.outcome'], 'succeeded');
      assert.equal(delivery.status.code, 0);
    } finally {
      await r.close();
    }
  });
});
