import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createClient, PetstoreError, type RetryEvent } from '../src/index.js';
import { parseJson, stringifyJson, toInt64 } from '../src/int64.js';
import { nextCursor } from '../src/link.js';
import { backoffDelay, parseRetryAfter, sleep } from '../src/retry.js';

const BASE = 'http://127.0.0.1:1/v1';

/** A fetch that answers from a script, one response per call, and counts the calls. */
function scripted(...answers: (() => Response)[]) {
  const calls: RequestInit[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    calls.push(init ?? {});
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    return next();
  };
  return { fetch, calls };
}

const errorBody =
  (status: number, code: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ code, message: `${code} happened`, status }), {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers },
    });
const ok = (body: string) => () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });

describe('Retry-After', () => {
  test('delta seconds and HTTP dates are read; anything else is null', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 10:00:42 GMT', now), 42_000);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter(null, now), null);
    assert.equal(parseRetryAfter('soon', now), null);
    assert.equal(parseRetryAfter('-3', now), null);
  });
});

describe('backoff', () => {
  test('full jitter between 0 and min(30 s, 500 ms × 2^(attempt − 1))', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 7, 8, 20].map((a) => backoffDelay(a, 60_000, () => 0.999999)),
      [499, 999, 1999, 3999, 29_999, 29_999, 29_999],
    );
    assert.equal(
      backoffDelay(5, 60_000, () => 0),
      0,
    );
    assert.equal(
      backoffDelay(10, 1000, () => 0.5),
      500,
      'never above maxRetryDelayMs',
    );
  });

  test('sleep never ends early and ends at once on abort', async () => {
    const started = Date.now();
    await sleep(30);
    assert.ok(Date.now() - started >= 30);
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await assert.rejects(waiting, /stop/);
  });
});

describe('int64', () => {
  test('ids are bigint, other numbers stay numbers, digits are never rounded', () => {
    assert.deepEqual(parseJson('[{"id":9223372036854775807,"categoryId":-9223372036854775808,"quantity":2,"ratio":0.5}]'), [
      { id: 9223372036854775807n, categoryId: -9223372036854775808n, quantity: 2, ratio: 0.5 },
    ]);
    assert.equal(stringifyJson({ categoryId: 9223372036854775807n }), '{"categoryId":9223372036854775807}');
  });

  test('inputs: safe integers and int64 bigints only', () => {
    assert.equal(toInt64(7, 'x'), 7n);
    assert.equal(toInt64(Number.MAX_SAFE_INTEGER, 'x'), 9007199254740991n);
    assert.throws(() => toInt64(Number.MAX_SAFE_INTEGER + 1, 'x'), RangeError);
    assert.throws(() => toInt64(-(2n ** 63n) - 1n, 'x'), RangeError);
    assert.throws(() => toInt64('7', 'x'), TypeError);
  });
});

describe('Link header', () => {
  test('the cursor of rel="next", whatever else the header holds', () => {
    const link = '</v1/pets?cursor=abc%2Bdef&limit=5>; rel="next", </v1/pets/1>; rel="successor-version"';
    assert.equal(nextCursor(link, BASE), 'abc+def');
    assert.equal(nextCursor('</v1/pets?cursor=x>; rel=next', BASE), 'x');
    assert.equal(nextCursor('</v1/pets>; rel="successor-version"', BASE), null);
    assert.equal(nextCursor(null, BASE), null);
  });
});

describe('retries', () => {
  test('503 and a 429 without Retry-After are retried with backoff; the last error is thrown after maxRetries', async () => {
    const { fetch, calls } = scripted(
      errorBody(503, 'service_unavailable'),
      errorBody(429, 'rate_limited'),
      errorBody(503, 'service_unavailable'),
    );
    const retries: RetryEvent[] = [];
    const client = createClient({ baseUrl: BASE, apiKey: 'k', fetch, maxRetries: 2, onRetry: (e) => retries.push(e) });
    const error = await client.listPets().catch((err: unknown) => err);
    assert.ok(error instanceof PetstoreError);
    assert.deepEqual([error.status, error.code, error.requestId, error.retryAfterMs], [503, 'service_unavailable', 'req-1', null]);
    assert.equal(calls.length, 3);
    assert.deepEqual(
      retries.map((r) => [r.attempt, r.status]),
      [
        [1, 503],
        [2, 429],
      ],
    );
    assert.ok(retries[0]!.delayMs <= 500 && retries[1]!.delayMs <= 1000);
  });

  test('a Retry-After given as an HTTP date is waited for', async () => {
    const at = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const { fetch, calls } = scripted(errorBody(429, 'rate_limited', { 'retry-after': at.toUTCString() }), ok('[]'));
    const retries: RetryEvent[] = [];
    const client = createClient({ baseUrl: BASE, apiKey: 'k', fetch, onRetry: (e) => retries.push(e) });
    assert.deepEqual(await client.listPets(), { pets: [], nextCursor: null });
    assert.equal(calls.length, 2);
    assert.ok(Date.now() >= at.getTime(), 'the retry was not sent before the date');
    assert.ok(retries[0]!.delayMs > 400);
  });

  test('a Retry-After longer than maxRetryDelayMs fails at once', async () => {
    const { fetch, calls } = scripted(errorBody(429, 'rate_limited', { 'retry-after': '3' }));
    const client = createClient({ baseUrl: BASE, apiKey: 'k', fetch, maxRetryDelayMs: 2000 });
    const error = await client.listPets().catch((err: unknown) => err);
    assert.ok(error instanceof PetstoreError && error.retryAfterMs === 3000);
    assert.equal(calls.length, 1);
  });

  for (const [status, code] of [
    [400, 'validation_failed'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [409, 'idempotency_key_in_use'],
    [410, 'gone'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [422, 'idempotency_key_reused'],
  ] as const) {
    test(`${String(status)} is never retried`, async () => {
      const { fetch, calls } = scripted(errorBody(status, code, { 'retry-after': '1' }), ok('{}'));
      const client = createClient({ baseUrl: BASE, apiKey: 'k', fetch });
      await assert.rejects(client.createPet({ name: 'x', categoryId: 1 }), (err: unknown) => {
        assert.ok(err instanceof PetstoreError);
        assert.deepEqual([err.status, err.code], [status, code]);
        return true;
      });
      assert.equal(calls.length, 1);
    });
  }

  test('an answer that is not the Error body still becomes a PetstoreError', async () => {
    const { fetch } = scripted(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await createClient({ baseUrl: BASE, apiKey: 'k', fetch })
      .listPets()
      .catch((err: unknown) => err);
    assert.ok(error instanceof PetstoreError);
    assert.deepEqual([error.status, error.code, error.requestId], [502, 'unknown_error', null]);
  });
});

describe('createClient', () => {
  test('refuses a base URL that does not end in /v1 and an empty key', () => {
    assert.throws(() => createClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'k' }), /ending in \/v1/);
    assert.throws(() => createClient({ baseUrl: 'http://127.0.0.1:8080/v1/', apiKey: '' }), /apiKey/);
    assert.doesNotThrow(() => createClient({ baseUrl: 'http://127.0.0.1:8080/v1/', apiKey: 'k' }));
  });
});
