import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { VERSION } from '../../src/version.js';
import { readFileSync } from 'node:fs';

/** The value of one sample line of the Prometheus text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
  }
  return undefined;
}

describe('Prometheus /metrics', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const metrics = async () => {
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  test('counts requests and their latency per operation, method and status, without a key', async () => {
    const first = await metrics();
    assert.equal(sample(first, 'http_requests_total', { operation: 'listPets', method: 'GET', status: '200' }), undefined);
    for (let i = 0; i < 3; i++) assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth })).statusCode, 200);
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets/424242', headers: h.auth })).statusCode, 404);
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets' })).statusCode, 401);
    assert.equal((await h.request({ method: 'GET', url: '/v1/nothing/here', headers: h.auth })).statusCode, 404);
    assert.equal((await h.request({ method: 'DELETE', url: '/v1/pets', headers: h.auth })).statusCode, 405);

    const text = await metrics();
    const count = (operation: string, method: string, status: string) => sample(text, 'http_requests_total', { operation, method, status });
    assert.equal(count('listPets', 'GET', '200'), 3);
    assert.equal(count('getPet', 'GET', '404'), 1);
    assert.equal(count('listPets', 'GET', '401'), 1);
    // Unmatched URLs share one series, so scanning random paths cannot create new ones.
    assert.equal(count('unmatched', 'GET', '404'), 1);
    assert.equal(count('unmatched', 'DELETE', '405'), 1);
    assert.equal(count('/metrics', 'GET', '200'), 1, 'the first scrape is counted by the second');

    const labels = { operation: 'listPets', method: 'GET', status: '200' };
    assert.equal(sample(text, 'http_request_duration_seconds_count', labels), 3);
    assert.equal(sample(text, 'http_request_duration_seconds_bucket', { le: '+Inf', ...labels }), 3);
    const sum = sample(text, 'http_request_duration_seconds_sum', labels) ?? -1;
    assert.ok(sum > 0 && sum < 30, `latency sum ${String(sum)} s`);
    assert.match(text, /^process_resident_memory_bytes \d+/m);
    assert.match(text, /^nodejs_eventloop_lag_seconds \S+/m);
  });

  test('petstore_build_info names the release this instance runs', async () => {
    const text = await metrics();
    assert.equal(sample(text, 'petstore_build_info', { version: VERSION }), 1);
    assert.equal(
      VERSION,
      (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
    );
  });

  test('a project site\'s answers are counted as operation "site", apart from unmatched URLs', async () => {
    ok(await h.app.deploys.deploy(OPERATOR, h.project, { files: site({ 'index.html': '<h1>shop</h1>' }) }));
    const host = { host: `${h.project}.${h.app.config.platformHost}` };
    const before = await metrics();
    const count = (text: string, operation: string, status: string) =>
      sample(text, 'http_requests_total', { operation, method: 'GET', status }) ?? 0;
    assert.equal((await h.app.inject({ url: '/', headers: host })).statusCode, 200);
    assert.equal((await h.app.inject({ url: '/', headers: host })).statusCode, 200);
    assert.equal((await h.app.inject({ url: '/missing', headers: host })).statusCode, 404);
    const after = await metrics();
    assert.equal(count(after, 'site', '200') - count(before, 'site', '200'), 2);
    assert.equal(count(after, 'site', '404') - count(before, 'site', '404'), 1);
    assert.equal(count(after, 'unmatched', '404'), count(before, 'unmatched', '404'), 'site answers are not unmatched');
  });
});

test('METRICS_ENABLED=false: no /metrics', async () => {
  const h = await harness({ config: { metricsEnabled: false } });
  try {
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 404);
  } finally {
    await h.close();
  }
});
