import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { harness, type Harness } from '../helpers/harness.js';
import { createPerson, managementContract } from '../helpers/management.js';
import type { ContractChecker } from '../helpers/contract.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const setCookies = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

describe('session cookies: __Host- over HTTPS, cookie tossing, DASHBOARD_HOST', () => {
  let h: Harness;
  let contract: ContractChecker;
  before(async () => {
    h = await harness({ config: { trustProxy: true } });
    contract = await managementContract(h.app);
  });
  after(() => h.close());

  const call = async (o: { method?: 'GET' | 'POST' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    const res = await h.app.inject({ method: o.method ?? 'GET', url: o.url, headers: o.headers, payload: o.payload as never });
    if (o.url.startsWith('/api/v1'))
      contract.check(o.method ?? 'GET', o.url, res.statusCode, res.headers['content-type'] as string, res.body);
    return res;
  };
  const signIn = async (headers: Record<string, string>) => {
    const me = await createPerson(h.app, email('cookie'));
    const res = await call({ method: 'POST', url: '/api/v1/session', payload: { email: me.email, password: me.password }, headers });
    assert.equal(res.statusCode, 200, res.body);
    return setCookies(res.headers['set-cookie']);
  };

  test('over HTTPS the session cookie is __Host-petstore_session: Secure, Path=/, no Domain', async () => {
    const https = { 'x-forwarded-proto': 'https', host: 'platform.test' };
    const [cookie = ''] = await signIn(https);
    assert.match(cookie, /^__Host-petstore_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const pair = cookie.split(';')[0] ?? '';
    assert.equal((await call({ url: '/api/v1/session', headers: { ...https, cookie: pair } })).statusCode, 200);
    // The plain name is not read over HTTPS (a site under the parent domain could have set it).
    const plain = pair.replace('__Host-', '');
    assert.equal((await call({ url: '/api/v1/session', headers: { ...https, cookie: plain } })).statusCode, 401);
  });

  test('a request with more than one session cookie is not signed in, and the dashboard clears them all', async () => {
    const host = { host: 'platform.test' };
    const [cookie = ''] = await signIn(host);
    const mine = cookie.split(';')[0] ?? '';
    const tossed = `petstore_session=${'A'.repeat(43)}`;
    for (const both of [`${tossed}; ${mine}`, `${mine}; ${tossed}`]) {
      const api = await call({ url: '/api/v1/session', headers: { ...host, cookie: both } });
      assert.equal(api.statusCode, 401, both);
      assert.equal(api.json().code, 'not_signed_in');
      const page = await call({ url: '/dashboard', headers: { ...host, cookie: both } });
      assert.equal(page.statusCode, 302, 'to sign in');
      const cleared = setCookies(page.headers['set-cookie']);
      assert.ok(cleared.includes('petstore_session=; Path=/; Max-Age=0'), JSON.stringify(cleared));
      assert.ok(cleared.some((c) => c.includes('Domain=') === false && c.startsWith('petstore_session=;')));
    }
    const sub = await call({ url: '/dashboard', headers: { host: 'dash.platform.test', cookie: `${tossed}; ${mine}` } });
    assert.ok(setCookies(sub.headers['set-cookie']).includes('petstore_session=; Path=/; Domain=platform.test; Max-Age=0'));
    assert.equal((await call({ url: '/api/v1/session', headers: { ...host, cookie: mine } })).statusCode, 200, 'alone, it works');
  });
});

describe('DASHBOARD_HOST pins sessions to one host', () => {
  let h: Harness;
  let contract: ContractChecker;
  before(async () => {
    h = await harness({ config: { dashboardHost: 'dashboard.example.test' } });
    contract = await managementContract(h.app);
  });
  after(() => h.close());

  test('sign-in and sessions work on that host only', async () => {
    const me = await createPerson(h.app, email('pinned'));
    const post = (host: string) =>
      h.app.inject({ method: 'POST', url: '/api/v1/session', headers: { host }, payload: { email: me.email, password: me.password } });
    const elsewhere = await post('site.platform.test');
    contract.check('POST', '/api/v1/session', elsewhere.statusCode, elsewhere.headers['content-type'] as string, elsewhere.body);
    assert.equal(elsewhere.statusCode, 404);
    const ok = await post('dashboard.example.test:8080');
    assert.equal(ok.statusCode, 200);
    const cookie = String(ok.headers['set-cookie']).split(';')[0] ?? '';
    const get = (host: string) => h.app.inject({ url: '/api/v1/session', headers: { host, cookie } });
    assert.equal((await get('dashboard.example.test')).statusCode, 200);
    assert.equal((await get('site.platform.test')).statusCode, 401, 'the cookie is not read on another host');
  });
});
