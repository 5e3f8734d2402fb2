import type pg from 'pg';
import { LEGACY_VERSIONS, MIGRATIONS_TABLE, plan, type AppliedMigration, type FeatureMigrations } from '../migrations.js';
import { guard } from './database.js';

/** Advisory lock id held while migrating ("petstore" in ASCII), so instances starting together take turns. */
export const MIGRATION_LOCK_ID = 0x7065747374n;

const CREATE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
  feature TEXT NOT NULL, version BIGINT NOT NULL, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL, PRIMARY KEY (feature, version))`;

export async function appliedPostgres(db: pg.Pool | pg.ClientBase): Promise<AppliedMigration[]> {
  const exists = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [MIGRATIONS_TABLE]);
  if (exists.rows[0]?.t == null) return [];
  const res = await db.query<{ feature: string; version: string }>(
    `SELECT feature, version::text FROM ${MIGRATIONS_TABLE} ORDER BY applied_at, feature, version`,
  );
  return res.rows.map((r) => ({ feature: r.feature, version: Number(r.version) }));
}

// Migrations, and waiting for another instance's, may outlast the budget that protects requests.
const MIGRATION_TIMEOUT_MS = 60_000;

/**
 * Applies pending migrations in one transaction under an advisory lock:
 * instances starting at once wait for the first, then find nothing left to
 * do. DDL is transactional in PostgreSQL, so a failed migration leaves no
 * trace. Returns how many were applied.
 */
export function migratePostgres(pool: pg.Pool, features: readonly FeatureMigrations[]): Promise<number> {
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
      await run(CREATE);
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
      const done = new Set((await appliedPostgres(client)).map((m) => `${m.feature}/${String(m.version)}`));
      let applied = 0;
      for (const m of plan(features, 'postgres')) {
        if (done.has(`${m.feature}/${String(m.version)}`)) continue;
        await run(m.sql);
        await run(`INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at) VALUES ($1, $2, $3, clock_timestamp())`, [
          m.feature,
          m.version,
          m.name,
        ]);
        applied++;
      }
      await run('COMMIT');
      return applied;
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      // Dropping the connection rolls back and releases the lock, whatever state it is in.
      client.release(failed);
    }
  });
}
