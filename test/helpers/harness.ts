import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp, type App, type AppOptions } from '../../src/app.js';
import { openAppStorage } from '../../src/features.js';
import { manualClock, systemClock, type Clock } from '../../src/clock.js';
import { defaultConfig, type Config } from '../../src/config.js';
import { DomainError } from '../../src/errors/domain-error.js';
import type { Storage } from '../../src/storage/open.js';
import { ContractChecker } from './contract.js';
import { currentEngine, freshDatabase, type EngineName } from './engines.js';
import { TEST_PASSWORD_HASH_COST } from './hash-cost.js';
import { OPERATOR } from '../../src/audit/actor.js';

export { manualClock };

export interface Harness {
  app: App;
  storage: Storage;
  contract: ContractChecker;
  /** A project of its own, with one key. */
  project: string;
  key: string;
  auth: { authorization: string };
  /** inject() whose response is always checked against the contract. */
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** A further project with its own key. */
  newProject(
    plan?: string,
    custom?: { perMinute?: number; perDay?: number },
  ): Promise<{ project: string; key: string; auth: { authorization: string } }>;
  close(): Promise<void>;
}

export const uniqueSlug = (prefix = 'p') => `${prefix}-${randomBytes(5).toString('hex')}`;

/** The value of a service call a test expects to succeed. */
export function ok<T>(result: T | DomainError): T {
  if (result instanceof DomainError) assert.fail(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

/**
 * An app on a database of its own: a fresh database on the engine of the
 * enclosing describeEachEngine suite (SQLite in memory outside one), unless
 * `storage` or `config.databaseUrl` is given. close() drops what it created.
 */
export async function harness(
  options: {
    clock?: Clock;
    config?: Partial<Config>;
    storage?: Storage;
    engine?: EngineName;
  } & Partial<Pick<AppOptions, 'logStream' | 'wrapRepositories'>> = {},
): Promise<Harness> {
  const engine = options.engine ?? currentEngine();
  const fresh = options.storage || options.config?.databaseUrl ? undefined : await freshDatabase(engine);
  const config = defaultConfig({
    ...(fresh ? { databaseUrl: fresh.url } : {}),
    stagingBaseUrl: 'https://staging.petstore.test/v1',
    baseUrl: 'https://api.petstore.test/v1',
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...options.config,
  });
  const storage =
    options.storage ??
    (await openAppStorage(config).catch(async (err: unknown) => {
      await fresh?.drop();
      throw err;
    }));
  if (fresh) assert.equal(storage.engine, engine, 'the harness opened another engine than the suite asked for');
  // A start that fails (a database too slow under load) closes what it opened, so the test process can end.
  const dropAll = async () => {
    if (!options.storage) await storage.close().catch(() => undefined);
    await fresh?.drop().catch(() => undefined);
  };
  const app = await buildApp({
    config,
    storage,
    clock: options.clock ?? systemClock,
    logStream: options.logStream,
    wrapRepositories: options.wrapRepositories,
  }).catch(async (err: unknown) => {
    await dropAll();
    throw err;
  });
  const contract = new ContractChecker(app.openapi() as never);

  const newProject: Harness['newProject'] = async (plan = 'enterprise', custom) => {
    const slug = uniqueSlug();
    ok(
      await app.projects.create(
        OPERATOR,
        slug,
        plan,
        plan === 'enterprise' ? { perMinute: 1_000_000, perDay: 100_000_000, ...custom } : custom,
      ),
    );
    const { key } = ok(await app.keys.create(OPERATOR, slug, 'test'));
    return { project: slug, key, auth: { authorization: `Bearer ${key}` } };
  };
  const first = await newProject().catch(async (err: unknown) => {
    await app.close().catch(() => undefined);
    await dropAll();
    throw err;
  });

  const request = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    const url = typeof opts.url === 'string' ? opts.url : (opts.path as string);
    contract.check(opts.method ?? 'GET', url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    assert.ok(res.headers['x-request-id'], `${String(opts.method)} ${url}: no X-Request-Id`);
    return res;
  };

  return {
    app,
    storage,
    contract,
    ...first,
    request,
    newProject,
    close: async () => {
      await app.close();
      if (!options.storage) await storage.close();
      await fresh?.drop();
    },
  };
}

/** Parses JSON keeping every integer exact, for byte-level comparisons. */
export function exactIds(body: string): string[] {
  return [...body.matchAll(/"id":(-?\d+)/g)].map((m) => m[1] ?? '');
}
