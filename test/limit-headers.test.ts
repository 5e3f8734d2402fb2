import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { harness, manualClock, type Harness } from './helpers/harness.js';
import { assertConsistentLimitHeaders, intoMinute } from './helpers/limits.js';

type Op = {
  method: string;
  path: string;
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { headers?: Record<string, unknown> }>;
};

/** A valid body for each operation that takes one; a new operation must add its sample here. */
const SAMPLE_BODIES: Record<string, unknown> = {
  createPet: { name: 'Rex', categoryId: 1 },
};

const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];
const json = { 'content-type': 'application/json' };

/**
 * The shared limits suite: every operation of the contract, and the answers
 * produced before or without routing (unknown path, wrong method, malformed
 * URL, 401, 413, 415), carries consistent limit headers; and the contract
 * documents them on every response of every operation.
 */
describe('limit headers on every /v1 response', () => {
  const clock = manualClock(intoMinute(12));
  let h: Harness;
  let ops: Op[];
  const seen = new Set<number>();

  before(async () => {
    h = await harness({ clock, config: { banThreshold: 1 } });
    const doc = h.app.openapi() as { paths: Record<string, Record<string, Omit<Op, 'method' | 'path'>>> };
    ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
    );
  });
  after(() => h.close());

  const send = async (opts: InjectOptions, what: string): Promise<LightMyRequestResponse> => {
    const res = await h.request(opts);
    assertConsistentLimitHeaders(res, clock.now(), what);
    seen.add(res.statusCode);
    return res;
  };

  const url = (op: Op, pathValue = '1') => `/v1${op.path.replace(/\{[^}]+\}/g, pathValue)}`;
  const body = (op: Op) => {
    if (!op.requestBody) return {};
    assert.ok(op.operationId in SAMPLE_BODIES, `add a sample body for ${op.operationId} to SAMPLE_BODIES`);
    return { headers: json, payload: JSON.stringify(SAMPLE_BODIES[op.operationId]) };
  };

  test('the contract documents the limit headers (and Retry-After on 429) on every response of every operation', () => {
    assert.ok(ops.length >= 4);
    for (const op of ops) {
      for (const [status, response] of Object.entries(op.responses)) {
        const names = Object.keys(response.headers ?? {});
        // 408 and 431 come from Node's HTTP parser before there is a request to count: no limit headers.
        const counted = status !== '408' && status !== '431';
        for (const name of LIMIT_HEADERS) assert.equal(names.includes(name), counted, `${op.operationId} ${status}: ${name}`);
        assert.equal(names.includes('Retry-After'), status === '429', `${op.operationId} ${status}: Retry-After`);
      }
      assert.ok('429' in op.responses, `${op.operationId}: 429 not documented`);
    }
  });

  test('every operation: valid request, missing key, invalid key, bad input, 413 and 415', async () => {
    for (const op of ops) {
      const what = `${op.method} ${op.path}`;
      const ok = await send({ method: op.method as never, url: url(op), ...mergeHeaders(body(op), h.auth) }, `${what} with key`);
      assert.ok([200, 201, 404].includes(ok.statusCode), `${what}: ${String(ok.statusCode)} ${ok.body}`);
      assert.equal((await send({ method: op.method as never, url: url(op), ...body(op) }, `${what} no key`)).statusCode, 401);
      const badKey = await send(
        { method: op.method as never, url: url(op), ...mergeHeaders(body(op), { authorization: 'Bearer psk_not_a_key' }) },
        `${what} bad key`,
      );
      assert.equal(badKey.statusCode, 401);

      const hasPath = (op.parameters ?? []).some((p) => p.in === 'path');
      const hasLimit = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'limit');
      const bad: InjectOptions = hasPath
        ? { method: op.method as never, url: url(op, 'not-a-number'), headers: h.auth }
        : hasLimit
          ? { method: op.method as never, url: `${url(op)}?limit=0`, headers: h.auth }
          : { method: op.method as never, url: url(op), headers: { ...h.auth, ...json }, payload: '{}' };
      assert.equal((await send(bad, `${what} bad input`)).statusCode, 400);

      if (op.requestBody) {
        const wrongType = await send(
          { method: op.method as never, url: url(op), headers: { ...h.auth, 'content-type': 'text/plain' }, payload: 'Rex' },
          `${what} text/plain`,
        );
        assert.equal(wrongType.statusCode, 415);
        const tooLarge = await send(
          {
            method: op.method as never,
            url: url(op),
            headers: { ...h.auth, ...json },
            payload: JSON.stringify({ name: 'x'.repeat(20_000), categoryId: 1 }),
          },
          `${what} oversize`,
        );
        assert.equal(tooLarge.statusCode, 413);
      }
    }
  });

  test('answers without routing: unknown path, wrong method, malformed URL, over-long parameter', async () => {
    assert.equal((await send({ method: 'GET', url: '/v1/nowhere', headers: h.auth }, 'unknown path')).statusCode, 404);
    assert.equal((await send({ method: 'GET', url: '/v1/nowhere' }, 'unknown path, no key')).statusCode, 401);
    const wrong = await send({ method: 'DELETE', url: '/v1/pets', headers: h.auth }, 'wrong method');
    assert.equal(wrong.statusCode, 405);
    const malformed = await send({ method: 'GET', url: '/v1/pets/%zz', headers: h.auth }, 'malformed URL');
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().code, 'bad_request');
    assert.equal((await send({ method: 'GET', url: '/v1/pets/%zz' }, 'malformed URL, no key')).statusCode, 401);
    const long = await send({ method: 'GET', url: `/v1/pets/${'9'.repeat(201)}`, headers: h.auth }, 'over-long parameter');
    assert.equal(long.statusCode, 400);
  });

  test('every operation over quota: 429 rate_limited, then api_key_banned, both with Retry-After', async () => {
    for (const op of ops) {
      const what = `${op.method} ${op.path}`;
      const p = await h.newProject('enterprise', { perMinute: 1, perDay: 100 });
      const opts = { method: op.method as never, url: url(op), ...mergeHeaders(body(op), p.auth) };
      assert.notEqual((await send(opts, `${what} first`)).statusCode, 429);
      const limited = await send(opts, `${what} over quota`);
      assert.equal(limited.json().code, 'rate_limited', what);
      const banned = await send(opts, `${what} banned`);
      assert.equal(banned.json().code, 'api_key_banned', what);
      assert.equal(banned.headers['retry-after'], '600');
    }
  });

  test('the statuses the specification lists were all seen with headers', () => {
    for (const status of [200, 201, 400, 401, 404, 405, 413, 415, 429]) assert.ok(seen.has(status), `no ${String(status)} seen`);
  });
});

function mergeHeaders(opts: { headers?: Record<string, string>; payload?: string }, headers: Record<string, string>) {
  return { ...opts, headers: { ...(opts.headers ?? {}), ...headers } };
}
