import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { StorageUnavailableError } from '../../http/errors.js';
import { SQLITE_MIGRATIONS } from './migrations.js';

export type SqliteDb = Database.Database;

/** `sqlite:./data/petstore.db`, `sqlite:/abs/path.db` or `sqlite::memory:`. */
export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (path === '') throw new Error('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/petstore.db');
  return path;
}

/** Opens the database file (creating its directory), durable settings on. */
export function openSqlite(databaseUrl: string): SqliteDb {
  const path = sqlitePath(databaseUrl);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it returns, so a 201 survives kill -9 and power loss.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // 8 MiB of page cache (the driver's default is 16): the hot index pages fit,
  // colder pages come from the OS page cache, and a write-heavy process stays small.
  db.pragma('cache_size = -8192');
  return db;
}

export function currentVersion(db: SqliteDb): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

/** Applies pending migrations in one exclusive transaction; safe when several processes start at once. */
export function migrateSqlite(db: SqliteDb): { from: number; to: number } {
  const run = db.transaction(() => {
    const from = currentVersion(db);
    for (const m of SQLITE_MIGRATIONS) {
      if (m.version <= from) continue;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    }
    return { from, to: currentVersion(db) };
  });
  return run.immediate();
}

const UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_READONLY']);

/** The error a storage call rejects with: "database cannot serve now" becomes StorageUnavailableError. */
export function storageError(err: unknown): Error {
  const code = (err as { code?: string }).code ?? '';
  if (UNAVAILABLE.has(code) || [...UNAVAILABLE].some((c) => code.startsWith(`${c}_`))) return new StorageUnavailableError(err);
  return err instanceof Error ? err : new Error(String(err));
}

/** Runs a storage call, turning "database cannot serve now" into StorageUnavailableError. */
export function guard<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(storageError(err));
  }
}
