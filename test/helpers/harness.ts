import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp, type App, type AppOptions } from '../../src/app.js';
import { manualClock, systemClock, type Clock } from '../../src/clock.js';
import { defaultConfig, type Config } from '../../src/config.js';
import { createKey } from '../../src/keys/service.js';
import { createProject } from '../../src/projects/service.js';
import { openStore } from '../../src/storage/open.js';
import type { Store } from '../../src/storage/store.js';
import { ContractChecker } from './contract.js';

export { manualClock };

export interface Harness {
  app: App;
  store: Store;
  contract: ContractChecker;
  /** A project of its own, with one key. */
  project: string;
  key: string;
  auth: { authorization: string };
  /** inject() whose response is always checked against the contract. */
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** A further project with its own key. */
  newProject(plan?: string, custom?: { perMinute?: number; perDay?: number }): Promise<{ project: string; key: string; auth: { authorization: string } }>;
  close(): Promise<void>;
}

export const uniqueSlug = (prefix = 'p') => `${prefix}-${randomBytes(5).toString('hex')}`;

/** The database URL tests use: TEST_DATABASE_URL (a fresh database is each suite's business) or in-memory SQLite. */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'sqlite::memory:';
}

export async function harness(
  options: { clock?: Clock; config?: Partial<Config>; store?: Store; wrapStore?: (s: Store) => Store } & Partial<Pick<AppOptions, 'logStream'>> = {},
): Promise<Harness> {
  const config = defaultConfig({ databaseUrl: testDatabaseUrl(), stagingBaseUrl: 'https://staging.petstore.test/v1', baseUrl: 'https://api.petstore.test/v1', ...options.config });
  const base = options.store ?? (await openStore(config.databaseUrl));
  const store = options.wrapStore ? options.wrapStore(base) : base;
  const app = await buildApp({ config, store, clock: options.clock ?? systemClock, logStream: options.logStream });
  const contract = new ContractChecker(app.openapi() as never);

  const newProject: Harness['newProject'] = async (plan = 'enterprise', custom) => {
    const slug = uniqueSlug();
    await createProject(base, slug, plan, plan === 'enterprise' ? { perMinute: 1_000_000, perDay: 100_000_000, ...custom } : custom);
    const { key } = await createKey(base, slug, 'test');
    return { project: slug, key, auth: { authorization: `Bearer ${key}` } };
  };
  const first = await newProject();

  const request = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    const url = typeof opts.url === 'string' ? opts.url : (opts.path as string);
    contract.check(opts.method ?? 'GET', url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    assert.ok(res.headers['x-request-id'], `${String(opts.method)} ${url}: no X-Request-Id`);
    return res;
  };

  return {
    app,
    store,
    contract,
    ...first,
    request,
    newProject,
    close: async () => {
      await app.close();
      await base.close();
    },
  };
}

/** Parses JSON keeping every integer exact, for byte-level comparisons. */
export function exactIds(body: string): string[] {
  return [...body.matchAll(/"id":(-?\d+)/g)].map((m) => m[1] ?? '');
}
