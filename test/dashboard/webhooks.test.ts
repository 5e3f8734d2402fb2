import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { browserSkip, openBrowser, SCREENSHOTS, seriousAxeViolations, type Browser } from '../helpers/browser.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { receiver } from '../helpers/webhooks.js';

const skip = browserSkip();

describe('the Webhooks tab in Chromium', { skip }, () => {
  const db = tempDatabase('petstore-webhooks-tab-');
  const email = 'hooks@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let r: Awaited<ReturnType<typeof receiver>>;

  before(async () => {
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    r = await receiver();
    server = await startServer({ DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: '1' });
    browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await r?.close();
    db.cleanup();
  });

  test('Add webhook shows the secret once; Send test event delivers a signed ping; deliveries show status, HTTP status and duration; no Retry once delivered', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/projects/shop/webhooks`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/projects\/shop\/webhooks$/);
    await page.getByText('This project has no webhook endpoints yet.').waitFor();
    // Pro: 10,000 requests a day times 10 endpoints.
    await page.getByText(/^Delivery attempts today \(UTC\): 0 of 100.000\.$/).waitFor();

    await page.getByLabel('URL').fill(r.url);
    await page.getByLabel('Events').fill('*');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const panel = page.getByRole('region', { name: 'Signing secret' });
    await panel.waitFor();
    const secret = (await panel.locator('code.secret').innerText()).trim();
    assert.match(secret, /^whsec_/);
    r.useSecret(secret);

    const row = page.getByRole('table', { name: 'Webhook endpoints of this project' }).getByRole('row').filter({ hasText: r.url });
    await row.getByRole('button', { name: /^Send test event/ }).click();
    await r.waitFor(1);
    assert.equal(r.received[0]?.verified?.type, 'ping');

    const deliveries = page.getByRole('table', { name: `Deliveries to ${r.url}` });
    await deliveries.waitFor();
    const text = await deliveries.innerText();
    assert.match(text, /Succeeded/);
    assert.match(text, /HTTP 204/);
    assert.match(text, /\d+ ms/);
    await page.screenshot({ path: join(SCREENSHOTS, 'webhooks-desktop.png'), fullPage: true });
    assert.deepEqual(await seriousAxeViolations(page), []);

    assert.equal(await deliveries.getByRole('button', { name: /^Retry/ }).count(), 0, 'a delivery that succeeded offers no Retry');
    // The secret is not shown again after a reload.
    await page.reload();
    await page.getByRole('table', { name: 'Webhook endpoints of this project' }).waitFor();
    assert.doesNotMatch(await page.content(), new RegExp(secret.replace(/[+/]/g, '.')));
  });
});
