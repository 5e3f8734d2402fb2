import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readTelemetrySettings } from '../../src/telemetry/settings.js';
import { resourceOf } from '../../src/telemetry/start.js';
import { VERSION } from '../../src/version.js';

function settings(env: Record<string, string>) {
  const problems: string[] = [];
  const read = readTelemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', ...env }, problems);
  assert.deepEqual(problems, []);
  assert.ok(read);
  return read;
}

test('one process: the resource is the operator’s with the service name and version, no instance id added', () => {
  const resource = resourceOf(settings({ OTEL_SERVICE_NAME: 'pets', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod' }));
  assert.deepEqual(resource, { 'deployment.environment.name': 'prod', 'service.name': 'pets', 'service.version': VERSION });
});

test('WORKERS > 1: each process a random service.instance.id of its own, and which process it is', () => {
  const s = settings({});
  const primary = resourceOf(s, 0);
  const one = resourceOf(s, 1);
  const two = resourceOf(s, 2);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  for (const r of [primary, one, two]) assert.match(r['service.instance.id'] ?? '', uuid);
  assert.equal(new Set([primary, one, two].map((r) => r['service.instance.id'])).size, 3);
  assert.deepEqual(
    [primary, one, two].map((r) => r['petstore.worker']),
    ['primary', '1', '2'],
  );
});

test('WORKERS > 1 with the operator’s service.instance.id: suffixed per process', () => {
  const s = settings({ OTEL_RESOURCE_ATTRIBUTES: 'service.instance.id=pod-7' });
  assert.equal(resourceOf(s)['service.instance.id'], 'pod-7');
  assert.equal(resourceOf(s, 0)['service.instance.id'], 'pod-7-primary');
  assert.equal(resourceOf(s, 3)['service.instance.id'], 'pod-7-worker-3');
});
