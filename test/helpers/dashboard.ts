import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { seriousAxeViolations, type Browser } from './browser.js';

// Code run in the page is written as strings: the project's TypeScript has no DOM types.
const WIDER_THAN_SCREEN = `(() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-scroll, .chart'))
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  return { by: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
})()`;

/** The dates in the page's tables that take more than one line (each as its text and how many lines). */
const WRAPPED_DATES = `[...document.querySelectorAll('table time')]
  .filter((el) => el.getClientRects().length > 1)
  .map((el) => el.textContent + ' (' + el.getClientRects().length + ' lines)')`;

/** The dates in the page's tables that wrap onto more than one line. */
export const wrappedDates = (page: Page): Promise<string[]> => page.evaluate<string[]>(WRAPPED_DATES);

const FROM_PAGE = `(async ([method, path, body]) => {
  const res = await fetch('/api/v1' + path, {
    method,
    headers: body === null ? { 'x-csrf-token': document.body.dataset.csrf } : { 'content-type': 'application/json', 'x-csrf-token': document.body.dataset.csrf },
    body: body === null ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
})`;

/** Calls /api/v1 from a signed-in dashboard page, with its session and CSRF token: the answer's status and body. */
export const apiFromPage = <T = unknown>(page: Page, method: string, path: string, body: unknown = null) =>
  page.evaluate<{ status: number; body: T }>(`${FROM_PAGE}(${JSON.stringify([method, path, body])})`);

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The links and fields whose names the product design fixes: each stays unique on every page. */
const FIXED_LINKS = ['Domains', 'Deploys', 'API keys', 'Usage', 'Activity', 'Access tokens'];
const FIXED_LABELS = ['Domain', 'Email', 'Password'];

/**
 * The text of the focused element once it is `expected`, or what it is after 5 s: focus moves in
 * the task after an action settles, which a loaded machine can run after the page's other updates.
 */
export async function focusedText(page: Page, expected: string): Promise<string | undefined> {
  const focused = 'document.activeElement?.textContent';
  await page.waitForFunction(`${focused} === ${JSON.stringify(expected)}`, null, { timeout: 5000 }).catch(() => undefined);
  return page.evaluate<string | undefined>(focused);
}

/** Waits until the page's module has rendered (the "Loading…" placeholder is gone). */
export async function rendered(page: Page): Promise<void> {
  await page.waitForFunction("!document.querySelector('#content .loading')");
}

/** Opens a dashboard page, signing in first when the page sends there, and waits for it to render. */
export async function openSignedIn(page: Page, url: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(url);
  if (new URL(page.url()).pathname === '/dashboard/sign-in') {
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === new URL(url).pathname);
  }
  await rendered(page);
}

/**
 * Checks the page as it is at phone and desktop widths (and that the fixed names stay unique): axe finds no serious
 * or critical violation at either, nothing is wider than the phone's screen, no date in a table wraps,
 * and both are kept as screenshots (test-results/screenshots/dashboard-NAME-phone.png, …-desktop.png).
 */
export async function checkPage(browser: Browser, name: string): Promise<void> {
  const { page } = browser;
  // The fixed names stay unique even when matched loosely (by substring, as getByRole and getByLabel do by default).
  for (const link of FIXED_LINKS) {
    assert.ok((await page.getByRole('link', { name: link }).count()) <= 1, `${name}: one link named like "${link}"`);
  }
  for (const label of FIXED_LABELS) {
    assert.ok((await page.getByLabel(label).count()) <= 1, `${name}: one element labelled like "${label}"`);
  }
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
    assert.deepEqual(await wrappedDates(page), [], `${name} at ${size} width: a date in a table takes one line`);
  }
}
