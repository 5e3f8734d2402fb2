import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { cleanup } from '../helpers/cleanup.js';
import { apiFromPage, checkPage, DESKTOP, openSignedIn } from '../helpers/dashboard.js';
import { eventually } from '../helpers/domains.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

interface Key {
  id: string;
  name: string | null;
  hint: string;
}

/** A key's hint as pages write it: `psk_AbCd…`. */
const RE = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One name for a key on every page (its name, or "Unnamed key" and its hint), its id on the key list, request times
 * to the second, filters in line, a usage legend that always says something.
 */
describe('key names, request times and the usage legend in Chromium, against bin/petstore serve', { skip }, () => {
  const db = tempDatabase('petstore-names-');
  const email = 'names@example.test';
  const started = cleanup();
  let password: string;
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let named: Key;
  let unnamed: Key;

  before(async () => {
    started.add(db, (d) => d.cleanup());
    password = (await cliJson<{ password: string }>(['users', 'create', email, '--admin', '--json'], db.url)).password;
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    const mobile = await cliJson<{ key: string }>(['keys', 'create', '--project', 'shop', '--name', 'mobile app', '--json'], db.url);
    const other = await cliJson<{ key: string }>(['keys', 'create', '--project', 'shop', '--json'], db.url);
    const keys = await cliJson<Key[]>(['keys', 'list', '--project', 'shop', '--json'], db.url);
    named = keys.find((k) => k.name === 'mobile app') as Key;
    unnamed = keys.find((k) => k.name === null) as Key;
    server = started.add(await startServer({ DATABASE_URL: db.url }), (s) => s.stop());
    base = server.url;
    const call = async (secret: string, path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${secret}` } });
      await res.arrayBuffer();
    };
    // Both keys call getPet (deprecated) and listPets, the named one more: it comes first where the busiest do.
    for (let i = 0; i < 3; i++) await call(mobile.key, '/v1/pets/1');
    for (let i = 0; i < 4; i++) await call(mobile.key, '/v1/pets');
    await call(other.key, '/v1/pets/1');
    await call(other.key, '/v1/pets');
    browser = started.add(await openBrowser({ viewport: DESKTOP }), (b) => b.close());
  });
  after(() => started.run());

  const open = (page: Page, path: string) => openSignedIn(page, `${base}${path}`, { email, password });
  const unnamedName = () => `Unnamed key ${unnamed.hint}`;

  /** Nothing on the page names a key another way. */
  async function oneName(page: Page): Promise<void> {
    const text = await page.locator('main').innerText();
    assert.doesNotMatch(text, /No name|key key_/, 'no other name for a key');
  }

  test('API keys: each key by its name or as an unnamed key with its hint, and its id', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop/keys');
    const table = page.getByRole('table', { name: 'API keys of this project' });
    // The page renders once its data came (later on a busy machine): both rows, then their text.
    await table.locator('tbody tr').nth(1).waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    const row = (k: Key) => rows.find((r) => r.includes(k.id)) ?? '';
    assert.match(row(named), new RegExp(`^mobile app\\s+${RE(named.hint)}\\s+ID ${RE(named.id)}\\s`));
    assert.match(row(unnamed), new RegExp(`^Unnamed key\\s+${RE(unnamed.hint)}\\s+ID ${RE(unnamed.id)}\\s`));
    assert.equal(await page.getByRole('button', { name: `Revoke unnamed key ${unnamed.hint}` }).count(), 1);
    await oneName(page);
    await checkPage(browser, 'names-keys');
  });

  test('the overview’s banner and the Deprecations view name the keys as the key list does', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop');
    // Calls are counted every 10 s.
    await eventually('the calls counted', 30_000, async () => {
      const { body } = await apiFromPage<{ operations: { callers: unknown[] }[] }>(page, 'GET', '/projects/shop/deprecations');
      return body.operations[0]?.callers.length === 2;
    });
    await page.reload();
    const banner = page.getByRole('region', { name: 'Keys still call a deprecated operation' });
    await banner.waitFor();
    assert.match(
      await banner.innerText(),
      new RegExp(`Keys “mobile app” and unnamed key ${RE(unnamed.hint)} called getPet in the last 7 days\\.`),
    );
    await oneName(page);
    await checkPage(browser, 'names-banner');

    await open(page, '/dashboard/projects/shop/deprecations');
    const callers = page.getByRole('table', { name: 'Keys that called getPet in the last 30 days' });
    await callers.locator('tbody tr').nth(1).waitFor();
    const rows = await callers.locator('tbody tr').allInnerTexts();
    assert.match(rows[0] ?? '', new RegExp(`^mobile app\\s+${RE(named.hint)}\\s+3\\s`));
    assert.match(rows[1] ?? '', new RegExp(`^Unnamed key\\s+${RE(unnamed.hint)}\\s+1\\s`));
    await oneName(page);
    await checkPage(browser, 'names-deprecations');
  });

  test('Usage: each key named the same way; the charts’ legends give the latest bucket, never “--”', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop/usage');
    const byKey = page.getByRole('table', { name: 'Requests by key' });
    await byKey.locator('tbody tr').nth(1).waitFor();
    await page.locator('.u-legend').nth(1).waitFor();
    const rows = await byKey.locator('tbody tr').allInnerTexts();
    assert.match(rows[0] ?? '', new RegExp(`^mobile app\\s+${RE(named.hint)}\\s+7\\s+7`));
    assert.match(rows[1] ?? '', new RegExp(`^Unnamed key\\s+${RE(unnamed.hint)}\\s+2\\s+2`));
    const legends = await page.locator('.u-legend').allInnerTexts();
    assert.equal(legends.length, 2);
    for (const legend of legends) assert.doesNotMatch(legend, /--/, legend);
    assert.match(legends[0] ?? '', /Minute \(UTC\)\s*\d{1,2}:\d{2}[\s\S]*Requests\s*\d+[\s\S]*Quota\s*300\b/);
    assert.match(legends[1] ?? '', /Day \(UTC\)\s*\w+[\s\S]*Requests\s*\d+[\s\S]*Quota\s*10,?000\b/);
    await oneName(page);
    await checkPage(browser, 'names-usage');
  });

  test('Requests: times to the second, the filters’ labels and fields in line, keys named as everywhere', async () => {
    const { page } = browser;
    await open(page, '/dashboard/projects/shop/requests');
    await page.locator('table time').nth(8).waitFor();
    await page.getByLabel('Key').locator('option').nth(2).waitFor({ state: 'attached' });
    const times = await page.locator('table time').allInnerTexts();
    assert.ok(times.length >= 9, times.join(' | '));
    for (const t of times) assert.match(t, /\d{1,2}:\d{2}:\d{2}/, `${t} gives the second`);
    const options = await page.getByLabel('Key').locator('option').allInnerTexts();
    assert.deepEqual(options.slice(1).sort(), [`mobile app (${named.hint})`, unnamedName()].sort());
    const tops = async (selector: string) => page.$$eval(selector, (els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    for (const width of [DESKTOP.width]) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      assert.equal(new Set(await tops('form.filters .field label')).size, 1, 'the labels on one line');
      assert.equal(new Set(await tops('form.filters .field input, form.filters .field select')).size, 1, 'the fields on one line');
    }
    await oneName(page);
    await checkPage(browser, 'names-requests');
    assertNoLeaks(browser);
  });
});
