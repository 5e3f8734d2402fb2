import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { harness, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { redactKeys } from '../../src/http/observability/logging.js';
import { secretFormat } from '../../src/keys/key-format.js';
import { TOKEN_FORMAT } from '../../src/tokens/service.js';

type Doc = { paths: Record<string, Record<string, { operationId: string; security?: Record<string, string[]>[] }>> };

let h: Harness;
before(async () => {
  h = await harness();
});
after(() => h.close());

/** Every operation of the served contract, with its path parameters filled in. */
async function operations() {
  const doc = (await h.app.inject({ url: '/api/v1/openapi.json' })).json() as Doc;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
      url: `/api/v1${path
        .replace('{slug}', h.project)
        .replace('{keyId}', 'key_x')
        .replace('{deployId}', '1')
        .replace('{domain}', 'www.example.com')
        .replace('{from}', 'www.example.com')
        .replace('{email}', 'a%40b.test')
        .replace('{id}', 'tok_x')
        .replace('{invitation}', 'x')}`,
      op,
    })),
  );
}

test('every operation that takes a bearer token answers 401 invalid_token to a bad one, and the others ignore it', async () => {
  const c = await ManagementClient.on(h.app);
  const ops = await operations();
  assert.ok(ops.length >= 30);
  for (const { method, url, op } of ops) {
    const security = op.security ?? [{ cookieAuth: [] }, { bearerAuth: [] }];
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const res = await c.call({ method, url, payload, headers: { authorization: `Bearer pst_${'x'.repeat(38)}` } });
    if (security.some((s) => 'bearerAuth' in s)) {
      assert.equal(res.statusCode, 401, `${method} ${url}`);
      assert.equal(res.json().code, 'invalid_token', `${method} ${url}`);
    } else {
      assert.notEqual(res.json().code, 'invalid_token', `${method} ${url} takes no token`);
    }
  }
});

test('a read token gets 403 insufficient_scope from every state-changing operation that takes tokens, before its body is read', async () => {
  const me = await createPerson(h.app, `reader-${randomBytes(4).toString('hex')}@example.test`, { admin: true });
  const c = await ManagementClient.on(h.app);
  await c.signIn(me.email, me.password);
  const { token } = (await c.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'read', scope: 'read' } })).json() as {
    token: string;
  };
  const anon = await ManagementClient.on(h.app);
  for (const { method, url, op } of await operations()) {
    if (method === 'GET' || !(op.security ?? []).some((s) => 'bearerAuth' in s)) continue;
    const res = await anon.call({
      method,
      url,
      payload: method === 'DELETE' ? undefined : {},
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.statusCode, 403, `${method} ${url}`);
    assert.equal(res.json().code, 'insufficient_scope', `${method} ${url}`);
  }
});

test('token secrets: prefixed, checksummed like API keys, and redacted from logged URLs', () => {
  const t = TOKEN_FORMAT.generate();
  assert.ok(TOKEN_FORMAT.isWellFormed(t));
  assert.ok(!secretFormat('psk_').isWellFormed(t), 'not an API key');
  const flipped = `${t.slice(0, 10)}${t[10] === 'a' ? 'b' : 'a'}${t.slice(11)}`;
  assert.ok(!TOKEN_FORMAT.isWellFormed(flipped), 'a changed character fails the checksum');
  assert.ok(!TOKEN_FORMAT.isWellFormed(`${t}A`));
  assert.ok(!TOKEN_FORMAT.isWellFormed(`pst_${'A'.repeat(1024 * 1024)}`));
  assert.equal(redactKeys(`/api/v1/projects?token=${t}&x=1`), '/api/v1/projects?token=pst_[redacted]&x=1');
  assert.equal(redactKeys(`/x?t=%70st_${t.slice(4)}`), '/x?t=pst_[redacted]');
  assert.equal(redactKeys('/v1/pets?api_key=psk_abc'), '/v1/pets?api_key=psk_[redacted]');
});
