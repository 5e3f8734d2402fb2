import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { buildApp, type App } from '../../src/app.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient, type Call } from '../helpers/management.js';
import { SoftAuthenticator } from '../helpers/webauthn.js';

const email = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.test`;
const HOST = { host: 'localhost:8080' };
const ORIGIN = 'http://localhost:8080';

/** A client of the dashboard's origin (the relying party is its host, `localhost`). */
class Browser extends ManagementClient {
  override call(c: Call) {
    return super.call({ ...c, headers: { ...HOST, ...c.headers } });
  }
}
const browserOn = async (app: App) => {
  const base = await ManagementClient.on(app);
  return new Browser(app, base.contract);
};

async function addPasskey(c: ManagementClient, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await c.call({ method: 'POST', url: '/api/v1/me/passkeys/options' });
  assert.equal(options.statusCode, 200, options.body);
  const registered = await c.call({
    method: 'POST',
    url: '/api/v1/me/passkeys',
    payload: { name, response: authenticator.register(options.json()) },
  });
  assert.equal(registered.statusCode, 201, registered.body);
  return registered.json() as { id: string; name: string };
}

async function passkeySignIn(c: ManagementClient, authenticator: SoftAuthenticator, credentialId?: string) {
  const options = await c.call({ method: 'POST', url: '/api/v1/session/passkey/options' });
  assert.equal(options.statusCode, 200, options.body);
  const res = await c.call({
    method: 'POST',
    url: '/api/v1/session/passkey',
    payload: { response: authenticator.authenticate(options.json(), credentialId) },
  });
  if (res.statusCode === 200) c.keepSession(res);
  return res;
}

describeEachEngine('passkeys', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('register several, name, rename and remove them; each signs in alone; the log says how', async () => {
    const me = await createPerson(h.app, email('passkeys'));
    const c = await browserOn(h.app);
    assert.equal((await c.signIn(me.email, me.password)).statusCode, 200);
    const laptop = new SoftAuthenticator(ORIGIN);
    const phone = new SoftAuthenticator(ORIGIN);
    const first = await addPasskey(c, laptop, 'Laptop');
    const second = await addPasskey(c, phone, 'Phone');
    assert.match(first.id, /^pk_/);
    const list = (await c.call({ url: '/api/v1/me/passkeys' })).json() as { id: string; name: string; lastUsedAt: string | null }[];
    assert.deepEqual(
      list.map((p) => p.name),
      ['Laptop', 'Phone'],
    );
    const renamed = await c.call({ method: 'PATCH', url: `/api/v1/me/passkeys/${second.id}`, payload: { name: 'Work phone' } });
    assert.equal(renamed.json().name, 'Work phone');

    const fresh = await browserOn(h.app);
    const signedIn = await passkeySignIn(fresh, phone);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.equal(signedIn.json().user.email, me.email);
    assert.equal((await fresh.call({ url: '/api/v1/projects' })).statusCode, 200, 'a whole session');
    const log = (await fresh.call({ url: '/api/v1/me/security-log' })).json() as { action: string; target: string }[];
    assert.equal(log[0]?.action, 'session.create');
    assert.equal(log[0]?.target, 'passkey');
    assert.ok(log.some((e) => e.action === 'passkey.add'));

    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/me/passkeys/${second.id}` })).statusCode, 204);
    const again = await passkeySignIn(await browserOn(h.app), phone);
    assert.equal(again.statusCode, 401);
    assert.equal(again.json().code, 'invalid_passkey', 'a removed passkey signs in no more');
    assert.equal((await passkeySignIn(await browserOn(h.app), laptop)).statusCode, 200, 'the other still does');
    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/me/passkeys/${second.id}` })).json().code, 'not_found');
  });

  test('refused: a challenge used twice, a challenge of another purpose, another origin, an answer to nothing', async () => {
    const me = await createPerson(h.app, email('refusals'));
    const c = await browserOn(h.app);
    await c.signIn(me.email, me.password);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(c, authenticator);

    const anon = await browserOn(h.app);
    const options = (await anon.call({ method: 'POST', url: '/api/v1/session/passkey/options' })).json() as { challenge: string };
    const answer = authenticator.authenticate(options);
    assert.equal((await anon.call({ method: 'POST', url: '/api/v1/session/passkey', payload: { response: answer } })).statusCode, 200);
    const replayed = await anon.call({ method: 'POST', url: '/api/v1/session/passkey', payload: { response: answer } });
    assert.equal(replayed.json().code, 'invalid_passkey', 'each challenge once');

    const forged = authenticator.authenticate({ challenge: Buffer.from('made up').toString('base64url') });
    assert.equal(
      (await anon.call({ method: 'POST', url: '/api/v1/session/passkey', payload: { response: forged } })).json().code,
      'invalid_passkey',
    );

    const registration = (await c.call({ method: 'POST', url: '/api/v1/me/passkeys/options' })).json() as { challenge: string };
    const wrongPurpose = authenticator.authenticate(registration);
    assert.equal(
      (await anon.call({ method: 'POST', url: '/api/v1/session/passkey', payload: { response: wrongPurpose } })).json().code,
      'invalid_passkey',
    );

    // A page of another site (a phishing copy) gets an answer naming its own origin: refused.
    authenticator.origin = 'http://evil.example:8080';
    const phishing = (await anon.call({ method: 'POST', url: '/api/v1/session/passkey/options' })).json() as { challenge: string };
    const fromElsewhere = await anon.call({
      method: 'POST',
      url: '/api/v1/session/passkey',
      payload: { response: authenticator.authenticate(phishing) },
    });
    assert.equal(fromElsewhere.json().code, 'invalid_passkey');
    const registrationElsewhere = (await c.call({ method: 'POST', url: '/api/v1/me/passkeys/options' })).json() as {
      challenge: string;
      rp: { id?: string };
    };
    const refused = await c.call({
      method: 'POST',
      url: '/api/v1/me/passkeys',
      payload: { name: 'Evil', response: authenticator.register(registrationElsewhere) },
    });
    assert.equal(refused.statusCode, 400, 'a registration made on another origin');
    assert.equal(refused.json().code, 'validation_failed');
    authenticator.origin = ORIGIN;
    assert.equal((await passkeySignIn(await browserOn(h.app), authenticator)).statusCode, 200, 'control: from the dashboard it passes');
  });
});

describeEachEngine('REQUIRE_SECOND_FACTOR', () => {
  let h: Harness;
  let strict: App;
  const clock = manualClock(Date.UTC(2026, 11, 6, 12, 0, 15));
  before(async () => {
    h = await harness({ clock });
    strict = await buildApp({ config: { ...h.app.config, requireSecondFactor: true }, storage: h.storage, clock });
  });
  after(async () => {
    await strict.close();
    await h.close();
  });

  test('a person with no second factor may only set one up; then the session is whole; access tokens are unaffected', async () => {
    const me = await createPerson(strict, email('setup'));
    // A token made before the rule (on an instance without it) keeps working on one with it.
    const lax = await ManagementClient.on(h.app);
    await lax.signIn(me.email, me.password);
    const { token } = (await lax.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'ci' } })).json() as { token: string };

    const c = await ManagementClient.on(strict);
    assert.equal((await c.signIn(me.email, me.password)).statusCode, 200);
    // The dashboard sends such a person to the security page, which says why.
    for (const page of ['/dashboard', '/dashboard/tokens', `/dashboard/projects/${h.project}/keys`]) {
      const res = await strict.inject({ url: page, headers: { cookie: c.cookie ?? '' } });
      assert.equal(res.statusCode, 302, page);
      assert.equal(res.headers.location, '/dashboard/security');
    }
    const security = await strict.inject({ url: '/dashboard/security', headers: { cookie: c.cookie ?? '' } });
    assert.equal(security.statusCode, 200);
    assert.match(security.body, /data-setup-required="set_up"/);
    const refused = await c.call({ url: '/api/v1/projects' });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'second_factor_setup_required');
    assert.equal(
      (await c.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'x' } })).json().code,
      'second_factor_setup_required',
    );
    for (const url of ['/api/v1/session', '/api/v1/user', '/api/v1/me/totp', '/api/v1/me/passkeys', '/api/v1/me/security-log']) {
      assert.equal((await c.call({ url })).statusCode, 200, url);
    }
    const tokenRes = await c.call({ url: '/api/v1/projects', headers: { authorization: `Bearer ${token}` } });
    assert.equal(tokenRes.statusCode, 200, 'access tokens are unaffected');

    const { secret } = (await c.call({ method: 'POST', url: '/api/v1/me/totp' })).json() as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(clock.now() / 1000) });
    assert.equal((await c.call({ method: 'POST', url: '/api/v1/me/totp/confirm', payload: { code } })).statusCode, 200);
    assert.equal((await c.call({ url: '/api/v1/projects' })).statusCode, 200, 'the session that set it up is whole');

    // Its only factor cannot be turned off while the rule holds.
    clock.advance(30_000);
    const off = await c.call({
      method: 'DELETE',
      url: '/api/v1/me/totp',
      payload: { code: await generate({ secret, epoch: Math.floor(clock.now() / 1000) }) },
    });
    assert.equal(off.statusCode, 409);
    assert.equal(off.json().code, 'last_second_factor');
    assert.equal((await c.call({ method: 'DELETE', url: '/api/v1/session' })).statusCode, 204);
  });

  test('a password session made before the person had a factor must sign in again with it; a passkey-only person signs in with the passkey', async () => {
    const me = await createPerson(strict, email('again'));
    const first = await browserOn(strict);
    const second = await browserOn(strict);
    await first.signIn(me.email, me.password);
    await second.signIn(me.email, me.password);
    await addPasskey(first, new SoftAuthenticator(ORIGIN));
    assert.equal((await first.call({ url: '/api/v1/projects' })).statusCode, 200, 'registering it proved it in that session');
    const stale = await second.call({ method: 'POST', url: '/api/v1/me/passkeys/options' });
    assert.equal(stale.statusCode, 403, 'the other password session may not add a factor now');
    assert.equal(stale.json().code, 'second_factor_setup_required');
    assert.equal((await second.call({ url: '/api/v1/session' })).statusCode, 200, 'but may see and end itself');

    const third = await browserOn(strict);
    const password = await third.signIn(me.email, me.password);
    assert.equal(password.statusCode, 401);
    assert.equal(password.json().code, 'second_factor_required');
    assert.match(password.json().message, /passkey/);
  });
});
