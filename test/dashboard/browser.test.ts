import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { checkPage, DESKTOP, focusedText, rendered } from '../helpers/dashboard.js';
import { tarGz } from '../helpers/deploys.js';
import { eventually, httpGet } from '../helpers/domains.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { cliJson, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { freePort } from '../helpers/redis-server.js';

/** Painted pixels of the first chart's canvas. */
const INKED = `(() => {
  const canvas = document.querySelector('.chart canvas');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
})()`;

const skip = browserSkip();
const pebble = skip ? true : pebbleAvailable();
const PLATFORM = 'platform.test';
const SITES: Record<string, Record<string, string>> = {
  v1: { 'index.html': '<h1>shop v1</h1>' },
  broken: { 'readme.txt': 'no index.html here' },
  v2: { 'index.html': '<h1>shop v2</h1>' },
};

describe('the dashboard in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-dashboard-');
  const email = 'me@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let rig: PebbleRig | undefined;

  before(async () => {
    // As the README says: a person made with the CLI, then the service started.
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await cliJson(['projects', 'create', 'corner', '--plan', 'free', '--json'], db.url);
    for (const [dir, files] of Object.entries(SITES)) {
      mkdirSync(join(db.dir, dir));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(db.dir, dir, name), text);
    }
    // Deploys 1 (ready), 2 (failed: no index.html) and 3 (ready, live).
    for (const dir of ['v1', 'broken', 'v2']) await runCli(['deploy', 'shop', join(db.dir, dir)], db.url);
    const env: NodeJS.ProcessEnv & { DATABASE_URL: string } = { DATABASE_URL: db.url, PLATFORM_HOST: PLATFORM };
    if (pebble === true) {
      // The DNS server the test controls, and an ACME CA that dials this server's port for http-01.
      const port = await freePort();
      rig = await startPebble({ httpPort: port });
      await rig.addA(PLATFORM, ['127.0.0.1']);
      Object.assign(env, {
        PORT: String(port),
        HTTPS_PORT: String(await freePort()),
        DNS_SERVERS: rig.dnsServer,
        ACME_DIRECTORY_URL: rig.directoryUrl,
        ACME_CA_FILE: rig.caFile,
        ACME_CAA_IDENTITIES: 'pebble.test',
        SECRETS_KEY: 'a secrets key for the dashboard test',
      });
    }
    server = await startServer(env);
    base = server.url;
    browser = await openBrowser({ viewport: DESKTOP });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await rig?.stop();
    db.cleanup();
  });

  async function signIn(page: Page, as = { email, password }): Promise<void> {
    await page.getByLabel('Email').fill(as.email);
    await page.getByLabel('Password').fill(as.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('sign in: a page asked for without a session goes through sign-in and back; a wrong password is said in words', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/keys`);
    assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
    await rendered(page);
    await checkPage(browser, 'sign-in');
    // SIGNUP is closed (the default): no sign-up offered, and the sign-up page says how accounts are made.
    assert.equal(await page.getByRole('link', { name: 'Create an account' }).count(), 0);
    await page.goto(`${base}/dashboard/sign-up`);
    await rendered(page);
    assert.match(await page.locator('#content').innerText(), /does not offer sign-up[\s\S]*petstore users create EMAIL/);
    assert.equal(await page.getByRole('button', { name: 'Sign up' }).count(), 0);
    await checkPage(browser, 'sign-up-closed');
    await page.goto(`${base}/dashboard/projects/shop/keys`);
    await rendered(page);

    await signIn(page, { email, password: 'not the password' });
    const alert = page.getByRole('alert').filter({ hasText: 'wrong' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /The email or password is wrong/);
    assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate("document.activeElement?.getAttribute('type')"), 'password', 'focus goes back to the password');

    await signIn(page);
    await page.waitForURL((u) => u.pathname === '/dashboard/projects/shop/keys', { timeout: 30_000 });
    await rendered(page);
    assertNoLeaks(browser);
  });

  test('projects: the list leads to a project and its settings, whose sections are links with their own URLs', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard`);
    await rendered(page);
    const names = await page.getByRole('list', { name: 'Your projects' }).getByRole('heading').allInnerTexts();
    assert.ok(names.includes('shop') && names.includes('corner'), names.join(', '));
    // A deployed project's site address is a link; one not deployed yet says so.
    const cards = page.getByRole('list', { name: 'Your projects' }).getByRole('listitem');
    assert.equal(
      await cards
        .filter({ hasText: 'shop' })
        .getByRole('link', { name: /^http:\/\/shop\./ })
        .count(),
      1,
    );
    assert.match(await cards.filter({ hasText: 'corner' }).innerText(), /Not deployed yet/);
    await checkPage(browser, 'projects');
    await page.getByRole('link', { name: 'shop', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/projects/shop`);
    await rendered(page);
    // The overview: the site as a link with its live deploy, the domains, this month's requests beside the quota.
    const overview = await page.locator('main').innerText();
    assert.match(overview, /Plan\s+pro/);
    assert.match(overview, /Live deploy\s+#3, uploaded/);
    assert.match(overview, /No custom domains/);
    assert.match(overview, /This month \(UTC\)\s+\d+ requests[\s\S]*Today \(UTC\)\s+\d+ of 10,000 a day/);
    const site = page.getByRole('link', { name: /^http:\/\/shop\.platform\.test:\d+\/ \(opens in a new tab\)$/ });
    assert.equal(await site.getAttribute('href'), `http://shop.${PLATFORM}:${String(server.port)}/`);
    await checkPage(browser, 'project');
    for (const [name, path] of [
      ['Domains', 'domains'],
      ['Deploys', 'deploys'],
      ['API keys', 'keys'],
      ['Usage', 'usage'],
    ] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${base}/dashboard/projects/shop/${path}`);
      assert.equal(await page.getByRole('link', { name, exact: true }).getAttribute('aria-current'), 'page');
    }
    assertNoLeaks(browser);
  });

  test('API keys: Create key shows the secret once with a copy button; the list shows name and hint; Revoke asks in a dialog', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/keys`);
    await rendered(page);
    await checkPage(browser, 'keys-empty');
    await page.getByLabel('Name (optional)').fill('mobile app');
    await page.getByRole('button', { name: 'Create key' }).click();
    const panel = page.getByRole('region', { name: 'Your new key' });
    await panel.waitFor();
    const secret = (await panel.locator('code.secret').innerText()).trim();
    assert.match(secret, /^psk_/);
    assert.match(await panel.innerText(), /only time the key is shown/);
    assert.equal(await focusedText(page, 'Your new key: mobile app'), 'Your new key: mobile app', 'focus on the new key');
    await panel.getByRole('button', { name: 'Copy the new key' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), secret, 'the copy button copied the secret');
    await checkPage(browser, 'keys-created');

    const rows = page.getByRole('table', { name: 'API keys of this project' }).getByRole('row');
    const row = rows.filter({ hasText: 'mobile app' });
    assert.match(await row.innerText(), new RegExp(`mobile app\\s+${secret.slice(0, 8)}[\\s\\S]*Last used never[\\s\\S]*Active`));
    // Never kept: not in storage, and gone after a reload.
    const stored = await page.evaluate<string>('JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie])');
    assert.doesNotMatch(stored, new RegExp(secret));
    await page.reload();
    await rendered(page);
    assert.doesNotMatch(await page.content(), new RegExp(secret));

    await row.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Revoke key “mobile app”/);
    await checkPage(browser, 'keys-revoke-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.match(await row.innerText(), /Active/, 'cancel revokes nothing');
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'mobile app' }).filter({ hasText: 'Revoked' }).waitFor();
    assert.equal(await focusedText(page, 'Keys'), 'Keys', 'focus lands on the list');
    const answer = await fetch(`${base}/v1/pets`, { headers: { authorization: `Bearer ${secret}` } });
    await answer.arrayBuffer();
    assert.equal(answer.status, 401, 'the revoked key is refused');
    assertNoLeaks(browser);
  });

  test('usage: after requests with a key and a flush, both charts draw against the quota, with a table for screen readers', async () => {
    const { key } = await cliJson<{ key: string }>(['keys', 'create', '--project', 'shop', '--json'], db.url);
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${base}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      assert.equal(res.status, 200);
    }
    // Counts reach the database within one flush (10 s).
    await eventually('the usage flush', 30_000, async () => {
      const usage = await cliJson<{ perMinute: { requests: number }[] }>(['usage', 'shop', '--json'], db.url);
      return usage.perMinute.reduce((n, b) => n + b.requests, 0) >= 7;
    });
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/usage`);
    await rendered(page);
    await page.locator('.chart canvas').nth(1).waitFor();
    assert.equal(await page.locator('.chart canvas').count(), 2, 'two charts drawn');
    const minute = page.getByRole('figure').filter({ hasText: 'Requests per minute' });
    assert.match(await minute.innerText(), /7 requests in all[\s\S]*quota is 300 a minute/);
    assert.match(await page.getByRole('figure').filter({ hasText: 'Requests per day' }).innerText(), /quota is 10,000 a day/);
    // The chart drew something: its canvas is not blank.
    const inked = await page.evaluate<number>(INKED);
    assert.ok(inked > 1000, `the canvas has ${String(inked)} painted pixels`);
    await checkPage(browser, 'usage');
    await minute.getByText('as a table').click();
    const table = minute.getByRole('table');
    assert.equal(await table.getByRole('row').count(), 61, 'a header and 60 minutes');
    assert.ok(
      (await table.getByRole('cell', { name: '7', exact: true }).count()) + (await table.getByRole('cell', { name: /^[1-7]$/ }).count()) >
        0,
    );
    await checkPage(browser, 'usage');
    assertNoLeaks(browser);
  });

  const domainSkip = pebble === true ? false : pebble;
  /** The card of one domain: the list item whose heading is its name. */
  const domainCard = (page: Page, name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true, level: 3 }) });
  /** The badge's words (screen readers hear "Status: " before them). */
  const badgeOf = async (page: Page, name: string) =>
    (await domainCard(page, name).locator('.badge').innerText()).replace(/^Status:\s*/, '').trim();

  async function addDomain(page: Page, name: string): Promise<void> {
    await page.getByLabel('Domain').fill(name);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await domainCard(page, name).waitFor();
  }

  async function verify(page: Page, name: string, button: 'Verify' | 'Re-verify', until: RegExp): Promise<string> {
    await domainCard(page, name).getByRole('button', { name: button, exact: true }).click();
    return eventually(`${name}: badge ${String(until)}`, 15_000, async () => {
      const badge = await badgeOf(page, name);
      return until.test(badge) ? badge : undefined;
    });
  }

  test('domains: the plan and deploy preconditions are explained with what to do', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/corner/domains`);
    await rendered(page);
    const main = page.locator('main');
    assert.match(await main.innerText(), /Custom domains need the Pro plan or above\.[\s\S]*petstore projects set-plan corner pro/);
    assert.match(await main.innerText(), /Deploy the site first\.[\s\S]*petstore deploy corner DIR/);
    await page.getByLabel('Domain').fill('www.corner.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Pro' });
    await refused.waitFor();
    assert.match(await refused.innerText(), /on the free plan[\s\S]*petstore projects set-plan corner pro/);
    await checkPage(browser, 'domains-plan-required');

    await runCli(['projects', 'set-plan', 'corner', 'pro'], db.url);
    await page.reload();
    await rendered(page);
    assert.doesNotMatch(await main.innerText(), /Pro plan or above/);
    await page.getByLabel('Domain').fill('www.corner.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const noDeploy = page.getByRole('alert').filter({ hasText: 'deploy' });
    await noDeploy.waitFor();
    assert.match(await noDeploy.innerText(), /no ready deploy[\s\S]*petstore deploy corner DIR/);
    assertNoLeaks(browser);
  });

  test(
    'domains: Add domain shows the records table; Verify against the test DNS: a wrong CNAME fails with found vs expected, the right one goes to Certificate pending and then Active',
    { skip: domainSkip },
    async () => {
      const { page } = browser;
      const rig_ = rig as PebbleRig;
      const name = 'www.pets.test';
      await page.goto(`${base}/dashboard/projects/shop/domains`);
      await rendered(page);
      await checkPage(browser, 'domains-empty');
      await addDomain(page, name);
      const card = domainCard(page, name);
      assert.equal(await focusedText(page, name), name, 'focus moves to the new domain');
      assert.equal(await badgeOf(page, name), 'Pending verification');
      const records = card.getByRole('table');
      assert.deepEqual((await records.getByRole('columnheader').allInnerTexts()).slice(0, 4), ['Type', 'Name', 'Value', 'TTL']);
      assert.deepEqual((await records.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).slice(0, 4), [
        'CNAME',
        'www',
        PLATFORM,
        '3600',
      ]);
      await card.getByRole('button', { name: 'Copy the CNAME value for www' }).click();
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), PLATFORM);
      await checkPage(browser, 'domains-added');

      await rig_.setCname(name, 'elsewhere.test');
      assert.equal(await verify(page, name, 'Verify', /^Failed$/), 'Failed');
      const said = await card.innerText();
      assert.match(said, /CNAME found\s+elsewhere\.test\s+Expected\s+platform\.test/);
      assert.match(said, /is a CNAME to elsewhere\.test, expected platform\.test/);
      await checkPage(browser, 'domains-cname-mismatch');

      await rig_.setCname(name, PLATFORM);
      await verify(page, name, 'Verify', /^(Certificate pending|Active)$/);
      assert.equal(await card.getByRole('button', { name: 'Re-verify' }).count(), 1, 'a verified domain offers Re-verify');
      await checkPage(browser, 'domains-verified');
      // The certificate worker orders from Pebble, which fetches the http-01 answer from this server.
      await eventually('the certificate', 60_000, async () => {
        await page.reload();
        await rendered(page);
        return (await badgeOf(page, name)) === 'Active';
      });
      assert.match(await domainCard(page, name).innerText(), /Served over HTTPS with a certificate valid until/);
      await checkPage(browser, 'domains-active');
      // The overview lists it with its badge, as a link to the site over HTTPS.
      await page.goto(`${base}/dashboard/projects/shop`);
      await rendered(page);
      const listed = page.locator('.overview-domains li').filter({ hasText: name });
      assert.match(await listed.innerText(), /Active/);
      assert.equal(await listed.getByRole('link').getAttribute('href'), `https://${name}/`);
      await checkPage(browser, 'overview-domains');
      assertNoLeaks(browser);
    },
  );

  test(
    'domains: an apex gets the ALIAS/ANAME note; a conflicting A record fails in words; a 301 redirect is added and deleted',
    { skip: domainSkip },
    async () => {
      const { page } = browser;
      const name = 'pets.test';
      await page.goto(`${base}/dashboard/projects/shop/domains`);
      await rendered(page);
      await addDomain(page, name);
      const card = domainCard(page, name);
      assert.deepEqual((await card.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).slice(0, 4), [
        'ALIAS',
        '@',
        PLATFORM,
        '3600',
      ]);
      assert.match(await card.innerText(), /apex domain[\s\S]*ALIAS \(called ANAME or CNAME flattening by some providers\)/);
      await (rig as PebbleRig).addA(name, ['192.0.2.10']);
      await verify(page, name, 'Verify', /^Failed$/);
      assert.match(await card.innerText(), /A conflicting A record\.[\s\S]*Addresses found\s+192\.0\.2\.10/);
      await checkPage(browser, 'domains-conflicting-a');

      await page.getByLabel('Redirect from').selectOption(name);
      await page.getByLabel('Redirect to').selectOption('www.pets.test');
      await page.getByRole('button', { name: 'Add redirect' }).click();
      const redirects = page.getByRole('table', { name: 'Redirects of this project' });
      await redirects.waitFor();
      assert.deepEqual((await redirects.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).slice(0, 3), [
        name,
        'www.pets.test',
        '301 (permanent)',
      ]);
      await checkPage(browser, 'domains-redirect');
      await redirects.getByRole('button', { name: `Delete the redirect from ${name}` }).click();
      await page.getByText('No redirects.').waitFor();
      assertNoLeaks(browser);
    },
  );

  test(
    'domains: adding an apex offers its www pair; one action adds the domain and the redirect entry; each verifies on its own',
    { skip: domainSkip },
    async () => {
      const { page } = browser;
      const rig_ = rig as PebbleRig;
      const apex = 'garden.test';
      const www = `www.${apex}`;
      await page.goto(`${base}/dashboard/projects/shop/domains`);
      await rendered(page);
      await addDomain(page, apex);
      const accept = page.getByRole('button', { name: `Add ${www} and redirect it`, exact: true });
      await accept.waitFor();
      assert.match(await page.locator('.pair-offer').innerText(), /add it too, redirecting \(301\) to garden\.test/);
      await checkPage(browser, 'domains-pair-offer');

      await accept.click();
      await domainCard(page, www).waitFor();
      assert.equal(await focusedText(page, www), www, 'focus moves to the added pair');
      assert.equal(await accept.count(), 0, 'the offer is gone once taken');
      assert.equal(await badgeOf(page, apex), 'Pending verification');
      assert.equal(await badgeOf(page, www), 'Pending verification');
      const redirects = page.getByRole('table', { name: 'Redirects of this project' });
      const rows = await redirects.getByRole('row').allInnerTexts();
      assert.ok(
        rows.some((r) => /^www\.garden\.test\s+garden\.test\s+301 \(permanent\)/.test(r)),
        rows.join(' | '),
      );
      await checkPage(browser, 'domains-pair-added');

      // Each verifies on its own: the www name by its CNAME, the apex by the addresses of platform.test (no PLATFORM_ADDRESSES).
      await rig_.setCname(www, PLATFORM);
      await verify(page, www, 'Verify', /^(Certificate pending|Active)$/);
      assert.equal(await badgeOf(page, apex), 'Pending verification');
      await rig_.addA(apex, ['127.0.0.1']);
      await verify(page, apex, 'Verify', /^(Certificate pending|Active)$/);
      await page.reload();
      await rendered(page);
      for (const name of [apex, www]) await domainCard(page, name).waitFor();
      assert.ok((await redirects.getByRole('row').allInnerTexts()).some((r) => r.startsWith('www.garden.test')));
      await checkPage(browser, 'domains-pair-verified');
      assertNoLeaks(browser);
    },
  );

  test('domains: a CAA record that blocks the CA is said in words', { skip: domainSkip }, async () => {
    const { page } = browser;
    const name = 'www.caa-blocked.test';
    await (rig as PebbleRig).addCaa('caa-blocked.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    await (rig as PebbleRig).setCname(name, PLATFORM);
    await page.goto(`${base}/dashboard/projects/shop/domains`);
    await rendered(page);
    await addDomain(page, name);
    await verify(page, name, 'Verify', /^(Certificate pending|Failed)$/);
    await eventually('caa_blocked', 30_000, async () => {
      await page.reload();
      await rendered(page);
      return (await badgeOf(page, name)) === 'Failed';
    });
    assert.match(await domainCard(page, name).innerText(), /A CAA record blocks the certificate authority\.[\s\S]*other-ca\.example/);
    await checkPage(browser, 'domains-caa-blocked');
    assertNoLeaks(browser);
  });

  test(
    'domains: Remove is in the menu "More actions for DOMAIN" and asks in a dialog; Cancel keeps the domain',
    { skip: domainSkip },
    async () => {
      const { page } = browser;
      const name = 'www.pets.test';
      await page.goto(`${base}/dashboard/projects/shop/domains`);
      await rendered(page);
      const menu = page.getByRole('button', { name: `More actions for ${name}` });
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await checkPage(browser, 'domains-menu');
      await domainCard(page, name).getByRole('button', { name: 'Remove', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: `Remove ${name}?` });
      await dialog.waitFor();
      await checkPage(browser, 'domains-remove-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await focusedText(page, `More actions for ${name}`), `More actions for ${name}`, 'focus goes back to the menu button');
      assert.equal(await domainCard(page, name).count(), 1, 'cancelled: the domain stays');

      await menu.click();
      await domainCard(page, name).getByRole('button', { name: 'Remove', exact: true }).click();
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await domainCard(page, name).waitFor({ state: 'detached' });
      assert.equal(await focusedText(page, 'Your domains'), 'Your domains');
      await page.reload();
      await rendered(page);
      assert.equal(await domainCard(page, name).count(), 0, 'removed for good');
      assertNoLeaks(browser);
    },
  );

  test('deploys: the history with states and failure reasons, the live one marked; promote asks first, then the site serves it; an upload goes live', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/deploys`);
    await rendered(page);
    const table = page.getByRole('table', { name: 'Deploys of this project, newest first' });
    const row = (id: number) =>
      table.getByRole('row').filter({ has: page.locator('.deploy-id', { hasText: new RegExp(`^#${String(id)}$`) }) });
    assert.match(await row(3).innerText(), /Live/);
    assert.match(await row(2).innerText(), /Failed\s+There is no index\.html/);
    assert.match(await row(1).innerText(), /Ready/);
    assert.equal(await row(2).getByRole('button').count(), 0, 'a failed deploy cannot be promoted');
    await checkPage(browser, 'deploys');

    await row(1).getByRole('button', { name: 'Promote deploy #1' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Make deploy #1 live?' });
    await dialog.waitFor();
    await checkPage(browser, 'deploys-promote-dialog');
    await dialog.getByRole('button', { name: 'Promote', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually('deploy 1 live', 5000, async () => /Live/.test(await row(1).innerText()));
    assert.match(await row(3).innerText(), /Ready/);
    const site = await eventually('the site serves deploy 1', 5000, async () => {
      const answer = await httpGet(server.port, `shop.${PLATFORM}`, '/');
      return answer.body.includes('shop v1') ? answer : undefined;
    });
    assert.equal(site.status, 200);

    await page.getByLabel('Site archive (.tar.gz)').setInputFiles({
      name: 'site.tar.gz',
      mimeType: 'application/gzip',
      buffer: await tarGz([{ name: 'index.html', content: '<h1>shop v4</h1>' }]),
    });
    const confirm = page.getByRole('alertdialog', { name: 'Deploy to shop?' });
    await confirm.getByRole('button', { name: 'Deploy', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await eventually('deploy 4 live', 10_000, async () => (await row(4).count()) === 1 && /Live/.test(await row(4).innerText()));
    await page.getByLabel('Site archive (.tar.gz)').setInputFiles({
      name: 'broken.tar.gz',
      mimeType: 'application/gzip',
      buffer: await tarGz([{ name: 'about.html', content: 'no index' }]),
    });
    await confirm.getByRole('button', { name: 'Deploy', exact: true }).click();
    const refused = confirm.getByRole('alert').filter({ hasText: 'failed' });
    await refused.waitFor();
    assert.match(await refused.innerText(), /^Deploy #5 of shop failed: There is no index\.html/);
    await eventually('deploy 5 in the history', 5000, async () => (await row(5).count()) === 1);
    assert.match(await row(5).innerText(), /Failed/);
    await checkPage(browser, 'deploys-upload-failed');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assertNoLeaks(browser);
  });

  test(
    'domains: another project adding a name that is taken is asked for the TXT proof, and not told whose it is',
    { skip: domainSkip },
    async () => {
      const { page } = browser;
      const apex = 'garden.test';
      // Another project adding garden.test is not refused, nor told who has it: it is asked for the TXT proof.
      await cliJson(['projects', 'create', 'rival', '--plan', 'pro', '--json'], db.url);
      assert.equal((await runCli(['deploy', 'rival', join(db.dir, 'v1')], db.url)).code, 0);
      await page.goto(`${base}/dashboard/projects/rival/domains`);
      await rendered(page);
      await addDomain(page, apex);
      assert.equal(await badgeOf(page, apex), 'Ownership proof needed');
      const claim = domainCard(page, apex);
      assert.match(await claim.innerText(), /Prove that the domain is yours\.[\s\S]*TXT record\s+_petstore-challenge\.garden\.test/);
      const txt = await claim.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
      assert.deepEqual(txt.slice(0, 2), ['TXT', '_petstore-challenge']);
      assert.match(txt[2] ?? '', /^petstore-verify=[0-9a-f]{32}$/);
      assert.doesNotMatch(await page.locator('main').innerText(), /\bshop\b/);
      await checkPage(browser, 'domains-ownership-required');
      assertNoLeaks(browser);
    },
  );

  test('sign out: back to the sign-in page, and every page asks to sign in again', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard`);
    await rendered(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/sign-in');
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${base}/dashboard/projects/shop/usage`);
    assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
    assert.equal(new URL(page.url()).searchParams.get('next'), '/dashboard/projects/shop/usage');
    assertNoLeaks(browser);
  });

  test('sign-in throttled: the page says how long to wait', async () => {
    const { page } = browser;
    // Ten failures for one email within 15 minutes; the eleventh attempt is refused with Retry-After.
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${base}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.test', password: 'wrong' }),
      });
      await res.arrayBuffer();
      if (res.status === 429) break;
    }
    await page.goto(`${base}/dashboard/sign-in`);
    await rendered(page);
    await signIn(page, { email: 'someone@example.test', password: 'wrong again' });
    const alert = page.getByRole('alert').filter({ hasText: 'Too many' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Too many failed sign-ins\. Wait \d+ (minutes|seconds?), then try again\./);
    await checkPage(browser, 'sign-in-throttled');
    assertNoLeaks(browser);
  });
});
