import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { apiFromPage, checkPage, DESKTOP, openSignedIn, PHONE, wrappedDates } from '../helpers/dashboard.js';
import { tarGz } from '../helpers/deploys.js';
import { eventually, httpGet } from '../helpers/domains.js';
import { cliJson, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();
const PLATFORM = 'platform.test';

/** What a newcomer meets in the dashboard: deploying a folder, the keys on a phone, a local webhook URL. */
describe('the dashboard’s first hour in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-first-hour-');
  const email = 'new@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await cliJson(['projects', 'create', 'fresh', '--plan', 'free', '--json'], db.url);
    await cliJson(['keys', 'create', '--project', 'shop', '--name', 'mobile app', '--json'], db.url);
    // Another project's deploy first: fresh's first deploy is its #1 whatever its id.
    mkdirSync(join(db.dir, 'other'));
    writeFileSync(join(db.dir, 'other', 'index.html'), '<h1>shop</h1>');
    assert.equal((await runCli(['deploy', 'shop', join(db.dir, 'other')], db.url)).code, 0);
    // No WEBHOOK_ALLOW_PRIVATE: a webhook to this machine is refused, as on a fresh install.
    server = await startServer({ DATABASE_URL: db.url, PLATFORM_HOST: PLATFORM });
    base = server.url;
    browser = await openBrowser({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    db.cleanup();
  });

  const open = (page: Page, path: string) => openSignedIn(page, `${base}${path}`, { email, password });

  /** Both sizes of what the page shows now, as test-results/screenshots/first-hour-NAME-{desktop,phone}.png. */
  async function shots(name: string): Promise<void> {
    const { page } = browser;
    await page.setViewportSize(DESKTOP);
    await browser.screenshot(`first-hour-${name}-desktop`, { fullPage: true });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(150);
    await browser.screenshot(`first-hour-${name}-phone`, { fullPage: true });
    await page.setViewportSize(DESKTOP);
  }

  test('API keys on a phone: after a roll, every date of the keys table is on one line', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop/keys');
    await page.getByRole('button', { name: 'Roll key “mobile app”' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key: mobile app' });
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const rows = page.getByRole('table', { name: 'API keys of this project' }).locator('tbody tr');
    assert.equal(await rows.count(), 2);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(150);
    // Created, Last used, Stops: each on one line (they wrapped to three lines each in a column of their own).
    assert.ok((await page.locator('table time').count()) >= 3);
    assert.deepEqual(await wrappedDates(page), []);
    // The rolled key's row reads in order: the key, its dates, its state, its actions.
    assert.match(await rows.filter({ hasText: 'Rolled' }).innerText(), /mobile app[\s\S]*Created[\s\S]*Rolled\s+Stops[\s\S]*Revoke/);
    await shots('keys-after-roll');
    await checkPage(browser, 'keys-after-roll-cards');
    assertNoLeaks(browser);
  });

  test('API keys: the typed client’s install line from this server and a first call with listPets', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop/keys');
    const card = page.getByRole('region', { name: 'Typed client' });
    const text = await card.innerText();
    assert.ok(text.includes(`npm install ${base}/downloads/petstore-client.tgz`), text);
    const first = await card.getByLabel('First call with the client').innerText();
    // The README's first call, to this server: one snippet everywhere (README, /docs, the dashboard).
    const readme = /```ts\n([\s\S]*?)\n```/.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
    assert.equal(first, readme.replace('http://127.0.0.1:8080/v1', `${base}/v1`));
    assert.match(text, /as an ES module \("type": "module" in package\.json, or a \.mjs file\)/);
    assert.equal(
      await card.getByRole('link', { name: 'petstore-client.tgz.sha256' }).getAttribute('href'),
      '/downloads/petstore-client.tgz.sha256',
    );
    // Both are served by this server.
    const tarball = await fetch(`${base}/downloads/petstore-client.tgz`);
    await tarball.arrayBuffer();
    assert.equal(tarball.status, 200);
    assert.match(await (await fetch(`${base}/downloads/petstore-client.tgz.sha256`)).text(), /^[0-9a-f]{64} {2}petstore-client\.tgz\n$/);
    // In staging, the first call goes to staging's base URL.
    await open(page, '/dashboard/projects/shop/keys?environment=staging');
    assert.match(await page.getByLabel('First call with the client').innerText(), /baseUrl: 'http:\/\/[^']+\/staging\/v1'/);
    await checkPage(browser, 'keys-typed-client');
    assertNoLeaks(browser);
  });

  test('deploys: a chosen folder is shown in a confirmation (files, size, project, goes live); Cancel deploys nothing, Deploy does', async () => {
    const { page } = browser;
    const site = join(db.dir, 'site');
    mkdirSync(join(site, 'css'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<h1>fresh</h1>');
    writeFileSync(join(site, 'css', 'site.css'), 'h1 { color: teal }');
    await open(page, '/dashboard/projects/fresh/deploys');
    assert.equal(await page.getByRole('button', { name: 'Upload deploy' }).count(), 0, 'one flow: no separate upload button');

    await page.getByLabel('Site folder').setInputFiles(site);
    const dialog = page.getByRole('alertdialog', { name: 'Deploy to fresh?' });
    await dialog.waitFor();
    const said = await dialog.innerText();
    assert.match(said, /Folder\s+site/);
    assert.match(said, /Files\s+2 files, 32\sB/);
    assert.match(said, /Project\s+fresh/);
    assert.match(said, /Goes live\s+At once: http:\/\/fresh\.platform\.test:\d+\/ serves it\./);
    assert.doesNotMatch(said, /no index\.html/);
    await shots('deploy-folder-confirm');
    await checkPage(browser, 'deploy-folder-confirm');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual((await apiFromPage(page, 'GET', '/projects/fresh/deploys')).body, [], 'cancelled: nothing deployed');
    assert.match(await page.locator('#content').innerText(), /No deploys yet/);
    assert.equal(await page.getByLabel('Site folder').inputValue(), '', 'the choice is cleared');

    await page.getByLabel('Site folder').setInputFiles(site);
    await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const history = page.getByRole('table', { name: 'Deploys of this project, newest first' });
    await history.waitFor();
    // Numbered in its project, as people see it everywhere: #1 (its id is 2: shop deployed first).
    assert.match(await history.innerText(), /(^|\n)#1\n[\s\S]*2 files[\s\S]*Live/);
    const deploys = (await apiFromPage<{ id: string; number: number }[]>(page, 'GET', '/projects/fresh/deploys')).body;
    assert.deepEqual(
      deploys.map((d) => [d.id, d.number]),
      [['2', 1]],
    );
    assert.match(
      (await history.getByRole('link', { name: 'Preview deploy #1' }).getAttribute('href')) ?? '',
      /^http:\/\/fresh--deploy-1\./,
    );
    assert.equal((await httpGet(server.port, `fresh.${PLATFORM}`, '/')).body, '<h1>fresh</h1>');
    await checkPage(browser, 'deploy-folder-done');

    // A .tar.gz is read here too: its files are counted, and a missing index.html is said before anything is sent.
    await page.getByLabel('Site archive (.tar.gz)').setInputFiles({
      name: 'broken.tar.gz',
      mimeType: 'application/gzip',
      buffer: await tarGz([
        { name: 'about.html', content: 'no index' },
        { name: 'img/', type: 'directory' },
        { name: 'img/a.txt', content: 'a' },
      ]),
    });
    const archiveDialog = page.getByRole('alertdialog', { name: 'Deploy to fresh?' });
    await archiveDialog.waitFor();
    const archiveSaid = await archiveDialog.innerText();
    assert.match(archiveSaid, /Archive\s+broken\.tar\.gz/);
    assert.match(archiveSaid, /Files\s+2 files, 9\sB/);
    assert.match(archiveSaid, /There is no index\.html at the top of this archive: the deploy will fail/);
    assert.match(archiveSaid, /Goes live\s+Only if it passes the checks: http:\/\/\S+ serves it instead of deploy #1 /);
    await shots('deploy-archive-confirm');
    await archiveDialog.getByRole('button', { name: 'Deploy', exact: true }).click();
    const refused = archiveDialog.getByRole('alert');
    await refused.waitFor();
    assert.match(
      await refused.innerText(),
      /^Deploy #2 of fresh failed: There is no index\.html at the root of the deploy\. The site still serves what it served before\.$/,
    );
    await archiveDialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually('the failed deploy in the history', 5000, async () => /Failed/.test(await history.innerText()));
    assert.equal((await httpGet(server.port, `fresh.${PLATFORM}`, '/')).body, '<h1>fresh</h1>', 'the site still serves the live one');
    await checkPage(browser, 'deploy-archive-failed');
    // The overview and Activity name the deploys by their numbers too.
    await open(page, '/dashboard/projects/fresh');
    assert.match(await page.locator('main').innerText(), /Live deploy\s+#1, uploaded/);
    await open(page, '/dashboard/projects/fresh/activity');
    const activity = await page.getByRole('table', { name: 'Activity of this project' }).innerText();
    assert.match(activity, /Uploaded a deploy #1\b/);
    assert.match(activity, /Uploaded a deploy #2\b/);
    assert.doesNotMatch(activity, /#3/);
    assertNoLeaks(browser);
  });

  test('webhooks: a local http:// URL is refused with the message the API gives', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop/webhooks');
    const url = 'http://127.0.0.1:9/hook';
    const answer = await apiFromPage(page, 'POST', '/projects/shop/webhooks', { url, events: ['*'] });
    assert.equal(answer.status, 400);
    const message = (answer.body as { message: string }).message;
    // The API says how to allow it on a machine under test.
    assert.match(message, /WEBHOOK_ALLOW_PRIVATE=true/);
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    assert.ok((await alert.innerText()).includes(message));
    assert.match(await alert.innerText(), /WEBHOOK_ALLOW_PRIVATE=true/);
    await shots('webhooks-local-url');
    await checkPage(browser, 'webhooks-local-url');
    assertNoLeaks(browser);
  });
});
