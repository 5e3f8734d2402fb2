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
import type { SqliteDb } from './database.js';

const CREATE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
  feature TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (feature, version))`;

const tableExists = (db: SqliteDb, name: string) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name);

export function appliedSqlite(db: SqliteDb): AppliedMigration[] {
  return recordsSqlite(db).map(({ feature, version }) => ({ feature, version }));
}

/** The migrations table's rows in the order they were applied (`release` is absent before 1.1.0 added it). */
function recordsSqlite(db: SqliteDb): AppliedRecord[] {
  if (!tableExists(db, MIGRATIONS_TABLE)) return [];
  const rows = db.prepare(`SELECT * FROM ${MIGRATIONS_TABLE} ORDER BY rowid`).all() as (AppliedRecord & { release?: string | null })[];
  return rows.map((r) => ({ feature: r.feature, version: r.version, name: r.name, release: r.release ?? null }));
}

/** The database's migrations as this build sees them. */
export function stateSqlite(db: SqliteDb, features: readonly FeatureMigrations[]): SchemaState {
  const tables = db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().get() as number;
  return schemaState(features, 'sqlite', recordsSqlite(db), tables === 0);
}

/**
 * Records what a database from before capability migrations already has (see
 * LEGACY_VERSIONS). The old table is left in place: an older release started
 * on this database still finds its version there.
 */
function adoptLegacy(db: SqliteDb): void {
  if (!tableExists(db, 'schema_migrations')) return;
  const versions = db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
  const record = db.prepare(`INSERT OR IGNORE INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at) VALUES (?, ?, ?, ?)`);
  for (const v of versions)
    for (const m of LEGACY_VERSIONS[v] ?? []) record.run(m.feature, m.version, `schema version ${String(v)}`, Date.now());
}

/**
 * Applies pending migrations in one exclusive transaction (safe when several processes start at once):
 * baseline and expand ones, and contract ones with `contract` or on a new database. Refuses a database
 * that has a migration this build does not know (SchemaTooNewError), applying nothing.
 */
export function migrateSqlite(db: SqliteDb, features: readonly FeatureMigrations[], options: RunOptions = {}): MigrationRun {
  const run = db.transaction(() => {
    const isNew = stateSqlite(db, []).isNew;
    db.exec(CREATE);
    // Nullable, added in place: a 1.0.0 instance still inserts its rows without it.
    const columns = db.prepare(`SELECT name FROM pragma_table_info('${MIGRATIONS_TABLE}')`).pluck().all() as string[];
    if (!columns.includes('release')) db.exec(`ALTER TABLE ${MIGRATIONS_TABLE} ADD COLUMN release TEXT`);
    adoptLegacy(db);
    const state = { ...stateSqlite(db, features), isNew };
    if (state.unknown.length > 0) throw new SchemaTooNewError(state, VERSION);
    const { apply, wait } = runPlan(state, options.contract ?? false);
    const record = db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at, release) VALUES (?, ?, ?, ?, ?)`);
    for (const m of apply) {
      db.exec(m.sql);
      record.run(m.feature, m.version, m.name, Date.now(), options.release ?? VERSION);
    }
    return { applied: apply, waiting: wait, isNew };
  });
  return run.immediate();
}
