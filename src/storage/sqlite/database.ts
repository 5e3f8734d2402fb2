import Database from 'better-sqlite3';
import { closeSync, constants, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { StorageUnavailableError } from '../unavailable.js';

export type SqliteDb = Database.Database;

/** `sqlite:./data/petstore.db`, `sqlite:/abs/path.db` or `sqlite::memory:`. */
export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (path === '') throw new Error('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/petstore.db');
  return path;
}

/**
 * Makes the database file when there is none, readable by its owner only (it holds password hashes and
 * webhook secrets); SQLite gives its -wal and -shm files the database file's mode.
 */
function createPrivately(path: string): void {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600));
  } catch {
    // There already (the usual case), or a problem SQLite's own open then reports.
  }
}

/** Opens the database file (creating its directory, and the file readable by its owner only), durable settings on. */
export function openSqlite(databaseUrl: string): SqliteDb {
  const path = sqlitePath(databaseUrl);
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    createPrivately(path);
  }
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it returns, so a 201 survives kill -9 and power loss.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // 8 MiB of page cache (the driver's default is 16): the hot index pages fit,
  // colder pages come from the OS page cache, and a write-heavy process stays small.
  db.pragma('cache_size = -8192');
  // Temporary storage in memory. A group commit runs each write in a savepoint, and a savepoint keeps
  // the first copy of every page it changes in a sub-journal, which SQLite moves to a temporary file
  // past 64 KiB: a batch of 50 writes reached that, and each page a write touched then cost a write
  // to that file (a createPet with a webhook endpoint, its delivery row and three indexes: 33 µs more
  // than one without; in memory, 7). The sub-journal lives for one batch: a few MB at most.
  db.pragma('temp_store = MEMORY');
  return db;
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
