import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { apiFromPage, checkPage, DESKTOP, rendered } from '../helpers/dashboard.js';
import { startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

/**
 * Passkeys and authenticator apps in Chromium, against bin/petstore serve at http://localhost (a secure
 * context, and the relying party id WebAuthn checks): a virtual authenticator of the DevTools protocol's
 * WebAuthn domain stands in for the device.
 */
describe('sign-in and security in the dashboard, in Chromium (virtual authenticator)', { skip }, () => {
  const db = tempDatabase('petstore-security-');
  const me = { email: 'keyholder@example.test', password: 'a long passphrase for tests' };
  const coder = { email: 'coder@example.test', password: 'another long passphrase here' };
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    // OIDC_ISSUER on a closed port: the sign-in page offers the button; nothing here follows it.
    server = await startServer({
      DATABASE_URL: db.url,
      SIGNUP: 'open',
      OIDC_ISSUER: 'http://127.0.0.1:1',
      OIDC_CLIENT_ID: 'petstore',
      OIDC_NAME: 'Acme SSO',
    });
    base = server.url.replace('127.0.0.1', 'localhost');
    for (const who of [me, coder]) {
      const res = await fetch(`${base}/api/v1/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(who),
      });
      assert.equal(res.status, 201, await res.text());
    }
    browser = await openBrowser({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    db.cleanup();
  });

  test('register a passkey on the security page, sign out, sign in with it', async () => {
    const { page, context } = browser;
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = (await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    })) as { authenticatorId: string };

    await page.goto(`${base}/dashboard/security`);
    assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
    await rendered(page);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/security');
    await rendered(page);
    await page.getByRole('link', { name: 'Security' }).waitFor();
    await checkPage(browser, 'security');

    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('cell', { name: 'Test laptop', exact: true }).waitFor({ timeout: 10_000 });
    const { credentials } = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as {
      credentials: { rpId: string; isResidentCredential: boolean }[];
    };
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0]?.rpId, 'localhost');
    assert.equal(credentials[0]?.isResidentCredential, true);
    await checkPage(browser, 'security-passkey');

    // The authenticator app's setup shows its QR code (left unconfirmed here).
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await checkPage(browser, 'security-setup');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/sign-in');
    await rendered(page);
    assert.equal(
      await page.getByRole('link', { name: 'Sign in with Acme SSO' }).getAttribute('href'),
      '/api/v1/session/oidc?next=%2Fdashboard',
    );
    await checkPage(browser, 'sign-in');

    await page.getByRole('link', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await rendered(page);
    const session = await apiFromPage<{ user: { email: string } }>(page, 'GET', '/session');
    assert.equal(session.body.user.email, me.email);
    const log = await apiFromPage<{ action: string; target: string }[]>(page, 'GET', '/me/security-log');
    assert.deepEqual([log.body[0]?.action, log.body[0]?.target], ['session.create', 'passkey']);
    assertNoLeaks(browser);
  });

  test('a person with an authenticator app: the code step after the password', async () => {
    const { page } = browser;
    // Set up through the API, as the person would on the security page.
    const signIn = await fetch(`${base}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(coder),
    });
    const cookie = String(signIn.headers.get('set-cookie')).split(';')[0] ?? '';
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const headers = { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };
    const { secret } = (await (
      await fetch(`${base}/api/v1/me/totp`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken } })
    ).json()) as { secret: string };
    const confirm = await fetch(`${base}/api/v1/me/totp/confirm`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ code: await generate({ secret }) }),
    });
    assert.equal(confirm.status, 200);

    await apiFromPage(page, 'DELETE', '/session');
    await page.goto(`${base}/dashboard/sign-in`);
    await rendered(page);
    await page.getByLabel('Email').fill(coder.email);
    await page.getByLabel('Password').fill(coder.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Authentication code').waitFor();
    await checkPage(browser, 'sign-in-code');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is wrong or was already used').waitFor();
    // The next step's code (the confirmation used this one's: a code is accepted once).
    await page.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    assert.equal((await apiFromPage<{ user: { email: string } }>(page, 'GET', '/session')).body.user.email, coder.email);
    assertNoLeaks(browser);
  });
});
