import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { apiFromPage, checkPage, DESKTOP, rendered } from '../helpers/dashboard.js';
import { eventually, httpGet } from '../helpers/domains.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { receiver } from '../helpers/webhooks.js';

const skip = browserSkip();
const PLATFORM = 'platform.test';

describe('webhook deliveries and folder deploys in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-dash-hooks-deploys-');
  const email = 'hooks@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let ok: Awaited<ReturnType<typeof receiver>>;
  let failing: Awaited<ReturnType<typeof receiver>>;

  before(async () => {
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await cliJson(['projects', 'create', 'fresh', '--plan', 'free', '--json'], db.url);
    ok = await receiver((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"received":true}');
    });
    failing = await receiver((_req, res) => {
      res.statusCode = 500;
      res.end('the receiver is down for maintenance');
    });
    server = await startServer({
      DATABASE_URL: db.url,
      PLATFORM_HOST: PLATFORM,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // One retry a second later, then the delivery has failed for good.
      WEBHOOK_RETRY_DELAYS: '1',
    });
    browser = await openBrowser({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await ok?.close();
    await failing?.close();
    db.cleanup();
  });

  async function signInAt(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    if (new URL(page.url()).pathname === '/dashboard/sign-in') {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === path);
    }
    await rendered(page);
  }

  async function addWebhook(page: Page, url: string): Promise<void> {
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const panel = page.getByRole('region', { name: 'Signing secret' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
  }

  /** The confirmation of a chosen folder: it says `what`, then Deploy. */
  async function confirmDeploy(page: Page, what: RegExp): Promise<void> {
    const dialog = page.getByRole('alertdialog', { name: /^Deploy to / });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), what);
    await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const endpointRow = (page: Page, url: string) =>
    page.getByRole('table', { name: 'Webhook endpoints of this project' }).getByRole('row').filter({ hasText: url });

  test('deliveries show the event type, time and response; one opens to its payload and answer; Send test event says what happened; Retry only where a delivery failed', async () => {
    const { page } = browser;
    await signInAt(page, '/dashboard/projects/shop/webhooks');
    await addWebhook(page, ok.url);
    const budget = page.locator('.webhook-budget');
    assert.match(await budget.innerText(), /Delivery attempts today \(UTC\): 0 of /);

    await endpointRow(page, ok.url)
      .getByRole('button', { name: `Send test event to ${ok.url}` })
      .click();
    const delivered = page.getByRole('status').filter({ hasText: 'Test event delivered' });
    await delivered.waitFor({ timeout: 20_000 });
    // The budget line counts the attempt the test event made, without a reload.
    await eventually('the budget line refreshed', 5000, async () => /: 1 of /.test(await budget.innerText()));
    assert.match(await delivered.innerText(), new RegExp(`Test event delivered: ${ok.url} answered HTTP 200 in \\d+ ms\\.`));
    assert.equal(ok.received.length, 1);

    const deliveries = page.getByRole('table', { name: `Deliveries to ${ok.url}` });
    await deliveries.waitFor();
    const [header, row] = await deliveries.getByRole('row').allInnerTexts();
    assert.match(header ?? '', /Event\s+Response\s+Actions/);
    assert.match(row ?? '', /ping/);
    assert.match(row ?? '', /evt_/);
    assert.match(row ?? '', /Succeeded/);
    assert.match(row ?? '', /HTTP 200/);
    assert.match(row ?? '', /\d+ ms/);
    const shown = await deliveries.locator('time').first().getAttribute('datetime');
    assert.ok(shown && Math.abs(Date.parse(shown) - Date.now()) < 60_000, `the attempt's time (${String(shown)})`);
    assert.equal(await deliveries.getByRole('button', { name: /^Retry/ }).count(), 0, 'a delivery that succeeded offers no Retry');

    await deliveries.getByRole('button', { name: /^View delivery dlv_\d+ \(ping, attempt 1\)$/ }).click();
    const opened = page.getByRole('region', { name: /^Delivery dlv_\d+$/ });
    await opened.waitFor();
    const payload = JSON.parse(await opened.getByLabel('Payload').innerText()) as { id: string; type: string; project: string };
    assert.deepEqual([payload.type, payload.project], ['ping', 'shop']);
    assert.equal(JSON.stringify(payload), ok.received[0]?.body, 'the payload shown is the body sent');
    assert.equal(await opened.getByLabel('Response body of attempt 1').innerText(), '{"received":true}');
    assert.match(await opened.innerText(), /Succeeded[\s\S]*Attempt 1[\s\S]*HTTP 200/);
    await checkPage(browser, 'webhooks-delivery-open');
    await opened.getByRole('button', { name: /^Close/ }).click();
    await opened.waitFor({ state: 'detached' });

    // A receiver answering 500: the test event says it failed, with the status and the start of the answer.
    await addWebhook(page, failing.url);
    await endpointRow(page, failing.url)
      .getByRole('button', { name: `Send test event to ${failing.url}` })
      .click();
    const failed = page.getByRole('status').filter({ hasText: 'Test event failed' });
    await failed.waitFor({ timeout: 20_000 });
    assert.match(await failed.innerText(), /the receiver answered 500: the receiver is down for maintenance \(HTTP 500\), after \d+ ms/);
    // Once the retry has failed too, the delivery has failed for good: Retry is offered once, on its latest attempt.
    const failingDeliveries = page.getByRole('table', { name: `Deliveries to ${failing.url}` });
    await eventually('both attempts shown', 15_000, async () => {
      await endpointRow(page, failing.url)
        .getByRole('button', { name: `Deliveries of ${failing.url}` })
        .click();
      await failingDeliveries.waitFor();
      return (
        (await failingDeliveries.getByRole('row').count()) === 3 &&
        (await failingDeliveries.getByRole('button', { name: 'Retry' }).count()) === 1
      );
    });
    const texts = await failingDeliveries.getByRole('row').allInnerTexts();
    assert.match(texts[1] ?? '', /ping[\s\S]*attempt 2[\s\S]*Failed[\s\S]*HTTP 500[\s\S]*Retry/);
    assert.doesNotMatch(texts[2] ?? '', /Retry/);
    await checkPage(browser, 'webhooks-failed-deliveries');
    await failingDeliveries.getByRole('button', { name: /^Retry delivery of evt_/ }).click();
    await failing.waitFor(3);
    assert.equal(failing.received[2]?.headers['webhook-id'], failing.received[0]?.headers['webhook-id']);
    assertNoLeaks(browser);
  });

  test('a folder chosen or dropped on the Deploys tab is packed in the browser and served; the empty tab and Access tokens show the CLI install', async () => {
    const { page } = browser;
    await signInAt(page, '/dashboard/projects/fresh/deploys');
    const install = `npm install -g ${server.url}/downloads/petstore-cli.tgz`;
    assert.match(await page.locator('#content').innerText(), new RegExp(`No deploys yet[\\s\\S]*${install.replace(/[.]/g, '\\.')}`));
    // Beside it, the tarball's SHA-256 as sha256sum -c reads it.
    const checksum = page.getByRole('link', { name: 'petstore-cli.tgz.sha256' });
    assert.equal(await checksum.getAttribute('href'), '/downloads/petstore-cli.tgz.sha256');
    assert.match(await (await fetch(`${server.url}/downloads/petstore-cli.tgz.sha256`)).text(), /^[0-9a-f]{64} {2}petstore-cli\.tgz\n$/);
    await checkPage(browser, 'deploys-empty');

    const site = join(db.dir, 'site');
    mkdirSync(join(site, 'css'), { recursive: true });
    mkdirSync(join(site, 'docs', 'a'.repeat(60), 'b'.repeat(60)), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<h1>fresh from a folder</h1>');
    writeFileSync(join(site, 'css', 'site.css'), 'h1 { color: teal }');
    writeFileSync(join(site, 'docs', 'a'.repeat(60), 'b'.repeat(60), 'page.html'), '<p>a long path</p>');
    await page.getByLabel('Site folder').setInputFiles(site);
    await confirmDeploy(page, /Files\s+3 files/);
    const history = page.getByRole('table', { name: 'Deploys of this project, newest first' });
    await eventually('the folder deploy live', 15_000, async () => (await history.count()) === 1 && /Live/.test(await history.innerText()));
    assert.match(await history.innerText(), /3 files/);
    const served = await httpGet(server.port, `fresh.${PLATFORM}`, '/');
    assert.deepEqual([served.status, served.body], [200, '<h1>fresh from a folder</h1>']);
    assert.equal((await httpGet(server.port, `fresh.${PLATFORM}`, '/css/site.css')).body, 'h1 { color: teal }');
    const deep = await httpGet(server.port, `fresh.${PLATFORM}`, `/docs/${'a'.repeat(60)}/${'b'.repeat(60)}/page.html`);
    assert.deepEqual([deep.status, deep.body], [200, '<p>a long path</p>'], 'a path longer than a tar header holds');
    const missing = await httpGet(server.port, `fresh.${PLATFORM}`, '/nope');
    assert.equal(missing.status, 404);
    assert.match(missing.body, /<style>[^<]+<\/style>/, 'the default 404 page carries its own style');

    // Files dropped on the tab.
    const drop = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['<h1>dropped</h1>'], 'index.html', { type: 'text/html' }));
      dt.items.add(new File(['dropped too'], 'about.txt', { type: 'text/plain' }));
      return dt;
    })()`);
    await page.dispatchEvent('#content', 'dragenter', { dataTransfer: drop });
    await page.dispatchEvent('#content', 'drop', { dataTransfer: drop });
    await confirmDeploy(page, /Folder\s+the dropped files[\s\S]*Files\s+2 files/);
    await eventually('the dropped deploy served', 15_000, async () => {
      const answer = await httpGet(server.port, `fresh.${PLATFORM}`, '/');
      return answer.body === '<h1>dropped</h1>' ? answer : undefined;
    });
    assert.equal((await httpGet(server.port, `fresh.${PLATFORM}`, '/about.txt')).body, 'dropped too');
    await eventually('two deploys listed', 5000, async () => (await history.getByRole('row').count()) === 3);
    await checkPage(browser, 'deploys-folder');

    await signInAt(page, '/dashboard/tokens');
    assert.match(await page.getByRole('region', { name: 'Command line' }).innerText(), new RegExp(install.replace(/[.]/g, '\\.')));
    await checkPage(browser, 'tokens-cli-install');
    assertNoLeaks(browser);
  });

  test('Activity names keys and webhooks as the other tabs do and says what happened in words, never in codes', async () => {
    const { page } = browser;
    await signInAt(page, '/dashboard/projects/shop/activity');
    const key = await apiFromPage<{ id: string; hint: string }>(page, 'POST', '/projects/shop/keys', { name: 'checkout' });
    assert.equal(key.status, 201);
    assert.equal((await apiFromPage(page, 'POST', `/projects/shop/keys/${key.body.id}/roll`, { expiresInHours: 1 })).status, 201);
    const hook = await apiFromPage<{ id: string }>(page, 'POST', '/projects/shop/webhooks', { url: ok.url, events: ['*'] });
    assert.equal((await apiFromPage(page, 'POST', `/projects/shop/webhooks/${hook.body.id}/test`)).status, 202);
    await page.reload();
    await rendered(page);
    const table = page.getByRole('table', { name: 'Activity of this project' });
    const rows = await table.getByRole('row').allInnerTexts();
    assert.ok(
      rows.some((r) => r.startsWith(`Test event sent to ${ok.url}`)),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((r) => r.startsWith(`Rolled an API key “checkout” ${key.body.hint}`)),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((r) => r.startsWith(`Created an API key “checkout” ${key.body.hint}`)),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((r) => r.startsWith(`Added a webhook to ${ok.url}`)),
      rows.join('\n'),
    );
    const said = await page.locator('main').innerText();
    for (const code of ['webhook.test', 'webhook.add', 'key.create', 'key.roll']) assert.ok(!said.includes(code), `"${code}" is not shown`);
    assert.doesNotMatch(said, /key_[0-9A-Za-z]{6,}/, 'no key id is shown');
    await checkPage(browser, 'activity-words');

    // A deploy is named as the Deploys tab names it.
    await signInAt(page, '/dashboard/projects/fresh/activity');
    const deploys = await apiFromPage<{ number: number }[]>(page, 'GET', '/projects/fresh/deploys');
    const newest = deploys.body[0] ?? assert.fail('fresh has deploys');
    assert.ok(
      (await table.getByRole('row').allInnerTexts()).some((r) => r.startsWith(`Uploaded a deploy #${String(newest.number)}`)),
      'the deploy by its name',
    );
    assertNoLeaks(browser);
  });
});
