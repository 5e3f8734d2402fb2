import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { assertConsistentLimitHeaders, intoMinute } from '../helpers/limits.js';

/**
 * Answers produced before or without routing carry consistent limit headers.
 * Every operation's own answers (valid, 401, 400, 405, 413, 415, 429) are
 * checked by the shared suite in test/http/routes.test.ts.
 */
describe('limit headers on /v1 answers made without routing', () => {
  const clock = manualClock(intoMinute(12));
  let h: Harness;

  before(async () => {
    h = await harness({ clock, config: { banThreshold: 1 } });
  });
  after(() => h.close());

  const send = async (opts: InjectOptions, what: string): Promise<LightMyRequestResponse> => {
    const res = await h.request(opts);
    assertConsistentLimitHeaders(res, clock.now(), what);
    return res;
  };

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
});
