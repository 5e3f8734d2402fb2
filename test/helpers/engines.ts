import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import pg from 'pg';

export type EngineName = 'sqlite' | 'postgres';

export interface Engine {
  name: EngineName;
  /** Set when this engine's suites cannot run on this machine: the reason, saying how to run them. */
  skip?: string;
}

export const POSTGRES_ENV = 'PETSTORE_TEST_POSTGRES_URL';
const POSTGRES_HINT = `set ${POSTGRES_ENV}=postgres://postgres@127.0.0.1:5432/test to run`;

const isCi = () => process.env.CI === 'true';

/**
 * The engines the API suites run on. PostgreSQL is skipped, visibly, when its
 * server is not named; under CI=true it is never skipped, so a missing or
 * unreachable server fails the suites instead.
 */
export function engines(): Engine[] {
  const postgresNamed = Boolean(process.env[POSTGRES_ENV]);
  return [{ name: 'sqlite' }, { name: 'postgres', ...(postgresNamed || isCi() ? {} : { skip: `PostgreSQL: ${POSTGRES_HINT}` }) }];
}

let active: EngineName | undefined;

/** The engine of the enclosing describeEachEngine suite; SQLite outside one. */
export function currentEngine(): EngineName {
  return active ?? 'sqlite';
}

/**
 * Declares the suite once per engine, named `name [engine]`. Inside, harness()
 * uses that suite's engine; fn also receives it for tests that start their own
 * servers (see freshDatabase). `only` limits the engines, e.g. ['postgres'].
 */
export function describeEachEngine(
  name: string,
  fn: (engine: Engine) => void,
  options: { only?: EngineName[]; concurrency?: boolean } = {},
): void {
  for (const engine of engines()) {
    if (options.only && !options.only.includes(engine.name)) continue;
    // `concurrency`: the suite's tests run at the same time (they must not depend on one another).
    describe(`${name} [${engine.name}]`, options.concurrency ? { concurrency: true } : {}, () => {
      if (engine.skip) {
        // A skipped test (not only a skipped suite) so the run's summary counts it.
        test(`every ${name} test`, { skip: engine.skip }, () => undefined);
        return;
      }
      // Registered before fn's hooks, so it runs before them. Suites of one file run one after another.
      before(() => {
        active = engine.name;
      });
      fn(engine);
    });
  }
}

export interface FreshDatabase {
  url: string;
  /** Drops the database (PostgreSQL) or deletes its files (SQLite on disk). */
  drop(): Promise<void>;
}

/** The PostgreSQL server test databases are created on; throws with the fix when it is not named. */
export function postgresServerUrl(): string {
  const url = process.env[POSTGRES_ENV];
  if (!url) {
    throw new Error(`${POSTGRES_ENV} is not set${isCi() ? ' (CI=true: the PostgreSQL suites must run, not skip)' : ''}: ${POSTGRES_HINT}`);
  }
  return url;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const server = postgresServerUrl();
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`cannot reach PostgreSQL at ${server} (${POSTGRES_ENV}): ${(err as Error).message}`, { cause: err });
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database of its own on the PostgreSQL test server, dropped by drop(). */
export async function freshPostgresDatabase(): Promise<FreshDatabase & { name: string }> {
  const name = `petstore_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * A new, empty database on the engine. SQLite is in memory unless `onDisk` (needed when other processes
 * open it, e.g. a server started by the test): then an empty file, as a new PostgreSQL database is empty
 * (commands other than serve, migrate and restore create no database, and migrate one that is there).
 */
export async function freshDatabase(engine: EngineName, options: { onDisk?: boolean } = {}): Promise<FreshDatabase> {
  if (engine === 'postgres') return freshPostgresDatabase();
  if (!options.onDisk) return { url: 'sqlite::memory:', drop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'petstore-test-'));
  writeFileSync(join(dir, 'petstore.db'), '');
  return { url: `sqlite:${join(dir, 'petstore.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
