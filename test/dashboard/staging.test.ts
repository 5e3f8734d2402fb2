import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { checkPage, DESKTOP, rendered } from '../helpers/dashboard.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

describe('the dashboard’s Production | Staging switch, staging bar and reset in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-staging-');
  const email = 'me@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let staging: { key: string };
  let production: { key: string };

  const api = (path: string, key: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  before(async () => {
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    production = await cliJson<{ key: string }>(['keys', 'create', '--project', 'shop', '--name', 'live site', '--json'], db.url);
    staging = await cliJson<{ key: string }>(
      ['keys', 'create', '--project', 'shop', '--name', 'ci tests', '--env', 'staging', '--json'],
      db.url,
    );
    server = await startServer({ DATABASE_URL: db.url });
    base = server.url;
    for (const name of ['Rex', 'Ada']) assert.equal((await api('/v1/pets', production.key, { name, categoryId: 1 })).status, 201);
    for (const name of ['Test one', 'Test two', 'Test three']) {
      assert.equal((await api('/staging/v1/pets', staging.key, { name, categoryId: 1 })).status, 201);
    }
    browser = await openBrowser({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    db.cleanup();
  });

  async function signIn(page: Page): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('the switch opens staging: the bar says so with the staging base URL, and API keys follow it', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/keys`);
    await signIn(page);
    await page.waitForURL(/\/dashboard\/projects\/shop\/keys$/);
    await rendered(page);
    const switchGroup = page.getByRole('radiogroup', { name: 'Environment' });
    assert.equal(await switchGroup.getByRole('radio', { name: 'Production' }).isChecked(), true);
    assert.equal(await page.locator('.env-bar').count(), 0, 'no staging bar in production');
    assert.match(await page.locator('.key-list').innerText(), /live site/);
    assert.doesNotMatch(await page.locator('.key-list').innerText(), /ci tests/);

    await switchGroup.getByRole('radio', { name: 'Staging' }).check();
    await page.waitForURL(/\/dashboard\/projects\/shop\/keys\?environment=staging$/);
    await rendered(page);
    const bar = page.getByRole('note');
    assert.match(await bar.innerText(), /Staging: test data/);
    assert.match(await bar.innerText(), new RegExp(`${base.replace(/[.]/g, '\\.')}/staging/v1`));
    assert.equal(await page.getByRole('radio', { name: 'Staging' }).isChecked(), true);
    const keys = await page.locator('.key-list').innerText();
    assert.match(keys, /ci tests/);
    assert.match(keys, /psk_test_/);
    assert.doesNotMatch(keys, /live site/);
    // The tabs keep the environment; a key created here is a staging key.
    assert.match((await page.getByRole('link', { name: 'Usage' }).getAttribute('href')) ?? '', /environment=staging$/);
    await page.getByLabel('Name (optional)').fill('from the dashboard');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.locator('.secret-slot code.secret').innerText();
    assert.match(secret, /^psk_test_/);
    assert.equal((await api('/staging/v1/pets', secret)).status, 200, 'the new key works at the staging base URL');
    await checkPage(browser, 'staging-keys');
  });

  test('the overview of staging resets it after a confirmation; production keeps its pets', async () => {
    const { page } = browser;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/dashboard/projects/shop?environment=staging`);
    await rendered(page);
    assert.match(await page.getByRole('heading', { level: 2, name: 'Overview of staging' }).innerText(), /staging/);
    await checkPage(browser, 'staging-overview');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Reset staging' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset the staging environment of shop?' });
    assert.match(await dialog.innerText(), /API keys and webhook endpoints stay/);
    await browser.screenshot('dashboard-staging-reset-dialog-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.screenshot('dashboard-staging-reset-dialog-phone');
    await page.setViewportSize(DESKTOP);
    // Cancel first: nothing happens.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(((await (await api('/staging/v1/pets', staging.key)).json()) as unknown[]).length, 3);
    await page.getByRole('button', { name: 'Reset staging' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
    await page.waitForFunction("document.querySelector('dialog') === null");
    await page.locator('.staging-done', { hasText: 'Staging was reset: it holds no data now.' }).waitFor();
    assert.deepEqual(await (await api('/staging/v1/pets', staging.key)).json(), []);
    assert.equal(((await (await api('/v1/pets', production.key)).json()) as unknown[]).length, 2, 'production untouched');

    // Copy production's pets into the now empty staging, from the same card.
    await page.getByRole('button', { name: 'Copy production pets' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Copy pets' }).click();
    await page.waitForFunction("document.querySelector('dialog') === null");
    await page.locator('.staging-done', { hasText: '2 pets copied into staging.' }).waitFor();
    await checkPage(browser, 'staging-overview-copied');
    await page.setViewportSize(DESKTOP);
    assert.equal(await (await api('/staging/v1/pets', staging.key)).text(), await (await api('/v1/pets', production.key)).text());
    // A second copy is refused, in words, in the dialog.
    await page.getByRole('button', { name: 'Copy production pets' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Copy pets' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/already has pets or orders/)
      .waitFor();
    // In this page's words: the button beside it, not another tool's command.
    const refusal = await page.getByRole('alertdialog').innerText();
    assert.match(
      refusal,
      /Staging already has pets or orders\. Use Reset staging \(beside Copy production pets\) to empty it, then copy again\./,
    );
    assert.doesNotMatch(refusal, /petstore /);
    await checkPage(browser, 'staging-copy-refused');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    // Back to production: no bar, the production overview.
    await page.getByRole('radio', { name: 'Production' }).check();
    await page.waitForURL(/\/dashboard\/projects\/shop$/);
    await rendered(page);
    assert.equal(await page.locator('.env-bar').count(), 0);
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
  });

  test('a shared tab in staging says it is shared; Usage follows the switch', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/shop/domains?environment=staging`);
    await rendered(page);
    assert.match(await page.getByRole('note').innerText(), /Domains is shared by production and staging/);
    await page.goto(`${base}/dashboard/projects/shop/usage?environment=staging`);
    await rendered(page);
    assert.match(await page.getByRole('note').innerText(), /Staging: test data/);
    await checkPage(browser, 'staging-usage');
  });
});
