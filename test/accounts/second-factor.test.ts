import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { buildApp } from '../../src/app.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

const email = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.test`;

/** The authenticator app's code at the clock's time. */
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describeEachEngine('authenticator apps and recovery codes', () => {
  let h: Harness;
  // The middle of a 30-second step, so a code is of the step the clock is in.
  const clock = manualClock(Date.UTC(2026, 11, 6, 12, 0, 15));
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  /** A signed-in person with an authenticator app turned on: its secret and recovery codes. */
  async function enrolled(what: string) {
    const me = await createPerson(h.app, email(what));
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(me.email, me.password)).statusCode, 200);
    const setup = await c.call({ method: 'POST', url: '/api/v1/me/totp' });
    assert.equal(setup.statusCode, 200, setup.body);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await c.call({
      method: 'POST',
      url: '/api/v1/me/totp/confirm',
      payload: { code: await codeAt(secret, clock.now()) },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    return { ...me, c, secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  test('enrolment: a secret, its otpauth URL and QR code; a wrong first code is refused; the right one turns it on with 10 recovery codes', async () => {
    const me = await createPerson(h.app, email('enrol'));
    const c = await ManagementClient.on(h.app);
    await c.signIn(me.email, me.password);
    assert.deepEqual((await c.call({ url: '/api/v1/me/totp' })).json(), { enabled: false, confirmedAt: null, recoveryCodesLeft: 0 });
    const setup = (await c.call({ method: 'POST', url: '/api/v1/me/totp' })).json() as {
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    };
    assert.match(setup.secret, /^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauthUrl);
    assert.equal(url.protocol, 'otpauth:');
    assert.equal(url.searchParams.get('secret'), setup.secret);
    assert.equal(url.searchParams.get('issuer'), 'Petstore');
    assert.ok(decodeURIComponent(url.pathname).includes(me.email));
    assert.match(Buffer.from(setup.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString(), /^<svg /);

    // Until it is confirmed, sign-in does not ask for a code.
    const other = await ManagementClient.on(h.app);
    assert.equal((await other.signIn(me.email, me.password)).statusCode, 200);

    const wrong = await c.call({ method: 'POST', url: '/api/v1/me/totp/confirm', payload: { code: '000000' } });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().code, 'validation_failed');
    const confirmed = await c.call({
      method: 'POST',
      url: '/api/v1/me/totp/confirm',
      payload: { code: await codeAt(setup.secret, clock.now()) },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    for (const code of recoveryCodes) assert.match(code, /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const status = (await c.call({ url: '/api/v1/me/totp' })).json() as { enabled: boolean; recoveryCodesLeft: number };
    assert.equal(status.enabled, true);
    assert.equal(status.recoveryCodesLeft, 10);
    // Once on, a new setup is refused: it is turned off first.
    assert.equal((await c.call({ method: 'POST', url: '/api/v1/me/totp' })).json().code, 'totp_already_enabled');
  });

  test('sign-in: without a code 401 second_factor_required; with a code of the app 200; the same code again is refused', async () => {
    const me = await enrolled('sign-in');
    const c = await ManagementClient.on(h.app);
    const bare = await c.signIn(me.email, me.password);
    assert.equal(bare.statusCode, 401);
    assert.equal(bare.json().code, 'second_factor_required');
    assert.equal(bare.headers['set-cookie'], undefined, 'no session without the code');

    // The step of the confirmation's code was used: a code is accepted once, so the next step's.
    clock.advance(30_000);
    const code = await codeAt(me.secret, clock.now());
    const signedIn = await c.call({ method: 'POST', url: '/api/v1/session', payload: { email: me.email, password: me.password, code } });
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    const replay = await c.call({ method: 'POST', url: '/api/v1/session', payload: { email: me.email, password: me.password, code } });
    assert.equal(replay.statusCode, 401);
    assert.equal(replay.json().code, 'invalid_code', 'a code is accepted once');
    // A code of the step before is accepted too (a slow typist), unless a later one was used.
    clock.advance(30_000);
    const late = await codeAt(me.secret, clock.now() - 30_000);
    assert.equal(
      (await c.call({ method: 'POST', url: '/api/v1/session', payload: { email: me.email, password: me.password, code: late } })).json()
        .code,
      'invalid_code',
    );
    const wrongPassword = await c.call({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: me.email, password: 'not-the-password-123', code: await codeAt(me.secret, clock.now()) },
    });
    assert.equal(wrongPassword.json().code, 'invalid_credentials', 'a right code does not help a wrong password');
  });

  test('two sign-ins with the same code at once: exactly one passes', async () => {
    const me = await enrolled('race');
    clock.advance(30_000);
    const code = await codeAt(me.secret, clock.now());
    const results = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const c = await ManagementClient.on(h.app);
        return (await c.call({ method: 'POST', url: '/api/v1/session', payload: { email: me.email, password: me.password, code } }))
          .statusCode;
      }),
    );
    assert.deepEqual(results.sort(), [200, 401, 401, 401, 401]);
  });

  test('recovery codes: each signs in once, in any case and spacing; the log records it', async () => {
    const me = await enrolled('recovery');
    const [first = '', second = ''] = me.recoveryCodes;
    const c = await ManagementClient.on(h.app);
    const signIn = (code: string) =>
      c.call({ method: 'POST', url: '/api/v1/session', payload: { email: me.email, password: me.password, code } });
    assert.equal((await signIn(first)).statusCode, 200);
    c.keepSession(await signIn(` ${second.toUpperCase().replace(/-/g, ' ')} `));
    assert.equal((await signIn(first)).json().code, 'invalid_code', 'used once');
    assert.equal((await c.call({ url: '/api/v1/me/totp' })).json().recoveryCodesLeft, 8);
    const log = (await c.call({ url: '/api/v1/me/security-log' })).json() as { action: string; target: string }[];
    assert.deepEqual(
      log.filter((e) => e.action === 'recovery_code.use').map((e) => e.target),
      ['8 left', '9 left'],
    );
    assert.ok(log.some((e) => e.action === 'session.create' && e.target === 'password+recovery_code'));
    assert.ok(log.some((e) => e.action === 'totp.enable'));

    // Renewing them: the old ones stop working.
    clock.advance(30_000);
    const renewed = await c.call({
      method: 'POST',
      url: '/api/v1/me/totp/recovery-codes',
      payload: { code: await codeAt(me.secret, clock.now()) },
    });
    assert.equal(renewed.statusCode, 200, renewed.body);
    assert.equal((await signIn(me.recoveryCodes[2] ?? '')).json().code, 'invalid_code');
    assert.equal((await signIn((renewed.json() as { recoveryCodes: string[] }).recoveryCodes[0] ?? '')).statusCode, 200);
  });

  test('wrong codes count as failed sign-ins: after 10 in 15 minutes, 429 even with the right code', async () => {
    const me = await enrolled('throttle');
    const c = await ManagementClient.on(h.app);
    for (let i = 0; i < 10; i++) {
      const res = await c.call({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: me.email, password: me.password, code: String(100000 + i) },
        remoteAddress: `198.51.100.${String(i + 1)}`,
      });
      assert.equal(res.json().code, 'invalid_code');
    }
    clock.advance(30_000);
    const right = await c.call({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: me.email, password: me.password, code: await codeAt(me.secret, clock.now()) },
      remoteAddress: '198.51.100.99',
    });
    assert.equal(right.statusCode, 429, 'codes are limited per email from every address together');
    assert.ok(Number(right.headers['retry-after']) >= 1);
    clock.advance(15 * 60_000);
    const later = await c.call({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: me.email, password: me.password, code: await codeAt(me.secret, clock.now()) },
    });
    assert.equal(later.statusCode, 200, 'after the window');
  });

  test('turning it off needs a current code; then sign-in asks for none', async () => {
    const me = await enrolled('off');
    const off = (code: string) => me.c.call({ method: 'DELETE', url: '/api/v1/me/totp', payload: { code } });
    assert.equal((await off('123456')).statusCode, 400);
    clock.advance(30_000);
    assert.equal((await off(await codeAt(me.secret, clock.now()))).statusCode, 204);
    assert.deepEqual((await me.c.call({ url: '/api/v1/me/totp' })).json(), { enabled: false, confirmedAt: null, recoveryCodesLeft: 0 });
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(me.email, me.password)).statusCode, 200);
    const log = (await c.call({ url: '/api/v1/me/security-log' })).json() as { action: string }[];
    assert.ok(log.some((e) => e.action === 'totp.disable'));
    assert.equal((await off('123456')).json().code, 'not_found');
  });

  test('the operator resets a locked-out person: authenticator, recovery codes and passkeys go; audited as the operator', async () => {
    const me = await enrolled('reset');
    const user = ok(await h.app.accounts.findUser(me.email).then((u) => u ?? assert.fail('no user')));
    const removed = await h.app.secondFactors.reset({ type: 'operator' }, user);
    assert.deepEqual(removed, { totp: true, passkeys: 0 });
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(me.email, me.password)).statusCode, 200, 'a password alone again');
    const log = (await c.call({ url: '/api/v1/me/security-log' })).json() as { action: string; actor: { type: string } }[];
    assert.deepEqual(
      log.filter((e) => e.action === 'second_factor.reset').map((e) => e.actor.type),
      ['operator'],
    );
  });

  test('with SECRETS_KEY the secret is stored encrypted, and codes still work on another instance', async () => {
    const sealed = await buildApp({ config: { ...h.app.config, secretsKey: 'a-secrets-key-of-sixteen+' }, storage: h.storage, clock });
    try {
      const me = await createPerson(sealed as never, email('sealed'));
      const c = await ManagementClient.on(sealed as never);
      await c.signIn(me.email, me.password);
      const { secret } = (await c.call({ method: 'POST', url: '/api/v1/me/totp' })).json() as { secret: string };
      const user = ok((await sealed.accounts.findUser(me.email)) ?? assert.fail('no user'));
      const { database } = h.storage;
      const stored =
        database.engine === 'sqlite'
          ? (database.sqlite.prepare('SELECT secret FROM totp_factors WHERE user_id = ?').get(user.id) as { secret: string }).secret
          : ((await database.pg.query('SELECT secret FROM totp_factors WHERE user_id = $1', [user.id])).rows[0] as { secret: string })
              .secret;
      assert.ok(stored.startsWith('v1.'), 'an envelope');
      assert.ok(!stored.includes(secret));
      const confirmed = await c.call({
        method: 'POST',
        url: '/api/v1/me/totp/confirm',
        payload: { code: await codeAt(secret, clock.now()) },
      });
      assert.equal(confirmed.statusCode, 200);
    } finally {
      await sealed.close();
    }
  });
});
