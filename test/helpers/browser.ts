import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/** Where browser tests leave their screenshots (not committed). */
export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

const require = createRequire(import.meta.url);

/** Why browser tests cannot run here, or undefined. Under CI=true they must run. */
export function browserSkip(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const why = `Chromium not found at ${CHROMIUM}: apt-get install chromium to run the browser tests`;
  if (process.env.CI === 'true') throw new Error(`${why} (CI=true: they must run, not skip)`);
  return why;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every URL the pages requested. */
  requests: string[];
  /** Requests that went anywhere but this machine. */
  leaks(): string[];
  /** Into test-results/screenshots/NAME.png: the viewport, or the whole page with `fullPage`. */
  screenshot(name: string, options?: { fullPage?: boolean }): Promise<string>;
  close(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Debian's Chromium on a fresh profile, headless, with every name except this
 * machine's mapped to nowhere (`extraHostRules` maps test hosts to 127.0.0.1):
 * without it Chromium's own background lookups leave the machine.
 */
export async function openBrowser(
  options: { extraHostRules?: string[]; viewport?: { width: number; height: number } } = {},
): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'petstore-chromium-'));
  const rules = [...(options.extraHostRules ?? []), 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1', 'EXCLUDE localhost'].join(', ');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Lets the tests inject axe-core into pages whose Content-Security-Policy allows only their own scripts.
    bypassCSP: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=${rules}`,
    ],
  });
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    requests,
    leaks: () =>
      requests.filter((u) => {
        if (u.startsWith('data:') || u.startsWith('blob:') || u === 'about:blank') return false;
        return !LOCAL_HOSTS.has(new URL(u).hostname);
      }),
    screenshot: async (name, shot = {}) => {
      const path = join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path, fullPage: shot.fullPage ?? false });
      return path;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (served from node_modules into the page) and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function assertNoLeaks(browser: Browser): void {
  assert.deepEqual(browser.leaks(), [], 'a page made a request that left the machine');
}
