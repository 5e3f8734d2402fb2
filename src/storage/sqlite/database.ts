import Database from 'better-sqlite3';
import { closeSync, constants, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { tracing } from '../../telemetry/tracing.js';
import { inTrace, isBookkeeping, StatementSpans } from '../statement-spans.js';
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

/** How long a statement waits for another connection's lock before SQLITE_BUSY (blocking the process meanwhile). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

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
  db.pragma(`busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`);
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
  countWrites(db);
  if (tracing().enabled) traceStatements(db, path);
  return db;
}

/** Statement calls that may change the database, counted per connection opened by `openSqlite`. */
const WRITES = new WeakMap<SqliteDb, { count: number }>();
const CALLS = ['run', 'get', 'all'] as const;

/**
 * Counts every call that may change the database made through this connection: a statement SQLite does
 * not call read-only (`Statement.readonly`), and `exec`. Installed before any statement is prepared, so
 * none escapes it. A read cache asks it in place of `SELECT total_changes()`, a call into SQLite on
 * every lookup (about 0.5 µs): it counts at least as often (a statement that changed no row, DDL).
 */
function countWrites(db: SqliteDb): void {
  const writes = { count: 0 };
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!statement.readonly) {
      for (const name of CALLS) {
        const call = statement[name] as (...args: unknown[]) => unknown;
        (statement as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          try {
            return call.apply(this, args);
          } finally {
            writes.count++;
          }
        };
      }
      // A statement with RETURNING, iterated: each row may follow a change.
      const iterate = statement.iterate.bind(statement) as (...args: unknown[]) => IterableIterator<unknown>;
      (statement as unknown as Record<string, unknown>).iterate = function* (...args: unknown[]) {
        try {
          for (const row of iterate(...args)) {
            writes.count++;
            yield row;
          }
        } finally {
          writes.count++;
        }
      };
    }
    return statement;
  }) as SqliteDb['prepare'];
  db.exec = (source: string) => {
    try {
      return exec(source);
    } finally {
      writes.count++;
    }
  };
  WRITES.set(db, writes);
}

/**
 * A span for every call of a statement this connection prepares (`SELECT pets`, kind client, with the
 * statement's text: statement-spans.ts), child of the span active when it runs (none outside one: `inTrace`); not for transaction control
 * nor PRAGMAs (bookkeeping: a group commit's wait and COMMIT are its writes' `group commit` spans). Installed
 * only when telemetry is on as the connection opens, so with it off a statement is called as it always was.
 */
function traceStatements(db: SqliteDb, path: string): void {
  const spans = new StatementSpans('sqlite', path);
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    if (isBookkeeping(source)) return statement;
    const described = spans.of(source);
    for (const name of CALLS) {
      const call = statement[name] as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        const t = tracing();
        if (!inTrace(t)) return call.apply(this, args);
        const span = t.startSpan(described.name, described.options);
        try {
          return call.apply(this, args);
        } catch (err) {
          span.fail(err);
          throw err;
        } finally {
          span.end();
        }
      };
    }
    const iterate = statement.iterate.bind(statement) as (...args: unknown[]) => IterableIterator<unknown>;
    (statement as unknown as Record<string, unknown>).iterate = function* (...args: unknown[]) {
      const t = tracing();
      if (!inTrace(t)) return yield* iterate(...args);
      const span = t.startSpan(described.name, described.options);
      try {
        yield* iterate(...args);
      } catch (err) {
        span.fail(err);
        throw err;
      } finally {
        span.end();
      }
    };
    return statement;
  }) as SqliteDb['prepare'];
}

/**
 * The number of calls that may have changed the database through this connection so far, or null for a
 * connection not opened by `openSqlite` (its writes are not counted).
 */
export function ownWritesOf(db: SqliteDb): (() => number) | null {
  const writes = WRITES.get(db);
  return writes === undefined ? null : () => writes.count;
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
