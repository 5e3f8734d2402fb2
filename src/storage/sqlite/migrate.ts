import { LEGACY_VERSIONS, MIGRATIONS_TABLE, plan, type AppliedMigration, type FeatureMigrations } from '../migrations.js';
import type { SqliteDb } from './database.js';

const CREATE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
  feature TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (feature, version))`;

export function appliedSqlite(db: SqliteDb): AppliedMigration[] {
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MIGRATIONS_TABLE);
  if (!exists) return [];
  return db.prepare(`SELECT feature, version FROM ${MIGRATIONS_TABLE} ORDER BY rowid`).all() as AppliedMigration[];
}

/**
 * Records what a database from before capability migrations already has (see
 * LEGACY_VERSIONS). The old table is left in place: an older release started
 * on this database still finds its version there.
 */
function adoptLegacy(db: SqliteDb): void {
  const legacy = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
  if (!legacy) return;
  const versions = db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
  const record = db.prepare(`INSERT OR IGNORE INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at) VALUES (?, ?, ?, ?)`);
  for (const v of versions)
    for (const m of LEGACY_VERSIONS[v] ?? []) record.run(m.feature, m.version, `schema version ${String(v)}`, Date.now());
}

/**
 * Applies pending migrations in one exclusive transaction (safe when several
 * processes start at once); returns how many were applied.
 */
export function migrateSqlite(db: SqliteDb, features: readonly FeatureMigrations[]): number {
  const run = db.transaction(() => {
    db.exec(CREATE);
    adoptLegacy(db);
    const done = new Set(appliedSqlite(db).map((m) => `${m.feature}/${String(m.version)}`));
    const record = db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at) VALUES (?, ?, ?, ?)`);
    let applied = 0;
    for (const m of plan(features, 'sqlite')) {
      if (done.has(`${m.feature}/${String(m.version)}`)) continue;
      db.exec(m.sql);
      record.run(m.feature, m.version, m.name, Date.now());
      applied++;
    }
    return applied;
  });
  return run.immediate();
}
