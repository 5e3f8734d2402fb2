import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { secretHint } from '../../src/keys/key-format.js';
import { browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { checkPage, DESKTOP, rendered } from '../helpers/dashboard.js';
import { otlpEnv, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

describe('the dashboard’s Requests tab and Roll dialog in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-requests-');
  const email = 'me@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let key: { id: string; key: string };
  let receiver: OtlpReceiver;

  before(async () => {
    // Telemetry on, with TRACE_URL: the request view links each request's trace.
    receiver = await startOtlpReceiver();
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    key = await cliJson<{ id: string; key: string }>(['keys', 'create', '--project', 'shop', '--name', 'mobile app', '--json'], db.url);
    server = await startServer({ DATABASE_URL: db.url, ...otlpEnv(receiver), TRACE_URL: 'http://jaeger.test:16686/trace/{traceId}' });
    base = server.url;
    const auth = { authorization: `Bearer ${key.key}` };
    for (let i = 0; i < 3; i++) assert.equal((await fetch(`${base}/v1/pets?limit=5`, { headers: auth })).status, 200);
    const missing = await fetch(`${base}/v1/pets/424242`, { headers: { ...auth, 'x-request-id': 'missing-pet-1' } });
    assert.equal(missing.status, 404);
    browser = await openBrowser({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
    db.cleanup();
  });

  async function signIn(page: Page): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('Requests: newest first, filtered by status, each row opening to its error code and message and its trace, linked', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/requests`);
    await signIn(page);
    await page.waitForURL(/\/dashboard\/projects\/shop\/requests$/);
    await rendered(page);
    // Requests appear within 2 s: search again until the 404 shows.
    const rows = page.locator('table.requests tbody tr');
    for (let i = 0; i < 20 && (await rows.count()) < 4; i++) {
      await page.waitForTimeout(250);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForTimeout(100);
    }
    assert.equal(await rows.count(), 4);
    assert.match(await rows.first().innerText(), /GET \/v1\/pets\/424242[\s\S]*404/);
    await page.getByLabel('Status').selectOption('4xx');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction("document.querySelectorAll('table.requests tbody tr').length === 1");
    await page.locator('table.requests summary').first().click();
    const details = await page.locator('table.requests .request-details').first().innerText();
    assert.match(details, /not_found/);
    assert.match(details, /missing-pet-1/);
    assert.match(details, /mobile app/);
    const [logged] = await cliJson<{ traceId?: string }[]>(['requests', 'shop', '--request-id', 'missing-pet-1', '--json'], db.url);
    assert.match(logged?.traceId ?? '', /^[0-9a-f]{32}$/);
    const trace = page
      .locator('table.requests .request-details')
      .first()
      .getByRole('link', { name: logged?.traceId ?? '' });
    assert.equal(await trace.getAttribute('href'), `http://jaeger.test:16686/trace/${logged?.traceId ?? ''}`);
    assert.equal(await trace.getAttribute('target'), '_blank');
    assert.ok(!(await page.content()).includes(key.key), 'the key is never on the page');
    await checkPage(browser, 'requests');
  });

  test('Roll: the dialog rolls the key and shows the new key once, with when the old one stops', async () => {
    const { page } = browser;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/dashboard/projects/shop/keys`);
    await rendered(page);
    await page.getByRole('button', { name: 'Roll key “mobile app”' }).click();
    const dialog = page.getByRole('alertdialog');
    assert.match(await dialog.innerText(), /Roll key “mobile app”/);
    await dialog.getByLabel('The old key keeps working for').selectOption('72');
    await browser.screenshot('dashboard-keys-roll-dialog-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.screenshot('dashboard-keys-roll-dialog-phone');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    // The same dialog now shows the new key (no longer a question: role dialog), focused on its heading.
    const panel = page.getByRole('dialog', { name: 'Your new key: mobile app' });
    await panel.waitFor();
    assert.equal(await page.evaluate('document.activeElement?.textContent'), 'Your new key: mobile app');
    assert.match(await panel.innerText(), /Copy it now/);
    const secret = await panel.locator('code.secret').innerText();
    assert.match(secret, /^psk_/);
    assert.notEqual(secret, key.key);
    const stops = await panel.locator('.old-key-stops time').getAttribute('datetime');
    const hours = (Date.parse(stops ?? '') - Date.now()) / 3600_000;
    assert.ok(hours > 71.5 && hours <= 72, `the old key stops in ${String(hours)} h`);
    // Both keys work during the overlap.
    for (const k of [key.key, secret])
      assert.equal((await fetch(`${base}/v1/pets`, { headers: { authorization: `Bearer ${k}` } })).status, 200);
    await checkPage(browser, 'keys-rolled');
    await panel.getByRole('button', { name: 'Done' }).click();
    // Closed, the dialog leaves the document with the key in it.
    await page.waitForFunction("document.querySelector('dialog') === null");
    assert.ok(!(await page.content()).includes(secret), 'shown once: gone after Done');
    // The list shows the new key beside the old one, which now says when it stops and which key replaced it:
    // never two "Active" keys of one name, and the old one cannot be rolled again (it can still be revoked).
    const table = page.getByRole('table', { name: 'API keys of this project' });
    const rows = table.locator('tbody tr');
    assert.equal(await rows.count(), 2);
    const texts = await rows.allInnerTexts();
    const oldRow = texts.find((t) => t.includes('Rolled')) ?? assert.fail(texts.join('\n---\n'));
    const newRow = texts.find((t) => !t.includes('Rolled')) ?? assert.fail(texts.join('\n---\n'));
    const newHint = secretHint(secret);
    assert.match(oldRow, /Stops /);
    assert.ok(oldRow.includes(`Replaced by\n${newHint}`) || oldRow.includes(`Replaced by ${newHint}`), oldRow);
    assert.ok(!oldRow.includes('Active'), oldRow);
    assert.match(newRow, /Active/);
    assert.match(newRow, /Replaces/);
    const stopsAt = await rows.filter({ hasText: 'Rolled' }).locator('time').last().getAttribute('datetime');
    assert.equal(stopsAt, stops);
    assert.equal(await page.getByRole('button', { name: /^Roll key “mobile app”/ }).count(), 1, 'only the new key can be rolled');
    assert.equal(await page.getByRole('button', { name: /^Revoke key “mobile app”/ }).count(), 2, 'the old one can still be stopped now');
    await browser.screenshot('dashboard-keys-after-roll-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.screenshot('dashboard-keys-after-roll-phone');
    await page.setViewportSize(DESKTOP);
    await checkPage(browser, 'keys-after-roll');
  });
});
