import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { apiFromPage, checkPage, DESKTOP, openSignedIn, rendered } from '../helpers/dashboard.js';
import { eventually } from '../helpers/domains.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

interface Deprecations {
  operations: { operation: string; callers: { name: string | null; calls30d: number }[] }[];
}

/** The overview's banner while keys call getPet, and the Deprecations view with each key's calls. */
describe('deprecation readiness in the dashboard, in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-dash-deprecations-');
  const email = 'owner@example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await cliJson(['projects', 'create', 'other', '--plan', 'pro', '--json'], db.url);
    const key = async (project: string, name: string) =>
      (await cliJson<{ key: string }>(['keys', 'create', '--project', project, '--name', name, '--json'], db.url)).key;
    const [mobile, ci, quiet, elsewhere] = [
      await key('shop', 'mobile app'),
      await key('shop', 'ci'),
      await key('shop', 'quiet'),
      await key('other', 'elsewhere'),
    ];
    server = await startServer({ DATABASE_URL: db.url });
    base = server.url;
    const call = async (secret: string, path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${secret}` } });
      await res.arrayBuffer();
      return res;
    };
    // getPet is deprecated: it answers (404 here, no pets) with Deprecation and Sunset, and the call is counted.
    for (let i = 0; i < 3; i++) assert.ok((await call(mobile, `/v1/pets/${String(i + 1)}`)).headers.has('deprecation'));
    await call(ci, '/v1/pets/1');
    await call(elsewhere, '/v1/pets/1');
    assert.equal((await call(quiet, '/v1/pets')).status, 200, 'listPets is not deprecated');
    browser = await openBrowser({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    db.cleanup();
  });

  const open = (page: Page, path: string) => openSignedIn(page, `${base}${path}`, { email, password });

  test('the overview names the keys that called getPet and its removal date, and links the Deprecations view', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop');
    // Counts are written every 10 s.
    await eventually('the calls counted', 30_000, async () => {
      const { body } = await apiFromPage<Deprecations>(page, 'GET', '/projects/shop/deprecations');
      return body.operations.find((o) => o.operation === 'getPet')?.callers.length === 2;
    });
    await page.reload();
    await rendered(page);
    const banner = page.getByRole('region', { name: 'Keys still call a deprecated operation' });
    const said = await banner.innerText();
    assert.match(
      said,
      /Keys “mobile app” and “ci” called getPet in the last 7 days\. It is removed on (December 5, 2030|5 December 2030): move them to \/v1\/pets\./,
    );
    assert.doesNotMatch(said, /quiet|elsewhere/);
    await checkPage(browser, 'deprecation-banner');

    await banner.getByRole('link', { name: 'See deprecations and their callers' }).click();
    await page.waitForURL(`${base}/dashboard/projects/shop/deprecations`);
    await rendered(page);
    const getPet = page.getByRole('region', { name: /^getPet GET \/v1\/pets\/\{petId\}$/ });
    const facts = await getPet.innerText();
    assert.match(facts, /Removed on\s+(December 5, 2030|5 December 2030): after it, calls are answered 410 Gone/);
    assert.match(facts, /Use instead\s+\/v1\/pets/);
    const rows = await getPet
      .getByRole('table', { name: 'Keys that called getPet in the last 30 days' })
      .locator('tbody tr')
      .allInnerTexts();
    assert.equal(rows.length, 2, rows.join(' | '));
    assert.match(rows[0] ?? '', /^mobile app\s+psk_\S+…\s+3\s+\w{3} \d+, \d{4}/, 'the busiest first, with its exact count and last call');
    assert.match(rows[1] ?? '', /^ci\s+psk_\S+…\s+1\s+/);
    await checkPage(browser, 'deprecations-view');
    assertNoLeaks(browser);
  });

  test('in an environment whose keys did not call it: no banner, and the view says no key called it', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop?environment=staging');
    assert.equal(await page.getByRole('region', { name: 'Keys still call a deprecated operation' }).count(), 0);
    await open(page, '/dashboard/projects/shop/deprecations?environment=staging');
    const getPet = page.getByRole('region', { name: /^getPet / });
    assert.match(await getPet.innerText(), /No key called it in the last 30 days\./);
    assert.equal(await getPet.getByRole('table').count(), 0);
    await checkPage(browser, 'deprecations-view-none');
    // The API keys tab leads there too.
    await open(page, '/dashboard/projects/shop/keys');
    assert.equal(await page.getByRole('link', { name: 'Deprecations' }).getAttribute('href'), '/dashboard/projects/shop/deprecations');
    assertNoLeaks(browser);
  });

  test('the banner names only the keys that called in the last 7 days; one that called 8 days ago is in the view alone', async () => {
    const { page } = browser;
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString();
    const answer = {
      operations: [
        {
          operation: 'getPet',
          method: 'GET',
          path: '/v1/pets/{petId}',
          deprecatedAt: '2026-11-01T00:00:00.000Z',
          sunset: '2030-12-05T00:00:00.000Z',
          successor: '/v1/pets',
          callers: [
            { keyId: 'key_recent', name: 'recent', calls30d: 5, lastCalledAt: ago(6) },
            { keyId: 'key_older', name: 'older', calls30d: 9, lastCalledAt: ago(8) },
          ],
        },
      ],
    };
    // The dashboard's rule, not the server's counting: the answer is fixed here.
    await page.route('**/api/v1/projects/shop/deprecations', (route) => route.fulfill({ json: answer }));
    try {
      await open(page, '/dashboard/projects/shop');
      const banner = page.getByRole('region', { name: 'Keys still call a deprecated operation' });
      assert.match(
        await banner.innerText(),
        /Key “recent” called getPet in the last 7 days\. It is removed on [^:]+: move it to \/v1\/pets\./,
      );
      assert.doesNotMatch(await banner.innerText(), /older/);
      answer.operations[0]?.callers.shift();
      await page.reload();
      await rendered(page);
      assert.equal(await banner.count(), 0, 'no banner once no key called in the last 7 days');
      await open(page, '/dashboard/projects/shop/deprecations');
      assert.match(await page.getByRole('region', { name: /^getPet / }).innerText(), /older[\s\S]*9/);
    } finally {
      await page.unroute('**/api/v1/projects/shop/deprecations');
    }
    assertNoLeaks(browser);
  });
});
