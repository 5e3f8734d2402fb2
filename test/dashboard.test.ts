import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoLeaks, browserSkip, openBrowser, seriousAxeViolations, type Browser } from './helpers/browser.js';
import { eventually } from './helpers/domains.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from './helpers/processes.js';

// Code run in the page is written as strings: the project's TypeScript has no DOM types.
const WIDER_THAN_SCREEN = `(() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-scroll, .chart'))
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  return { by: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
})()`;
const FOCUSED_TEXT = 'document.activeElement?.textContent';
/** Painted pixels of the first chart's canvas. */
const INKED = `(() => {
  const canvas = document.querySelector('.chart canvas');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
})()`;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Waits until the page's module has rendered (the "Loading…" placeholder is gone). */
async function rendered(page: Page): Promise<void> {
  await page.waitForFunction("!document.querySelector('#content .loading')");
}

/**
 * Checks the page as it is at phone and desktop widths: axe finds no serious
 * or critical violation at either, nothing is wider than the phone's screen,
 * and both are kept as screenshots (test-results/screenshots/NAME-phone.png, NAME-desktop.png).
 */
async function checkPage(browser: Browser, name: string): Promise<void> {
  const { page } = browser;
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await browser.screenshot(`dashboard-${name}-${size}`, { fullPage: true });
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id} (${String(v.impact)}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `${name} at ${size} width`,
    );
    const overflow = await page.evaluate<{ by: number; wide: string[] }>(WIDER_THAN_SCREEN);
    assert.ok(overflow.by <= 0, `${name} at ${size} width is ${String(overflow.by)} px wider than the screen: ${overflow.wide.join(', ')}`);
  }
}

const skip = browserSkip();

describe('the dashboard in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-dashboard-');
  const email = 'me@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    // As the README says: a person made with the CLI, then the service started.
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await cliJson(['projects', 'create', 'corner', '--plan', 'free', '--json'], db.url);
    server = await startServer({ DATABASE_URL: db.url });
    base = server.url;
    browser = await openBrowser({ viewport: DESKTOP });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
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
    await checkPage(browser, 'projects');
    await page.getByRole('link', { name: 'shop', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/projects/shop`);
    await rendered(page);
    assert.match(await page.locator('main').innerText(), /Plan\s+pro/);
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
    assert.equal(await page.evaluate(FOCUSED_TEXT), 'Your new key: mobile app', 'focus on the new key');
    await panel.getByRole('button', { name: 'Copy the new key' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), secret, 'the copy button copied the secret');
    await checkPage(browser, 'keys-created');

    const rows = page.getByRole('table', { name: 'API keys of this project' }).getByRole('row');
    const row = rows.filter({ hasText: 'mobile app' });
    assert.match(await row.innerText(), new RegExp(`${secret.slice(0, 8)}[\\s\\S]*Never[\\s\\S]*Active`));
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
    assert.equal(await page.evaluate(FOCUSED_TEXT), 'Keys', 'focus lands on the list');
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
