import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, uniqueSlug, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { TOKEN_FORMAT } from '../../src/tokens/service.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachEngine('personal access tokens', () => {
  let h: Harness;
  const logs = logCapture();
  const clock = manualClock(Date.parse('2026-11-24T12:00:00Z'));
  let me: { email: string; password: string };
  let c: ManagementClient;
  let mine: string;
  let second: string;
  before(async () => {
    h = await harness({ clock, logStream: logs.stream, config: { logLevel: 'trace' } });
    me = await createPerson(h.app, email('tok'));
    c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(me.email, me.password)).statusCode, 200);
    mine = uniqueSlug('tok');
    second = uniqueSlug('tok');
    for (const slug of [mine, second])
      assert.equal((await c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } })).statusCode, 201);
  });
  after(() => h.close());

  const createToken = async (body: Record<string, unknown>) => {
    const res = await c.call({ method: 'POST', url: '/api/v1/tokens', payload: body });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: string; token: string; scope: string; projects: string[] | null; expiresAt: string };
  };

  test('created with a session: pst_ secret shown once, 90 days and write by default; listed with a hint, never the secret', async () => {
    const t = await createToken({ name: 'laptop' });
    assert.match(t.token, /^pst_[0-9A-Za-z]{38}$/);
    assert.ok(TOKEN_FORMAT.isWellFormed(t.token));
    assert.equal(t.scope, 'write');
    assert.equal(t.projects, null);
    assert.equal(Date.parse(t.expiresAt) - clock.now(), 90 * 24 * 3600_000);
    const list = await c.call({ url: '/api/v1/tokens' });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(t.token));
    const shown = (list.json() as { id: string; hint: string; lastUsedAt: string | null }[]).find((x) => x.id === t.id);
    assert.equal(shown?.hint, `${t.token.slice(0, 8)}…`);
    assert.equal(shown?.lastUsedAt, null);
    for (const bad of [
      {},
      { name: 'x', scope: 'admin' },
      { name: 'x', expiresInDays: 0 },
      { name: 'x', expiresInDays: 366 },
      { name: 'x', projects: [] },
    ]) {
      assert.equal((await c.call({ method: 'POST', url: '/api/v1/tokens', payload: bad })).statusCode, 400, JSON.stringify(bad));
    }
    const foreign = await c.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'x', projects: [h.project] } });
    assert.equal(foreign.statusCode, 404, 'a project the person does not manage');
  });

  test('a write token works on the management API without cookie or CSRF; a token cannot manage tokens or sessions', async () => {
    const t = await createToken({ name: 'ci' });
    const anon = await ManagementClient.on(h.app);
    const list = await anon.call({ url: '/api/v1/projects', headers: bearer(t.token) });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list.json().map((p: { slug: string }) => p.slug),
      [mine, second],
    );
    const who = await anon.call({ url: '/api/v1/user', headers: bearer(t.token) });
    assert.equal(who.statusCode, 200);
    assert.deepEqual(who.json().user, { email: me.email, admin: false });
    assert.equal(who.json().token.id, t.id);
    assert.equal((await c.call({ url: '/api/v1/user' })).json().token, null);
    const key = await anon.call({
      method: 'POST',
      url: `/api/v1/projects/${mine}/keys`,
      payload: { name: 'from a token' },
      headers: bearer(t.token),
    });
    assert.equal(key.statusCode, 201, key.body);
    // Token and session operations take a session only.
    assert.equal((await anon.call({ url: '/api/v1/tokens', headers: bearer(t.token) })).statusCode, 401);
    assert.equal(
      (await anon.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'x' }, headers: bearer(t.token) })).statusCode,
      401,
    );
    assert.equal((await anon.call({ url: '/api/v1/session', headers: bearer(t.token) })).statusCode, 401);
    // Another token's id is 404 to a token; its own id revokes it (the CLI's logout).
    const other = await createToken({ name: 'other' });
    assert.equal((await anon.call({ method: 'DELETE', url: `/api/v1/tokens/${other.id}`, headers: bearer(t.token) })).statusCode, 404);
    assert.equal((await anon.call({ method: 'DELETE', url: `/api/v1/tokens/${t.id}`, headers: bearer(t.token) })).statusCode, 204);
    const after = await anon.call({ url: '/api/v1/projects', headers: bearer(t.token) });
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().code, 'invalid_token');
  });

  test('a read token reads and gets 403 insufficient_scope on writes; a token limited to projects sees others as 404', async () => {
    const read = await createToken({ name: 'read', scope: 'read' });
    const anon = await ManagementClient.on(h.app);
    assert.equal((await anon.call({ url: `/api/v1/projects/${mine}/keys`, headers: bearer(read.token) })).statusCode, 200);
    const write = await anon.call({ method: 'POST', url: `/api/v1/projects/${mine}/keys`, payload: {}, headers: bearer(read.token) });
    assert.equal(write.statusCode, 403);
    assert.equal(write.json().code, 'insufficient_scope');

    const limited = await createToken({ name: 'one project', projects: [mine] });
    assert.deepEqual(limited.projects, [mine]);
    assert.equal((await anon.call({ url: `/api/v1/projects/${mine}`, headers: bearer(limited.token) })).statusCode, 200);
    const outside = await anon.call({ url: `/api/v1/projects/${second}`, headers: bearer(limited.token) });
    assert.equal(outside.statusCode, 404);
    assert.equal(outside.json().code, 'not_found');
    assert.equal((await anon.call({ url: `/api/v1/projects/${second}/keys`, headers: bearer(limited.token) })).statusCode, 404);
    const listed = await anon.call({ url: '/api/v1/projects', headers: bearer(limited.token) });
    assert.deepEqual(
      listed.json().map((p: { slug: string }) => p.slug),
      [mine],
    );
    const create = await anon.call({
      method: 'POST',
      url: '/api/v1/projects',
      payload: { slug: uniqueSlug('no') },
      headers: bearer(limited.token),
    });
    assert.equal(create.statusCode, 403);
    assert.equal(create.json().code, 'insufficient_scope');
  });

  test('hostile tokens are 401 invalid_token: missing, truncated, wrong prefix, an API key, another person’s revoked one, pst_ + 1 MB; none is logged', async () => {
    const t = await createToken({ name: 'victim' });
    const otherPerson = await createPerson(h.app, email('other'));
    const oc = await ManagementClient.on(h.app);
    await oc.signIn(otherPerson.email, otherPerson.password);
    const theirs = (await oc.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'theirs' } })).json() as {
      id: string;
      token: string;
    };
    const anon = await ManagementClient.on(h.app);
    const huge = `pst_${'A'.repeat(1024 * 1024)}`;
    const cases = [
      'Bearer',
      'Bearer ',
      `Bearer ${t.token.slice(0, -1)}`,
      `Bearer ${t.token.slice(0, 20)}`,
      `Bearer psk_${t.token.slice(4)}`,
      `Bearer ${t.token.replace('pst_', 'PST_')}`,
      `Bearer ${h.key}`,
      `Basic ${Buffer.from(`${me.email}:${me.password}`).toString('base64')}`,
      `Bearer ${huge}`,
    ];
    for (const authorization of cases) {
      const res = await anon.call({ url: '/api/v1/projects', headers: { authorization } });
      assert.equal(res.statusCode, 401, authorization.slice(0, 40));
      assert.equal(res.json().code, 'invalid_token');
      assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/);
    }
    // Another person's token acts as them: my project is 404 to it; once revoked, it is 401.
    assert.equal((await anon.call({ url: `/api/v1/projects/${mine}`, headers: bearer(theirs.token) })).statusCode, 404);
    assert.equal((await oc.call({ method: 'DELETE', url: `/api/v1/tokens/${theirs.id}` })).statusCode, 204);
    assert.equal((await anon.call({ url: '/api/v1/projects', headers: bearer(theirs.token) })).statusCode, 401);
    // And I cannot revoke theirs with my session.
    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/tokens/${theirs.id}` })).statusCode, 404);
    const text = logs.text();
    assert.ok(text.length > 0);
    for (const secret of [t.token, theirs.token, t.token.slice(0, 20), 'A'.repeat(1000)])
      assert.ok(!text.includes(secret), 'a token reached the logs');
  });

  test('an expired token is 401 invalid_token; lastUsedAt is written at most once a minute, after the answer', async () => {
    const t = await createToken({ name: 'short', expiresInDays: 1 });
    const anon = await ManagementClient.on(h.app);
    assert.equal((await anon.call({ url: '/api/v1/projects', headers: bearer(t.token) })).statusCode, 200);
    const lastUsed = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const list = (await c.call({ url: '/api/v1/tokens' })).json() as { id: string; lastUsedAt: string | null }[];
      return list.find((x) => x.id === t.id)?.lastUsedAt ?? null;
    };
    const first = await lastUsed();
    assert.equal(first, new Date(clock.now()).toISOString());
    clock.advance(30_000);
    assert.equal((await anon.call({ url: '/api/v1/projects', headers: bearer(t.token) })).statusCode, 200);
    assert.equal(await lastUsed(), first, 'not written again within the minute');
    clock.advance(31_000);
    assert.equal((await anon.call({ url: '/api/v1/projects', headers: bearer(t.token) })).statusCode, 200);
    assert.equal(await lastUsed(), new Date(clock.now()).toISOString());

    clock.advance(24 * 3600_000);
    try {
      const res = await anon.call({ url: '/api/v1/projects', headers: bearer(t.token) });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'invalid_token');
    } finally {
      clock.advance(-(24 * 3600_000 + 61_000));
    }
  });
});
