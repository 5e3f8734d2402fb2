import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  return [];
};

describe('telemetry settings (the standard OTEL_* variables)', () => {
  test('off without an OTLP endpoint, whatever else is set', () => {
    assert.equal(loadConfig({}).telemetry, undefined);
    assert.equal(loadConfig({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' }).telemetry, undefined);
    assert.equal(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).telemetry, undefined);
  });

  test('on with the shared endpoint: the defaults, and v1/traces appended', () => {
    const t = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).telemetry;
    assert.deepEqual(t, {
      serviceName: 'petstore',
      resourceAttributes: {},
      traces: {
        url: 'http://collector:4318/v1/traces',
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 10_000,
        compression: 'none',
        certificates: {},
      },
      metrics: null,
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
      batch: { delayMs: 5000, maxBatch: 512, maxQueue: 2048, timeoutMs: 30000 },
    });
  });

  test('a signal endpoint is used as is; protocol, sampler, resource, headers and metrics are read', () => {
    const t = loadConfig({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/api/traces',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc',
      OTEL_SERVICE_NAME: 'pets-eu',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,service.name=ignored',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_METRIC_EXPORT_INTERVAL: '10000',
    }).telemetry;
    assert.ok(t);
    assert.equal(t.traces.url, 'https://otlp.example.com/api/traces');
    assert.equal(t.traces.protocol, 'http/json');
    assert.deepEqual(t.traces.headers, { authorization: 'Bearer abc' });
    assert.equal(t.serviceName, 'pets-eu');
    assert.equal(t.resourceAttributes['deployment.environment'], 'prod');
    assert.equal(t.sampler, 'parentbased_traceidratio');
    assert.equal(t.samplerRatio, 0.25);
    assert.deepEqual(t.metrics, {
      url: 'http://collector:4318/v1/metrics',
      protocol: 'http/json',
      headers: { authorization: 'Bearer abc' },
      intervalMs: 10000,
    });
  });

  test('bad values stop the start, each naming its variable', () => {
    const problems = problemsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://x',
    });
    assert.deepEqual(problems, ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: expected an http:// or https:// URL (got "ftp://x")']);
    assert.deepEqual(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_TRACES_SAMPLER: 'xray',
        OTEL_TRACES_SAMPLER_ARG: '1.5',
        OTEL_RESOURCE_ATTRIBUTES: 'novalue',
        OTEL_METRICS_EXPORTER: 'prometheus',
        OTEL_BSP_SCHEDULE_DELAY: 'soon',
      }).sort(),
      [
        'OTEL_BSP_SCHEDULE_DELAY: expected a whole number of milliseconds above 0 (got "soon")',
        'OTEL_EXPORTER_OTLP_PROTOCOL: expected one of http/protobuf, http/json (got "grpc")',
        'OTEL_METRICS_EXPORTER: expected one of otlp, none (got "prometheus")',
        'OTEL_RESOURCE_ATTRIBUTES: expected key=value pairs separated by commas (item 1 of 1 has no key=)',
        'OTEL_TRACES_SAMPLER: expected one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio (got "xray")',
      ],
    );
    assert.deepEqual(
      problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }),
      ['OTEL_TRACES_SAMPLER_ARG: expected a ratio from 0 to 1 (got "1.5")'],
    );
    assert.deepEqual(problemsOf({ OTEL_METRICS_EXPORTER: 'otlp' }), [
      'OTEL_METRICS_EXPORTER: otlp needs OTEL_EXPORTER_OTLP_ENDPOINT (telemetry is off without an OTLP endpoint)',
    ]);
    // A collector's credentials never reach a message: not a header's value, not an endpoint's user and password.
    const secret = 'hcaik_SECRET';
    const leaks = [
      ...problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: `ftp://user:${secret}@collector:4318` }),
      ...problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_HEADERS: `x-honeycomb-team=${secret},oops`,
      }),
      ...problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_HEADERS: `x-key=%E0%A4%A${secret}` }),
    ];
    assert.equal(leaks.length, 3, JSON.stringify(leaks));
    for (const problem of leaks) assert.ok(!problem.includes(secret), problem);
    assert.ok(leaks.some((p) => p.includes('item 2 of 2 has no key=')));
    // Beside the other settings' problems, all at once.
    const mixed = problemsOf({ PORT: 'eighty', OTEL_EXPORTER_OTLP_ENDPOINT: 'nope' });
    assert.equal(mixed.length, 2);
    assert.match(mixed[0] ?? '', /^PORT:/);
    assert.match(mixed[1] ?? '', /^OTEL_EXPORTER_OTLP_ENDPOINT:/);
  });

  test('span batching: the OTEL_BSP_* variables are read, checked and passed on as set', () => {
    const t = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_BSP_SCHEDULE_DELAY: '1000',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '128',
      OTEL_BSP_MAX_QUEUE_SIZE: '4096',
      OTEL_BSP_EXPORT_TIMEOUT: '10000',
    }).telemetry;
    assert.deepEqual(t?.batch, { delayMs: 1000, maxBatch: 128, maxQueue: 4096, timeoutMs: 10000 });
    assert.deepEqual(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '4096',
        OTEL_BSP_EXPORT_TIMEOUT: '-1',
      }).sort(),
      [
        'OTEL_BSP_EXPORT_TIMEOUT: expected a whole number of milliseconds above 0 (got "-1")',
        'OTEL_BSP_MAX_EXPORT_BATCH_SIZE: expected at most OTEL_BSP_MAX_QUEUE_SIZE (2048; got 4096)',
      ],
    );
    assert.deepEqual(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_BSP_MAX_QUEUE_SIZE: '0' }), [
      'OTEL_BSP_MAX_QUEUE_SIZE: expected a whole number of spans above 0 (got "0")',
    ]);
  });

  test("the exporter's variables: timeout, compression and certificates, the traces' own over the shared ones", () => {
    const t = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector:4318',
      OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
      OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '4000',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
      OTEL_EXPORTER_OTLP_CERTIFICATE: '/etc/ca.pem',
      OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE: '/etc/client.pem',
      OTEL_EXPORTER_OTLP_CLIENT_KEY: '/etc/client.key',
    }).telemetry;
    assert.equal(t?.traces.timeoutMs, 4000);
    assert.equal(t?.traces.compression, 'gzip');
    assert.deepEqual(t?.traces.certificates, { ca: '/etc/ca.pem', cert: '/etc/client.pem', key: '/etc/client.key' });
    assert.equal(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_TIMEOUT: '2500' }).telemetry?.traces.timeoutMs,
      2500,
    );
    assert.deepEqual(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: 'zstd',
        OTEL_EXPORTER_OTLP_TIMEOUT: '0',
      }).sort(),
      [
        'OTEL_EXPORTER_OTLP_TIMEOUT: expected a whole number of milliseconds above 0 (got "0")',
        'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: expected gzip or none (got "zstd")',
      ],
    );
  });

  test('TRACE_URL: an http(s) URL template with {traceId}', () => {
    assert.equal(loadConfig({ TRACE_URL: 'http://jaeger:16686/trace/{traceId}' }).traceUrl, 'http://jaeger:16686/trace/{traceId}');
    assert.equal(loadConfig({}).traceUrl, undefined);
    assert.equal(loadConfig({ TRACE_URL: 'HTTPS://jaeger/trace/{traceId}' }).traceUrl, 'HTTPS://jaeger/trace/{traceId}');
    assert.deepEqual(problemsOf({ TRACE_URL: 'http://jaeger:16686/trace/' }), [
      'TRACE_URL: expected an http:// or https:// URL containing {traceId} (got "http://jaeger:16686/trace/")',
    ]);
    assert.deepEqual(problemsOf({ TRACE_URL: 'javascript:alert({traceId})' }), [
      'TRACE_URL: expected an http:// or https:// URL containing {traceId} (got "javascript:alert({traceId})")',
    ]);
  });
});
