import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from './helpers/engines.js';
import { harness, manualClock, ok, type Harness } from './helpers/harness.js';
import { generateSecret, isWellFormedSecret, hashSecret } from '../src/keys/key-format.js';

const json = { 'content-type': 'application/json' };

/** Every protected operation, with a request that would succeed for the right key. */
const OPERATIONS = [
  { method: 'GET', url: '/v1/pets' },
  { method: 'POST', url: '/v1/pets', headers: json, payload: '{"name":"a","categoryId":1}' },
  { method: 'GET', url: '/v1/pets/1' },
  { method: 'GET', url: '/v1/store/orders' },
] as const;

describeEachEngine('API keys', () => {
  const clock = manualClock(Date.UTC(2027, 0, 1));
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  test('keys are prefixed, checksummed, high-entropy and stored only as a hash', async () => {
    const secrets = new Set(Array.from({ length: 1000 }, generateSecret));
    assert.equal(secrets.size, 1000);
    for (const s of secrets) {
      assert.match(s, /^psk_[0-9A-Za-z]{38}$/);
      assert.ok(isWellFormedSecret(s));
    }
    const one = [...secrets][0] ?? '';
    // Any single changed character breaks the checksum.
    const flipped = one.slice(0, 10) + (one[10] === 'a' ? 'b' : 'a') + one.slice(11);
    assert.equal(isWellFormedSecret(flipped), false);
    const created = ok(await h.app.keys.create(h.project, 'ci'));
    const listed = ok(await h.app.keys.list(h.project));
    assert.ok(!JSON.stringify(listed).includes(created.key), 'listings never hold the secret');
    assert.equal(hashSecret(created.key).length, 32);
  });

  for (const op of OPERATIONS) {
    describe(`${op.method} ${op.url}`, () => {
      const send = (authorization?: string) =>
        h.request({
          method: op.method,
          url: op.url,
          headers: { ...('headers' in op ? op.headers : {}), ...(authorization ? { authorization } : {}) },
          payload: 'payload' in op ? op.payload : undefined,
        });

      test('missing, malformed, wrong-scheme and unknown keys are 401 with WWW-Authenticate', async () => {
        const cases = [
          undefined,
          'Bearer',
          'Bearer ',
          `Basic ${h.key}`,
          h.key,
          'Bearer psk_short',
          `Bearer ${h.key}x`,
          `Bearer ${generateSecret()}`,
          `Bearer ${h.key} extra`,
          'Bearer \u00e9',
        ];
        for (const authorization of cases) {
          const res = await send(authorization);
          assert.equal(res.statusCode, 401, String(authorization));
          assert.equal(res.json().code, 'unauthorized');
          assert.match(String(res.headers['www-authenticate']), /^Bearer realm="petstore"/);
        }
      });

      test('the scheme is case-insensitive', async () => {
        for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
          assert.notEqual((await send(`${scheme} ${h.key}`)).statusCode, 401, scheme);
        }
      });

      test('a revoked key stops working once the key cache expires (at most 5 s)', async () => {
        const k = ok(await h.app.keys.create(h.project, 'to-revoke'));
        assert.notEqual((await send(`Bearer ${k.key}`)).statusCode, 401);
        ok(await h.app.keys.revoke(k.id));
        clock.advance(2001);
        const res = await send(`Bearer ${k.key}`);
        assert.equal(res.statusCode, 401);
        assert.match(res.json().message, /invalid or has been revoked/);
      });
    });
  }

  test("another project's key sees none of this project's data", async () => {
    const created = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, ...json },
      payload: '{"name":"mine","categoryId":1}',
    });
    const other = await h.newProject();
    assert.equal((await h.request({ method: 'GET', url: `/v1/pets/${String(created.json().id)}`, headers: other.auth })).statusCode, 404);
    assert.deepEqual((await h.request({ method: 'GET', url: '/v1/pets', headers: other.auth })).json(), []);
  });

  test('public endpoints need no key', async () => {
    for (const url of ['/healthz', '/readyz', '/v1/openapi.json']) {
      assert.equal((await h.request({ method: 'GET', url })).statusCode, 200, url);
    }
  });
});
