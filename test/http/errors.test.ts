import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { ERROR_CATALOG, ERROR_CODES, MANAGEMENT_ONLY_CODES } from '../../src/http/errors/errors.js';
import { StorageUnavailableError } from '../../src/storage/unavailable.js';
import type { PetRepository } from '../../src/pets/repository.js';

const json = { 'content-type': 'application/json' };

describeEachEngine('errors', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('unknown routes are 404 not_found; under /v1 the key is checked first', async () => {
    for (const url of ['/nope', '/v2/pets', '/v1/pets/1/extra', '/v1']) {
      const res = await h.request({ method: 'GET', url, headers: h.auth });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().code, 'not_found');
    }
    assert.equal((await h.request({ method: 'GET', url: '/v1/nope' })).statusCode, 401);
    // An empty petId is a malformed id, not a different resource.
    const empty = await h.request({ method: 'GET', url: '/v1/pets/', headers: h.auth });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().details[0].field, 'petId');
  });

  test('bodies: over 16 KiB is 413, non-JSON is 415, compressed is 415, malformed or empty JSON is 400', async () => {
    const post = (payload: string, headers: Record<string, string>) =>
      h.request({ method: 'POST', url: '/v1/pets', headers: { ...h.auth, ...headers }, payload });
    const big = JSON.stringify({ name: 'x'.repeat(16 * 1024), categoryId: 1 });
    assert.equal((await post(big, json)).json().code, 'payload_too_large');
    assert.equal((await post(big, json)).statusCode, 413);
    // Exactly at the limit is parsed (and then fails validation on the name length, not on size).
    const atLimit = `{"name":"${'y'.repeat(16 * 1024 - 30)}","categoryId":1}`.padEnd(16 * 1024, ' ');
    assert.equal(Buffer.byteLength(atLimit), 16 * 1024);
    assert.equal((await post(atLimit, json)).json().code, 'validation_failed');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
      const res = await post('{"name":"a","categoryId":1}', { 'content-type': type });
      assert.equal(res.statusCode, 415, type);
      assert.equal(res.json().code, 'unsupported_media_type');
    }
    const gz = await post('{"name":"a","categoryId":1}', { ...json, 'content-encoding': 'gzip' });
    assert.equal(gz.statusCode, 415);
    for (const bad of ['{', '{"name":}', "{'name':'a'}", 'nul', '{"a":1}x', '\u0000', ' ']) {
      const res = await post(bad, json);
      assert.equal(res.statusCode, 400, JSON.stringify(bad));
      assert.equal(res.json().code, 'malformed_json', JSON.stringify(bad));
    }
    const none = await h.request({ method: 'POST', url: '/v1/pets', headers: h.auth });
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().code, 'validation_failed');
  });

  test('charset and case variants of application/json are accepted', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...h.auth, 'content-type': type },
        payload: '{"name":"a","categoryId":1}',
      });
      assert.equal(res.statusCode, 201, type);
    }
  });

  test('an undecodable URL is a 400 Error body with a request id', async () => {
    const res = await h.request({ method: 'GET', url: '/v1/pets/%E0%A4%A', headers: h.auth });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'bad_request');
  });

  test('__proto__ and constructor keys are rejected as unknown fields and pollute nothing', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, ...json },
      payload: '{"name":"a","categoryId":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
      ['__proto__', 'constructor'],
    );
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('X-Request-Id: a well-formed one is echoed, anything else is replaced', async () => {
    const ok = await h.request({ method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': 'trace-42.a:b' } });
    assert.equal(ok.headers['x-request-id'], 'trace-42.a:b');
    const bad = await h.request({ method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': 'a b<script>' } });
    assert.match(String(bad.headers['x-request-id']), /^req_[0-9a-f]{32}$/);
  });

  test('every error code is documented in a contract (/v1, or the management API for its own codes) and docs/errors.md', async () => {
    const v1 = JSON.stringify(h.app.openapi());
    const management = (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body;
    const page = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    for (const code of ERROR_CODES) {
      const doc = MANAGEMENT_ONLY_CODES.includes(code) ? management : v1;
      assert.ok(doc.includes(`"${code}"`), `${code} missing from the Error schema`);
      assert.ok(page.includes(`\`${code}\``), `${code} missing from docs/errors.md (run \`npm run errors:write\`)`);
    }
    // And no code is used in the source that the catalog does not hold.
    const used = new Set<string>();
    const src = new URL('../../src/', import.meta.url);
    const files = readdirSync(src, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'));
    for (const file of files) {
      for (const m of readFileSync(new URL(file, src), 'utf8').matchAll(/new (?:ApiError|DomainError)\('([a-z_]+)'/g)) used.add(m[1] ?? '');
    }
    assert.ok(used.size >= 10, `only ${String(used.size)} codes found in ${String(files.length)} files`);
    for (const code of used) assert.ok(code in ERROR_CATALOG, `${code} used but not in the catalog`);
  });
});

describeEachEngine('server-side failures', () => {
  const failing = (error: () => Error) => ({
    pets: (pets: PetRepository): PetRepository => ({
      ...pets,
      list: () => Promise.reject(error()),
      listJson: () => Promise.reject(error()),
      get: () => Promise.reject(error()),
      getJson: () => Promise.reject(error()),
    }),
  });

  test('an unexpected error is a 500 internal_error that leaks no internals', async () => {
    const h = await harness({ wrapRepositories: failing(() => new Error('SQLITE_CORRUPT: secret table pets_internal at /var/lib/x')) });
    try {
      const res = await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth });
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().code, 'internal_error');
      assert.doesNotMatch(res.body, /SQLITE|secret|pets_internal|\/var\/lib|stack|at /i);
      assert.ok(res.json().message.includes(String(res.headers['x-request-id'])), 'the message names the request id');
    } finally {
      await h.close();
    }
  });

  test('an unavailable database is a 503 service_unavailable', async () => {
    const h = await harness({ wrapRepositories: failing(() => new StorageUnavailableError(new Error('ECONNREFUSED'))) });
    try {
      const res = await h.request({ method: 'GET', url: '/v1/pets/1', headers: h.auth });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().code, 'service_unavailable');
    } finally {
      await h.close();
    }
  });
});
