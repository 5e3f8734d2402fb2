import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { checkPage, openSignedIn, PHONE } from '../helpers/dashboard.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

/** The header of a person whose address is long: on a phone it stays one line, the address shortened, never lost. */
describe('the dashboard header with a long address, in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-dash-header-');
  const email = 'maria.fernanda.rodrigues-santos@storefront-example.test';
  let password: string;
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    server = await startServer({ DATABASE_URL: db.url });
    browser = await openBrowser({ viewport: PHONE });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    db.cleanup();
  });

  test('on a phone, who is signed in, Access tokens and Sign out share one line; the whole address is its title', async () => {
    const { page } = browser;
    await openSignedIn(page, `${server.url}/dashboard`, { email, password });
    const who = page.locator('header .who');
    assert.equal(await who.getAttribute('title'), email);
    assert.equal(await who.textContent(), email, 'the address is all there, for screen readers and copying');
    const boxes = await Promise.all(
      [who, page.getByRole('link', { name: 'Access tokens' }), page.getByRole('button', { name: 'Sign out' })].map((l) => l.boundingBox()),
    );
    const middles = boxes.map((b) => (b ? b.y + b.height / 2 : NaN));
    for (const m of middles) assert.ok(Math.abs(m - (middles[0] ?? 0)) < 4, `one line: ${JSON.stringify(boxes)}`);
    const right = Math.max(...boxes.map((b) => (b ? b.x + b.width : Infinity)));
    assert.ok(right <= PHONE.width, `within the screen: ${JSON.stringify(boxes)}`);
    await checkPage(browser, 'header-long-address');
    assertNoLeaks(browser);
  });
});
