import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const HOUR = 3600_000;

describeEachEngine('accounts: sign-in, sessions, CSRF and membership', () => {
  const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  test('sign in, see the session, sign out; the copied cookie is refused afterwards', async () => {
    const me = await createPerson(h.app, email('in-out'));
    const c = await ManagementClient.on(h.app);
    const signIn = await c.signIn(me.email.toUpperCase(), me.password);
    assert.equal(signIn.statusCode, 200, signIn.body);
    const cookie = String(signIn.headers['set-cookie']);
    assert.match(cookie, /^petstore_session=[A-Za-z0-9_-]{43}; /);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/, 'not Secure over plain HTTP');
    assert.deepEqual(signIn.json(), { user: { email: me.email, admin: false }, csrfToken: c.csrfToken });

    const session = await c.call({ url: '/api/v1/session' });
    assert.equal(session.statusCode, 200);
    assert.deepEqual(session.json(), signIn.json());

    const copied = c.cookie;
    const out = await c.call({ method: 'DELETE', url: '/api/v1/session' });
    assert.equal(out.statusCode, 204);
    assert.match(String(out.headers['set-cookie']), /petstore_session=; .*Max-Age=0/);
    const again = await c.call({ url: '/api/v1/session', headers: { cookie: copied ?? '' } });
    assert.equal(again.statusCode, 401);
    assert.equal(again.json().code, 'not_signed_in');
  });

  test('the cookie is Secure when the request came over HTTPS (behind a trusted proxy)', async () => {
    const proxied = await harness({ clock, config: { trustProxy: true } });
    try {
      const me = await createPerson(proxied.app, email('https'));
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: me.email, password: me.password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['set-cookie']), /; Secure/);
    } finally {
      await proxied.close();
    }
  });

  test('a session ends after 12 hours without use, and 30 days after sign-in however much it is used', async () => {
    const me = await createPerson(h.app, email('expiry'));
    const idle = await ManagementClient.on(h.app);
    assert.equal((await idle.signIn(me.email, me.password)).statusCode, 200);
    clock.advance(11 * HOUR);
    assert.equal((await idle.call({ url: '/api/v1/session' })).statusCode, 200, 'used within 12 h: still on');
    clock.advance(11 * HOUR);
    assert.equal((await idle.call({ url: '/api/v1/session' })).statusCode, 200, 'the use 11 h ago restarted the idle time');
    clock.advance(12 * HOUR + 1000);
    assert.equal((await idle.call({ url: '/api/v1/session' })).statusCode, 401, '12 h idle: ended');

    const busy = await ManagementClient.on(h.app);
    assert.equal((await busy.signIn(me.email, me.password)).statusCode, 200);
    for (let t = 0; t < 30 * 24 - 10; t += 10) {
      clock.advance(10 * HOUR);
      assert.equal((await busy.call({ url: '/api/v1/session' })).statusCode, 200, `used every 10 h: on after ${String(t + 10)} h`);
    }
    clock.advance(10 * HOUR);
    const ended = await busy.call({ url: '/api/v1/session' });
    assert.equal(ended.statusCode, 401, '30 days after sign-in: ended');
  });

  test('an unknown email and a wrong password get the same answer in about the same time', async (t) => {
    // At the production cost (the other tests hash at the lowest), so the hash dwarfs the rest of the request.
    const own = await harness({ clock, config: { passwordHashCost: loadConfig({}).passwordHashCost } });
    t.after(() => own.close());
    const me = await createPerson(own.app, email('same'));
    const c = await ManagementClient.on(own.app);
    const timed = async (address: string, who: string) => {
      const start = process.hrtime.bigint();
      const res = await c.signIn(who, 'not-the-password', address);
      return { res, ms: Number(process.hrtime.bigint() - start) / 1e6 };
    };
    const wrong = await timed('192.0.2.10', me.email);
    const unknown = await timed('192.0.2.11', email('nobody'));
    for (const { res } of [wrong, unknown]) {
      assert.equal(res.statusCode, 401);
      assert.equal(res.headers['set-cookie'], undefined);
    }
    assert.deepEqual(unknown.res.json(), wrong.res.json());
    assert.deepEqual(wrong.res.json(), { code: 'invalid_credentials', message: 'The email or password is wrong.', status: 401 });
    // Both paths run the password hash (about 300 ms here); a shortcut for unknown emails would be an order of magnitude faster.
    assert.ok(
      unknown.ms > wrong.ms / 3 && wrong.ms > unknown.ms / 3,
      `wrong password ${String(wrong.ms)} ms, unknown email ${String(unknown.ms)} ms`,
    );
  });

  test('the 11th sign-in for one email from one address gets 429 with Retry-After, even with the right password', async () => {
    const me = await createPerson(h.app, email('throttle'));
    const c = await ManagementClient.on(h.app);
    for (let i = 0; i < 10; i++) {
      const res = await c.signIn(me.email, `wrong-${String(i)}`, '198.51.100.1');
      assert.equal(res.statusCode, 401, `failure ${String(i + 1)}`);
    }
    const eleventh = await c.signIn(me.email, me.password, '198.51.100.1');
    assert.equal(eleventh.statusCode, 429);
    assert.equal(eleventh.json().code, 'rate_limited');
    const retryAfter = Number(eleventh.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${String(eleventh.headers['retry-after'])}`);
    // The owner is not locked out: the right password from an address that has not failed signs in.
    assert.equal((await c.signIn(me.email, me.password, '198.51.100.2')).statusCode, 200, 'another address signs in');
    assert.equal(
      (await c.signIn(email('other'), 'guess-password', '198.51.100.1')).statusCode,
      401,
      'another email from the address: tried',
    );
    clock.advance(retryAfter * 1000);
    assert.equal((await c.signIn(me.email, me.password, '198.51.100.1')).statusCode, 200, 'after Retry-After the right password works');
  });

  test('200 concurrent wrong passwords: at most 10 are checked (401), the rest are 429', async () => {
    const me = await createPerson(h.app, email('burst'));
    const c = await ManagementClient.on(h.app);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => c.signIn(me.email, `wrong-${String(i)}`, '198.51.100.50')));
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.statusCode, (counts.get(a.statusCode) ?? 0) + 1);
    assert.ok((counts.get(401) ?? 0) <= 10, `401 × ${String(counts.get(401))}`);
    assert.equal((counts.get(401) ?? 0) + (counts.get(429) ?? 0), 200, JSON.stringify([...counts]));
    assert.equal((await c.signIn(me.email, me.password, '198.51.100.50')).statusCode, 429, 'the address stays throttled');
    assert.equal((await c.signIn(me.email, me.password, '198.51.100.51')).statusCode, 200, 'the owner from elsewhere signs in');
    clock.advance(15 * 60_000);
  });

  test('a state change with the cookie but without the CSRF token, or with another, is 403 csrf_failed and changes nothing', async () => {
    const admin = await createPerson(h.app, email('csrf'), { admin: true });
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(admin.email, admin.password)).statusCode, 200);
    const keysBefore = (await c.call({ url: `/api/v1/projects/${h.project}/keys` })).json() as unknown[];
    for (const csrf of [false, 'x'.repeat(43), `${c.csrfToken ?? ''}x`] as const) {
      const create = await c.call({ method: 'POST', url: `/api/v1/projects/${h.project}/keys`, payload: { name: 'csrf' }, csrf });
      assert.equal(create.statusCode, 403, String(csrf));
      assert.equal(create.json().code, 'csrf_failed');
      const signOut = await c.call({ method: 'DELETE', url: '/api/v1/session', csrf });
      assert.equal(signOut.statusCode, 403);
    }
    assert.deepEqual((await c.call({ url: `/api/v1/projects/${h.project}/keys` })).json(), keysBefore);
    assert.equal((await c.call({ url: '/api/v1/session' })).statusCode, 200, 'still signed in');
    // Another session's token does not fit either.
    const other = await ManagementClient.on(h.app);
    await other.signIn(admin.email, admin.password);
    const crossed = await c.call({ method: 'POST', url: `/api/v1/projects/${h.project}/keys`, payload: {}, csrf: other.csrfToken ?? '' });
    assert.equal(crossed.statusCode, 403);
  });

  test('with the cookie and the token: list projects, create a key (secret once), list it, revoke it; the key then stops working', async () => {
    const admin = await createPerson(h.app, email('admin'), { admin: true });
    const c = await ManagementClient.on(h.app);
    await c.signIn(admin.email, admin.password);
    const projects = (await c.call({ url: '/api/v1/projects' })).json() as { slug: string; url: string; liveDeploy: unknown }[];
    const mine = projects.find((p) => p.slug === h.project);
    assert.ok(mine, 'an admin sees every project');
    assert.equal(mine.url, `http://${h.project}.localhost:${String(h.app.config.port)}/`);
    assert.equal(mine.liveDeploy, null);
    assert.ok(projects.some((p) => p.slug === 'default'));

    const one = await c.call({ url: `/api/v1/projects/${h.project}` });
    assert.equal(one.statusCode, 200);
    assert.deepEqual(one.json().quota, { perMinute: 1_000_000, perDay: 100_000_000 });
    assert.equal(one.json().plan, 'enterprise');

    const created = await c.call({ method: 'POST', url: `/api/v1/projects/${h.project}/keys`, payload: { name: 'dashboard' } });
    assert.equal(created.statusCode, 201);
    const key = created.json() as { id: string; key: string; hint: string };
    assert.match(key.key, /^psk_/);
    const works = await h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${key.key}` } });
    assert.equal(works.statusCode, 200);

    const list = (await c.call({ url: `/api/v1/projects/${h.project}/keys` })).body;
    assert.ok(list.includes(key.id) && list.includes(key.hint));
    assert.ok(!list.includes(key.key), 'the secret is never listed');

    const revoked = await c.call({ method: 'DELETE', url: `/api/v1/projects/${h.project}/keys/${key.id}` });
    assert.equal(revoked.statusCode, 204);
    h.app.authenticator.forget(key.id);
    const refused = await h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${key.key}` } });
    assert.equal(refused.statusCode, 401);
    const twice = await c.call({ method: 'DELETE', url: `/api/v1/projects/${h.project}/keys/${key.id}` });
    assert.equal(twice.statusCode, 404);
  });

  test('a member of project A sees only A; everything of project B is 404, as for a project that does not exist', async () => {
    const a = await h.newProject();
    const b = await h.newProject();
    const bKey = ok(await h.app.keys.create(OPERATOR, b.project, 'b'));
    const member = await createPerson(h.app, email('member'));
    assert.equal(ok(await h.app.accounts.addMember(OPERATOR, a.project, member.email)), true);
    assert.equal(ok(await h.app.accounts.addMember(OPERATOR, a.project, member.email)), false, 'adding twice is harmless');
    const c = await ManagementClient.on(h.app);
    await c.signIn(member.email, member.password);

    const listed = (await c.call({ url: '/api/v1/projects' })).json() as { slug: string }[];
    assert.deepEqual(
      listed.map((p) => p.slug),
      [a.project],
    );
    assert.equal((await c.call({ url: `/api/v1/projects/${a.project}` })).statusCode, 200);
    assert.equal((await c.call({ url: `/api/v1/projects/${a.project}/keys` })).statusCode, 200);
    assert.equal((await c.call({ url: `/api/v1/projects/${a.project}/usage` })).statusCode, 200);

    for (const slug of [b.project, 'no-such-project']) {
      const calls = [
        { url: `/api/v1/projects/${slug}` },
        { url: `/api/v1/projects/${slug}/keys` },
        { url: `/api/v1/projects/${slug}/usage` },
        { method: 'POST' as const, url: `/api/v1/projects/${slug}/keys`, payload: { name: 'x' } },
        { method: 'DELETE' as const, url: `/api/v1/projects/${slug}/keys/${bKey.id}` },
      ];
      for (const call of calls) {
        const res = await c.call(call);
        assert.equal(res.statusCode, 404, `${call.method ?? 'GET'} ${call.url}`);
        assert.equal(res.json().code, 'not_found');
        assert.equal(res.json().message, `No project "${slug}" exists.`, 'the same words whether it exists or not');
      }
    }
    // B's key through A's path is not found either, and is left alone.
    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/projects/${a.project}/keys/${bKey.id}` })).statusCode, 404);
    const bKeys = ok(await h.app.keys.list(b.project));
    assert.equal(bKeys.find((k) => k.id === bKey.id)?.revokedAt, null);

    ok(await h.app.accounts.removeMember(OPERATOR, a.project, member.email));
    assert.equal((await c.call({ url: `/api/v1/projects/${a.project}` })).statusCode, 404, 'no longer a member');
  });

  test('without a session every management route is 401 not_signed_in', async () => {
    const c = await ManagementClient.on(h.app);
    for (const call of [
      { url: '/api/v1/session' },
      { url: '/api/v1/projects' },
      { url: `/api/v1/projects/${h.project}/keys` },
      { method: 'POST' as const, url: `/api/v1/projects/${h.project}/keys`, payload: {} },
      { method: 'DELETE' as const, url: '/api/v1/session' },
    ]) {
      const res = await c.call({ ...call, headers: { cookie: 'petstore_session=forged' } });
      assert.equal(res.statusCode, 401, call.url);
      assert.equal(res.json().code, 'not_signed_in');
    }
  });

  test('sign-in validates its body', async () => {
    const c = await ManagementClient.on(h.app);
    const res = await c.call({ method: 'POST', url: '/api/v1/session', payload: { email: 'a@b.test' } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'validation_failed');
  });
});

describeEachEngine('accounts across instances', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('a session revoked on instance A is refused by instance B', async () => {
    const other = await buildApp({ config: h.app.config, storage: h.storage });
    try {
      const me = await createPerson(h.app, email('instances'));
      const onA = await ManagementClient.on(h.app);
      await onA.signIn(me.email, me.password);
      const onB = await ManagementClient.on(other as never);
      onB.cookie = onA.cookie;
      onB.csrfToken = onA.csrfToken;
      assert.equal((await onB.call({ url: '/api/v1/session' })).statusCode, 200, 'B accepts a session started on A');

      assert.equal(ok(await h.app.accounts.revokeSessions(me.email)), 1);
      assert.equal((await onB.call({ url: '/api/v1/session' })).statusCode, 401, 'revoked on A: refused by B');

      await onA.signIn(me.email, me.password);
      onB.cookie = onA.cookie;
      assert.equal((await onA.call({ method: 'DELETE', url: '/api/v1/session' })).statusCode, 204);
      assert.equal((await onB.call({ url: '/api/v1/session' })).statusCode, 401, 'signed out on A: refused by B');
    } finally {
      await other.close();
    }
  });
});

describeEachEngine('accounts: secrets stay out of the logs', () => {
  test('passwords, session cookies, CSRF tokens and new key secrets never reach the logs, at trace level', async () => {
    const logs = logCapture();
    const h = await harness({ logStream: logs.stream, config: { logLevel: 'trace' } });
    try {
      const admin = await createPerson(h.app, email('logs'), { admin: true });
      const c = await ManagementClient.on(h.app);
      await c.signIn(admin.email, 'a-wrong-password-for-the-log');
      await c.signIn(admin.email, admin.password);
      const created = await c.call({ method: 'POST', url: `/api/v1/projects/${h.project}/keys`, payload: { name: 'logged?' } });
      const secret = (created.json() as { key: string }).key;
      const session = (c.cookie ?? '').split('=')[1] ?? '';
      const text = logs.text();
      assert.ok(text.includes('/api/v1/session'), 'the requests were logged');
      for (const value of [admin.password, 'a-wrong-password-for-the-log', session, c.csrfToken ?? '', secret]) {
        assert.ok(value.length > 10 && !text.includes(value), `a secret reached the logs: ${value.slice(0, 6)}…`);
      }
    } finally {
      await h.close();
    }
  });
});
