import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { generateSecret, isWellFormedSecret, hashSecret } from '../../src/keys/key-format.js';
import { OPERATOR } from '../../src/audit/actor.js';

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
    const created = ok(await h.app.keys.create(OPERATOR, h.project, 'ci'));
    const listed = ok(await h.app.keys.list(h.project));
    assert.ok(!JSON.stringify(listed).includes(created.key), 'listings never hold the secret');
    assert.equal(hashSecret(created.key).length, 32);
  });

  // Every operation's key checks (missing, malformed, revoked, another project's key) are in
  // test/helpers/common-route-tests.ts, run from test/http/routes.test.ts.

  test('public endpoints need no key', async () => {
    for (const url of ['/healthz', '/readyz', '/v1/openapi.json']) {
      assert.equal((await h.request({ method: 'GET', url })).statusCode, 200, url);
    }
  });
});
