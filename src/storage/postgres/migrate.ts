import type pg from 'pg';
import { guard } from './database.js';
import { POSTGRES_MIGRATIONS } from './migrations.js';

/** Advisory lock id held while migrating ("petstore" in ASCII), so instances starting together take turns. */
export const MIGRATION_LOCK_ID = 0x7065747374n;

const CREATE_MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)';

export async function currentVersion(db: pg.Pool | pg.ClientBase): Promise<number> {
  const exists = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (exists.rows[0]?.t == null) return 0;
  const res = await db.query<{ v: bigint | string | null }>('SELECT MAX(version) AS v FROM schema_migrations');
  return Number(res.rows[0]?.v ?? 0);
}

// Migrations, and waiting for another instance's, may outlast the budget that protects requests.
const MIGRATION_TIMEOUT_MS = 60_000;

/**
 * Applies pending migrations in one transaction under an advisory lock: instances
 * starting at once wait for the first, then find nothing left to do. DDL is
 * transactional in PostgreSQL, so a failed migration leaves no trace.
 */
export function migratePostgres(pool: pg.Pool): Promise<{ from: number; to: number }> {
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
      await run(CREATE_MIGRATIONS_TABLE);
      const from = await currentVersion(client);
      for (const m of POSTGRES_MIGRATIONS) {
        if (m.version <= from) continue;
        await run(m.sql);
        await run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())', [m.version, m.name]);
      }
      const to = await currentVersion(client);
      await run('COMMIT');
      return { from, to };
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      // Dropping the connection rolls back and releases the lock, whatever state it is in.
      client.release(failed);
    }
  });
}
