import type pg from 'pg';
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
 * Applies pending migrations in one transaction under an advisory lock: instances starting at once wait
 * for the first, then find nothing left to do. DDL is transactional in PostgreSQL, so a failed migration
 * leaves no trace. Baseline and expand migrations run, contract ones with `contract` or on a new
 * database; a database with a migration this build does not know is refused (SchemaTooNewError).
 */
export function migratePostgres(pool: pg.Pool, features: readonly FeatureMigrations[], options: RunOptions = {}): Promise<MigrationRun> {
  return guard(async () => {
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
      for (const m of apply) {
        await run(m.sql);
        await run(
          `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at, release) VALUES ($1, $2, $3, clock_timestamp(), $4)`,
          [m.feature, m.version, m.name, options.release ?? VERSION],
        );
      }
      await run('COMMIT');
      return { applied: apply, waiting: wait, isNew };
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      // Dropping the connection rolls back and releases the lock, whatever state it is in.
      client.release(failed);
    }
  });
}
