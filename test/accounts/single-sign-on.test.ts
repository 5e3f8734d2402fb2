import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { startIdentityProvider, type IdentityProviderRig } from '../helpers/identity-provider.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

const HOST = 'localhost:8080';
const CALLBACK = `http://${HOST}/api/v1/session/oidc/callback`;
const BROWSER = { host: HOST, accept: 'text/html,application/xhtml+xml' };

const unique = () => randomBytes(4).toString('hex');

/** Cookies a response set, as a browser would send them back (cleared ones left out). */
const cookiesOf = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';')[0] ?? '')
    .filter((c) => !c.endsWith('='))
    .join('; ');

describeEachEngine('single sign-on with OpenID Connect', () => {
  let h: Harness;
  let idp: IdentityProviderRig;
  let sso: App;
  let checker: ManagementClient;

  const appWith = async (overrides: Partial<Config>) =>
    buildApp({
      config: { ...h.app.config, oidcIssuer: idp.issuer, oidcClientId: idp.clientId, oidcClientSecret: idp.clientSecret, ...overrides },
      storage: h.storage,
    });

  before(async () => {
    h = await harness();
    idp = await startIdentityProvider(CALLBACK);
    sso = await appWith({ oidcAllowedDomains: ['allowed.example'] });
    checker = await ManagementClient.on(sso);
  });
  after(async () => {
    await sso.close();
    await idp.close();
    await h.close();
  });

  /** Starts a sign-on in a browser: the provider's address and the browser's cookie. */
  async function start(app: App, next = '/dashboard/tokens') {
    const res = await app.inject({ url: `/api/v1/session/oidc?next=${encodeURIComponent(next)}`, headers: BROWSER });
    checker.contract.check('GET', '/api/v1/session/oidc', res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    assert.equal(res.statusCode, 303, res.body);
    const location = new URL(String(res.headers.location));
    assert.equal(location.origin, idp.issuer);
    assert.equal(location.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(location.searchParams.get('code_challenge'));
    assert.ok(location.searchParams.get('state'));
    assert.ok(location.searchParams.get('nonce'));
    assert.equal(location.searchParams.get('redirect_uri'), CALLBACK);
    const cookie = cookiesOf(res);
    assert.match(cookie, /^petstore_sso=/);
    assert.match(String(res.headers['set-cookie']), /HttpOnly; SameSite=Lax/);
    return { location, cookie };
  }

  async function finish(app: App, callback: URL, cookie: string, headers: Record<string, string> = BROWSER) {
    const res = await app.inject({ url: `${callback.pathname}${callback.search}`, headers: { ...headers, cookie } });
    checker.contract.check('GET', callback.pathname, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    return res;
  }

  const refusal = (res: LightMyRequestResponse) => {
    assert.equal(res.statusCode, 303, res.body);
    return new URL(String(res.headers.location), 'http://x').searchParams.get('error');
  };

  test('a real authorization code flow with PKCE signs in the account of the verified email, and comes back to the page', async () => {
    const me = await createPerson(sso, `sso-${unique()}@example.test`);
    idp.signInAs({ sub: `sub-${unique()}`, email: me.email.toUpperCase(), email_verified: true });
    const { location, cookie } = await start(sso);
    const callback = await idp.authorize(location.href);
    assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK);
    const res = await finish(sso, callback, cookie);
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, '/dashboard/tokens');
    const c = await ManagementClient.on(sso);
    c.cookie = cookiesOf(res)
      .split('; ')
      .find((x) => x.startsWith('petstore_session='));
    const session = await c.call({ url: '/api/v1/session', headers: { host: HOST } });
    assert.equal(session.statusCode, 200);
    assert.equal(session.json().user.email, me.email);
    const log = (await c.call({ url: '/api/v1/me/security-log', headers: { host: HOST } })).json() as { action: string; target: string }[];
    assert.deepEqual([log[0]?.action, log[0]?.target], ['session.create', 'oidc']);

    // The same callback again (a replayed code, the cookie already used): refused.
    assert.equal(refusal(await finish(sso, callback, cookie)), 'sso_failed');
  });

  test('a wrong state is refused', async () => {
    const me = await createPerson(sso, `state-${unique()}@example.test`);
    idp.signInAs({ sub: `sub-${unique()}`, email: me.email, email_verified: true });
    const { location, cookie } = await start(sso);
    const callback = await idp.authorize(location.href);
    callback.searchParams.set('state', 'a-state-this-browser-never-sent');
    const res = await finish(sso, callback, cookie, { host: HOST, accept: 'application/json' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'sso_failed');
    assert.match(res.json().message, /state/);
  });

  test('a wrong nonce is refused: an ID token made for another sign-on does not sign this one in', async () => {
    const me = await createPerson(sso, `nonce-${unique()}@example.test`);
    idp.signInAs({ sub: `sub-${unique()}`, email: me.email, email_verified: true });
    const { location, cookie } = await start(sso);
    // The request reaches the provider with another nonce (as if changed on the way): the ID token carries that one.
    location.searchParams.set('nonce', 'a-nonce-of-another-sign-on');
    const callback = await idp.authorize(location.href);
    assert.ok(callback.searchParams.get('code'), 'the provider issued a code');
    const res = await finish(sso, callback, cookie, { host: HOST, accept: 'application/json' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'sso_failed');
    assert.match(res.json().message, /nonce/);
  });

  test('another browser (no cookie, or another one) cannot finish a sign-on', async () => {
    const me = await createPerson(sso, `browser-${unique()}@example.test`);
    idp.signInAs({ sub: `sub-${unique()}`, email: me.email, email_verified: true });
    const { location } = await start(sso);
    const other = await start(sso);
    const callback = await idp.authorize(location.href);
    assert.equal(refusal(await finish(sso, callback, '')), 'sso_failed');
    assert.equal(refusal(await finish(sso, callback, other.cookie)), 'sso_failed', "the other sign-on's state and verifier do not match");
  });

  test('an email the provider has not verified is refused, even for an existing account', async () => {
    const me = await createPerson(sso, `unverified-${unique()}@example.test`);
    idp.signInAs({ sub: `sub-${unique()}`, email: me.email, email_verified: false });
    const { location, cookie } = await start(sso);
    assert.equal(refusal(await finish(sso, await idp.authorize(location.href), cookie)), 'email_not_verified');
  });

  test('accounts are made only as SIGNUP or OIDC_ALLOWED_DOMAINS allow', async () => {
    // SIGNUP closed (the harness's), a domain not allowed: refused, nothing made.
    const stranger = `stranger-${unique()}@elsewhere.example`;
    idp.signInAs({ sub: `sub-${unique()}`, email: stranger, email_verified: true });
    let flow = await start(sso);
    assert.equal(refusal(await finish(sso, await idp.authorize(flow.location.href), flow.cookie)), 'signup_closed');
    assert.equal(await sso.accounts.findUser(stranger), null);

    // A domain of OIDC_ALLOWED_DOMAINS: the account is made at the first sign-on.
    const colleague = `colleague-${unique()}@allowed.example`;
    idp.signInAs({ sub: `sub-${unique()}`, email: colleague, email_verified: true });
    flow = await start(sso);
    const made = await finish(sso, await idp.authorize(flow.location.href), flow.cookie);
    assert.equal(made.headers.location, '/dashboard/tokens', made.body);
    assert.ok(await sso.accounts.findUser(colleague));

    // SIGNUP=open: anyone verified gets one.
    const open = await appWith({ signup: 'open' });
    try {
      idp.signInAs({ sub: `sub-${unique()}`, email: stranger, email_verified: true });
      flow = await start(open);
      const res = await finish(open, await idp.authorize(flow.location.href), flow.cookie);
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/dashboard/tokens');
      assert.ok(await open.accounts.findUser(stranger));
    } finally {
      await open.close();
    }
  });

  test('a client that is not a browser gets JSON: the address, the session, or the Error body; without OIDC_ISSUER the routes are 404', async () => {
    const me = await createPerson(sso, `json-${unique()}@example.test`);
    const json = { host: HOST, accept: 'application/json' };
    idp.signInAs({ sub: `sub-${unique()}`, email: me.email, email_verified: true });
    const started = await sso.inject({ url: '/api/v1/session/oidc', headers: json });
    checker.contract.check(
      'GET',
      '/api/v1/session/oidc',
      started.statusCode,
      started.headers['content-type'] as string | undefined,
      started.body,
    );
    assert.equal(started.statusCode, 200, started.body);
    const signedIn = await finish(sso, await idp.authorize(started.json().url), cookiesOf(started), json);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.equal(signedIn.json().user.email, me.email);
    assert.ok(signedIn.json().csrfToken);

    idp.signInAs({ sub: `sub-${unique()}`, email: me.email, email_verified: false });
    const { location, cookie } = await start(sso);
    const res = await finish(sso, await idp.authorize(location.href), cookie, json);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'email_not_verified');
    const none = await h.request({ url: '/api/v1/session/oidc', headers: { host: HOST } });
    assert.equal(none.statusCode, 404);
    assert.equal(none.json().code, 'not_found');
  });
});
