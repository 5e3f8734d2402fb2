import pg from 'pg';
import { VERSION } from '../../version.js';
import {
  LEGACY_VERSIONS,
  MIGRATIONS_TABLE,
  runPlan,
  schemaState,
  SchemaTooNewError,
  type AppliedMigration,
  type AppliedRecord,
  type FeatureMigrations,
  type MigrationRun,
  type RunOptions,
  type SchemaState,
} from '../migrations.js';
import { guard } from './database.js';

const { escapeLiteral } = pg;

/** Advisory lock id held while migrating ("petstore" in ASCII), so instances starting together take turns. */
export const MIGRATION_LOCK_ID = 0x7065747374n;

const CREATE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
  feature TEXT NOT NULL, version BIGINT NOT NULL, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL, PRIMARY KEY (feature, version))`;

type Queryable = Pick<pg.ClientBase, 'query'>;

export async function appliedPostgres(db: Queryable): Promise<AppliedMigration[]> {
  return (await recordsPostgres(db)).map(({ feature, version }) => ({ feature, version }));
}

/** The migrations table's rows in the order they were applied (`release` is absent before 1.1.0 added it). */
async function recordsPostgres(db: Queryable): Promise<AppliedRecord[]> {
  const exists = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [MIGRATIONS_TABLE]);
  if (exists.rows[0]?.t == null) return [];
  // As JSON: the `release` column is missing until this release first migrates the database.
  const res = await db.query<{ r: { feature: string; version: number; name: string; release?: string | null } }>(
    `SELECT to_jsonb(m) AS r FROM ${MIGRATIONS_TABLE} m ORDER BY applied_at, feature, version`,
  );
  return res.rows.map(({ r }) => ({ feature: r.feature, version: Number(r.version), name: r.name, release: r.release ?? null }));
}

/** The database's migrations as this build sees them. */
export async function statePostgres(db: Queryable, features: readonly FeatureMigrations[]): Promise<SchemaState> {
  const tables = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_catalog.pg_tables WHERE schemaname = current_schema()');
  return schemaState(features, 'postgres', await recordsPostgres(db), tables.rows[0]?.n === 0);
}

// Migrations, and waiting for another instance's, may outlast the budget that protects requests.
const MIGRATION_TIMEOUT_MS = 60_000;
/**
 * How long a migration waits for a table's lock before it steps back and tries again. While a DDL statement
 * waits, every query of the running release on that table queues behind it; those are bounded at 900 ms, so
 * the wait must stay well below that.
 */
export const MIGRATION_LOCK_WAIT_MS = 200;
/** SQLSTATE lock_not_available: the lock wait above ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/** Every attempt's locks were held by other transactions for the whole budget: nothing was changed. */
export class MigrationLocksBusyError extends Error {
  constructor(attempts: number, budgetMs: number) {
    super(
      `the tables to migrate stayed in use by other transactions for ${String(budgetMs / 1000)} s (${String(attempts)} attempts of ${String(MIGRATION_LOCK_WAIT_MS)} ms each; a long transaction such as a backup holds them); nothing was migrated: run it again once it has ended`,
    );
    this.name = 'MigrationLocksBusyError';
  }
}

/**
 * Applies pending migrations in one transaction under an advisory lock: instances starting at once wait
 * for the first, then find nothing left to do. DDL is transactional in PostgreSQL, so a failed migration
 * leaves no trace. Baseline and expand migrations run, contract ones with `contract` or on a new
 * database; a database with a migration this build does not know is refused (SchemaTooNewError).
 *
 * The running release keeps serving meanwhile (expand migrations), so the tables' locks are held as
 * briefly as the server can: every migration and its record go in one query that ends with COMMIT, with
 * no round trip to this process while a lock is held, and a lock not granted within
 * MIGRATION_LOCK_WAIT_MS rolls the whole run back and tries again a moment later.
 */
export function migratePostgres(
  pool: pg.Pool,
  features: readonly FeatureMigrations[],
  options: RunOptions = {},
  budgetMs = MIGRATION_TIMEOUT_MS,
): Promise<MigrationRun> {
  return guard(async () => {
    const deadline = Date.now() + budgetMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await migrateOnce(pool, features, options);
      } catch (err) {
        if (!(err instanceof Error && (err as { code?: unknown }).code === LOCK_NOT_AVAILABLE)) throw err;
        if (Date.now() >= deadline) throw new MigrationLocksBusyError(attempt, budgetMs);
        // Spread out so the running release's queued queries drain between attempts.
        await new Promise((r) => setTimeout(r, Math.min(1000, 50 * attempt) + Math.random() * 100));
      }
    }
  });
}

async function migrateOnce(pool: pg.Pool, features: readonly FeatureMigrations[], options: RunOptions): Promise<MigrationRun> {
  const client = await pool.connect();
  let failed: Error | undefined;
  const run = (text: string, values: unknown[] = []) => {
    // query_timeout per query is read by pg but missing from its type declarations.
    const query: pg.QueryConfig = Object.assign({ text, values }, { query_timeout: MIGRATION_TIMEOUT_MS });
    return client.query(query);
  };
  try {
    await run('BEGIN');
    await run(`SET LOCAL statement_timeout = ${String(MIGRATION_TIMEOUT_MS)}`);
    await run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    const { isNew } = await statePostgres(client, []);
    await run(CREATE);
    // Nullable, added in place (only when missing: ALTER TABLE locks the table): a 1.0.0 instance still inserts without it.
    const column = await run(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'release'`,
      [MIGRATIONS_TABLE],
    );
    if (column.rowCount === 0) await run(`ALTER TABLE ${MIGRATIONS_TABLE} ADD COLUMN release TEXT`);
    // A database from before capability migrations (see LEGACY_VERSIONS); its old table stays for older releases.
    const legacy = await run("SELECT to_regclass('schema_migrations')::text AS t");
    if (legacy.rows[0]?.t != null) {
      const versions = await run('SELECT version::int AS v FROM schema_migrations');
      for (const { v } of versions.rows as { v: number }[]) {
        for (const m of LEGACY_VERSIONS[v] ?? []) {
          await run(
            `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING`,
            [m.feature, m.version, `schema version ${String(v)}`],
          );
        }
      }
    }
    const state = { ...(await statePostgres(client, features)), isNew };
    if (state.unknown.length > 0) throw new SchemaTooNewError(state, VERSION);
    const { apply, wait } = runPlan(state, options.contract ?? false);
    const release = escapeLiteral(options.release ?? VERSION);
    // One simple query: the server runs it to its COMMIT (or its first error) without waiting on this process.
    const script = [
      `SET LOCAL lock_timeout = ${String(MIGRATION_LOCK_WAIT_MS)}`,
      ...apply.flatMap((m) => [
        m.sql,
        `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at, release) VALUES (${escapeLiteral(m.feature)}, ${String(m.version)}, ${escapeLiteral(m.name)}, clock_timestamp(), ${release})`,
      ]),
      'COMMIT',
    ];
    await run(script.map((s) => s.trim().replace(/;$/, '')).join('\n;\n'));
    return { applied: apply, waiting: wait, isNew };
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // Dropping the connection rolls back and releases the lock, whatever state it is in.
    client.release(failed);
  }
}
