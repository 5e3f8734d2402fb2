import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateSecret } from '../../src/keys/key-format.js';
import type { PetRepository } from '../../src/pets/repository.js';
import { percentEncodeAll } from '../helpers/arbitraries.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { OPERATOR } from '../../src/audit/actor.js';

type LogLine = Record<string, unknown> & { reqId?: string; msg?: string; req?: { url?: string; host?: string } };

/** A store whose pet listing fails, to see what a 500 logs. */
const failingListings = {
  pets: (pets: PetRepository): PetRepository => ({
    ...pets,
    list: () => Promise.reject(new Error('disk on fire')),
    listJson: () => Promise.reject(new Error('disk on fire')),
  }),
};

describe('logging: JSON lines with request ids; keys never logged', () => {
  const logs = logCapture();
  let h: Harness;
  let broken: Harness;
  let revoked: string;
  /** Every secret-looking value sent; none may appear in the logs, in any form. */
  const secrets: string[] = [];

  before(async () => {
    h = await harness({ logStream: logs.stream, config: { logLevel: 'trace' } });
    broken = await harness({ logStream: logs.stream, config: { logLevel: 'trace' }, wrapRepositories: failingListings });
    const r = ok(await h.app.keys.create(OPERATOR, h.project, 'revoked'));
    ok(await h.app.keys.revoke(OPERATOR, r.id));
    revoked = r.key;
    secrets.push(h.key, revoked, broken.key);
  });
  after(async () => {
    await h.close();
    await broken.close();
  });

  test('every line is a JSON object with a level, a time and a message; request lines carry the request id', async () => {
    const res = await h.request({ method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': 'log-check-1' } });
    assert.equal(res.statusCode, 200);
    const generated = await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth });
    const generatedId = String(generated.headers['x-request-id']);
    assert.match(generatedId, /^req_/);

    const lines = logs.lines().map((l) => JSON.parse(l) as LogLine);
    assert.ok(lines.length > 0);
    for (const line of lines) {
      assert.equal(typeof line.level, 'number', JSON.stringify(line));
      assert.equal(typeof line.time, 'number', JSON.stringify(line));
      assert.equal(typeof line.msg, 'string', JSON.stringify(line));
      if (line.req || line.res) assert.equal(typeof line.reqId, 'string', `request log line without reqId: ${JSON.stringify(line)}`);
    }
    for (const id of ['log-check-1', generatedId]) {
      const mine = lines.filter((l) => l.reqId === id);
      assert.deepEqual(
        mine.map((l) => l.msg),
        ['incoming request', 'request completed'],
        id,
      );
      assert.equal(mine[0]?.req?.url, '/v1/pets');
      assert.deepEqual(mine[1]?.res, { statusCode: 200 });
    }
  });

  test('a 500 is logged at error level with the request id and the cause; the client sees only the reference', async () => {
    const res = await broken.request({ method: 'GET', url: '/v1/pets', headers: { ...broken.auth, 'x-request-id': 'log-fail-1' } });
    assert.equal(res.statusCode, 500);
    assert.equal(res.json().code, 'internal_error');
    assert.doesNotMatch(res.body, /disk on fire/);
    assert.match(res.body, /log-fail-1/);
    const error = logs
      .lines()
      .map((l) => JSON.parse(l) as LogLine & { err?: { message?: string } })
      .find((l) => l.reqId === 'log-fail-1' && l.level === 50);
    assert.ok(error, 'no error line for the failed request');
    assert.equal(error.err?.message, 'disk on fire');
  });

  test('keys never appear in logs: valid, revoked, unknown or malformed, in headers, URLs, request ids or bodies', async () => {
    const unknown = generateSecret();
    const malformed = 'not-a-key-BRUN0-T0KEN-3141592653';
    secrets.push(unknown, malformed);
    const key = h.key;
    const json = { 'content-type': 'application/json' };
    const requests: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }[] = [
      { method: 'GET', url: '/v1/pets', headers: h.auth },
      { method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${revoked}` } },
      { method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${unknown}` } },
      { method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${malformed}` } },
      { method: 'GET', url: '/v1/pets', headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` } },
      { method: 'GET', url: '/v1/pets', headers: { authorization: key } },
      { method: 'GET', url: `/v1/pets?api_key=${key}` },
      { method: 'GET', url: `/v1/pets?api_key=${key}`, headers: h.auth },
      { method: 'GET', url: `/v1/pets?limit=5&token=${key}&status=sold`, headers: h.auth },
      { method: 'GET', url: `/v1/pets?api_key=${percentEncodeAll(key)}`, headers: h.auth },
      // Encoded twice or more, in part, in any case: the server's logs read the decoded forms.
      { method: 'GET', url: `/v1/pets?api_key=${percentEncodeAll(percentEncodeAll(key))}`, headers: h.auth },
      { method: 'GET', url: `/v1/pets?api_key=%2570sk_${key.slice(4)}`, headers: h.auth },
      { method: 'GET', url: `/v1/pets?API_KEY=%25%37%30SK_${key.slice(4).toUpperCase()}`, headers: h.auth },
      { method: 'GET', url: `/v1/pets/${percentEncodeAll(percentEncodeAll(percentEncodeAll(key)))}`, headers: h.auth },
      { method: 'GET', url: `/v1/pets?api_key=${encodeURIComponent(`Bearer ${key}`)}` },
      { method: 'GET', url: `/v1/pets/${key}`, headers: h.auth },
      { method: 'GET', url: `/v1/${key}` },
      { method: 'GET', url: `/v1/pets/%zz${key}`, headers: h.auth },
      { method: 'GET', url: `/v1/pets/${key.repeat(5)}`, headers: h.auth },
      { method: 'GET', url: `/${key}` },
      { method: 'GET', url: `/healthz?key=${key}` },
      {
        method: 'GET',
        url: '/v1/pets',
        headers: { 'x-api-key': key, cookie: `session=${key}`, 'user-agent': `client ${key}`, referer: `https://example.test/?k=${key}` },
      },
      { method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': key } },
      { method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': `trace-${key}` } },
      { method: 'GET', url: '/v1/pets', headers: { ...h.auth, host: key, 'accept-version': key } },
      {
        method: 'POST',
        url: '/v1/pets',
        headers: { ...h.auth, ...json, 'idempotency-key': key },
        payload: JSON.stringify({ name: key, categoryId: 1 }),
      },
      {
        method: 'POST',
        url: '/v1/pets',
        headers: { ...h.auth, ...json },
        payload: JSON.stringify({ name: 'Rex', categoryId: 1, apiKey: key }),
      },
      { method: 'POST', url: '/v1/pets', headers: { ...h.auth, ...json }, payload: `{"name":"${key}` },
    ];
    for (const r of requests) {
      const res = await h.request(r);
      assert.ok(res.statusCode < 500, `${r.url}: ${res.body}`);
    }
    const text = logs.text();
    // Enough requests were logged to make the absence of keys meaningful.
    assert.ok(logs.lines().filter((l) => l.includes('"incoming request"')).length >= requests.length);
    for (const secret of secrets) {
      assert.ok(!text.includes(secret), `a secret was logged: ${secret.slice(0, 8)}…`);
      // Nor a recognisable part of it, nor its percent-encoded form.
      assert.ok(!text.includes(secret.slice(4, 24)), `part of a secret was logged: ${secret.slice(0, 8)}…`);
      assert.ok(!text.includes(percentEncodeAll(secret).slice(0, 60)), 'a percent-encoded secret was logged');
    }
    assert.ok(!text.includes(Buffer.from(`${key}:`).toString('base64')), 'a Basic authorization value was logged');
  });

  test('a URL carrying a key is logged with the key replaced, the rest kept', async () => {
    const res = await h.request({
      method: 'GET',
      url: `/v1/pets?limit=5&api_key=${h.key}&status=sold`,
      headers: { ...h.auth, 'x-request-id': 'log-url-1' },
    });
    assert.equal(res.statusCode, 400);
    const incoming = logs
      .lines()
      .map((l) => JSON.parse(l) as LogLine)
      .find((l) => l.reqId === 'log-url-1' && l.msg === 'incoming request');
    assert.ok(incoming?.req?.url, 'the request URL was not logged');
    assert.match(incoming.req.url, /^\/v1\/pets\?limit=5&api_key=psk_\[redacted\]&status=sold$/);
  });
});

test('a client’s X-Request-Id that carries a registered secret’s prefix is replaced; others are echoed', async () => {
  // Importing the composition root registers the features' secret prefixes (psk_, pst_).
  await import('../../src/features.js');
  const { genReqId } = await import('../../src/http/pipeline/request-id.js');
  const id = (value: string) => genReqId({ headers: { 'x-request-id': value } } as unknown as Parameters<typeof genReqId>[0]);
  assert.equal(id('trace_42'), 'trace_42');
  for (const secretLike of ['psk_abc', 'x-pst_abc']) assert.match(id(secretLike), /^req_[0-9a-f]{32}$/, secretLike);
});

test('request ids made later sort after earlier ones, and never repeat', async () => {
  const { newRequestId } = await import('../../src/http/pipeline/request-id.js');
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 2_000; j++) ids.push(newRequestId());
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^req_[0-9a-f]{32}$/);
  // Ids of different milliseconds sort in time order; the time is the id's first 48 bits.
  const stamps = ids.map((id) => parseInt(id.slice(4, 16), 16));
  for (let i = 1; i < ids.length; i++) {
    if (stamps[i] !== stamps[i - 1])
      assert.ok((ids[i] as string) > (ids[i - 1] as string), `${String(ids[i])} after ${String(ids[i - 1])}`);
  }
  assert.ok(Math.abs((stamps.at(-1) ?? 0) - Date.now()) < 5_000);
});
