import type { Statement } from 'better-sqlite3';
import type { QueryConfig } from 'pg';
import type { Database } from './database.js';
import { guard } from './sqlite/database.js';

/**
 * Single statements written once for both engines, with `?` placeholders
 * (rewritten to `$1, $2, …` for PostgreSQL; no literal `?` may appear in the
 * text). Wherever the engines agree on a statement; hot paths that gain from an
 * engine's own means (SQLite's synchronous reads and group commit, PostgreSQL's
 * CTEs) are written per engine. Parameters may be Date (stored as epoch
 * milliseconds in SQLite) and boolean (0/1 in SQLite). Integers come back as
 * bigint on both engines: read columns with `int`, `time` and `flag`.
 */
export interface Sql {
  all<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
  one<R>(text: string, params?: readonly unknown[]): Promise<R | null>;
  /** Runs a statement; resolves with the number of rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
  /** Runs statements in order in one transaction (all or none; on SQLite through the group commit); resolves with the rows each changed. */
  runAll(statements: readonly SqlStatement[]): Promise<number[]>;
  /**
   * Inserts a row unless its parent already has `limit` rows counted, the count and the insert in one
   * transaction; resolves with the row `insert` returned, null when it returned none (ON CONFLICT DO
   * NOTHING), or 'at_limit'.
   */
  insertCapped<R extends object>(capped: CappedInsert<R>): Promise<R | null | 'at_limit'>;
}

/** How long a capped insert on PostgreSQL may wait for its parent's row lock before it is 503. */
export const CAPPED_LOCK_WAIT_MS = 5000;

/**
 * A row that may be added while its parent has fewer than `limit` of them. Concurrent inserts under one
 * parent are serialized: on SQLite by the single connection (the whole check runs as one write of the group
 * commit), on PostgreSQL by locking the parent's row first, across every connection and instance.
 */
export interface CappedInsert<R extends object> {
  /** The row (`id` of `table`) whose children are counted. */
  parent: { table: string; id: number };
  /** Counts the parent's rows as one row with the count in `n`. */
  count: SqlStatement;
  limit: number;
  /** The insert, with RETURNING. */
  insert: SqlStatement;
  /** Statements that go with the inserted row, in the same transaction. */
  then?: (row: R) => readonly SqlStatement[];
}

/**
 * A page's size as a parameter: `LIMIT ? + 0`, not `LIMIT ?`. SQLite plans with the value bound to a bare
 * LIMIT parameter, so rebinding it re-prepares the statement on every run, which cost more than reading
 * the page; an expression keeps the plan. PostgreSQL reads the expression as the number.
 */
export const LIMIT = 'LIMIT ? + 0';

/** A statement with `?` placeholders and its parameters. */
export type SqlStatement = readonly [text: string, params: readonly unknown[]];

export function sqliteParam(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
export function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${String(++n)}`);
}

/**
 * The statements of one capability on its database. `prepared`: on PostgreSQL every statement outside
 * `runAll` is a named prepared statement (texts must then be fixed, as a hot path's are); SQLite
 * prepares every statement anyway.
 */
export function sqlFor(database: Database, options: { prepared?: boolean } = {}): Sql {
  if (database.engine === 'postgres') {
    const { pg } = database;
    const query = options.prepared === true ? pg.prepared.bind(pg) : pg.query.bind(pg);
    const texts = new Map<string, string>();
    const text = (t: string) => {
      let out = texts.get(t);
      if (out === undefined) texts.set(t, (out = numbered(t)));
      return out;
    };
    return {
      all: async <R>(t: string, params: readonly unknown[] = []) => (await query(text(t), [...params])).rows as R[],
      one: async <R>(t: string, params: readonly unknown[] = []) => ((await query(text(t), [...params])).rows[0] as R | undefined) ?? null,
      run: async (t, params = []) => (await query(text(t), [...params])).rowCount ?? 0,
      runAll: (statements) =>
        pg.transaction(async (client) => {
          const changed: number[] = [];
          for (const [t, params] of statements) changed.push((await client.query(text(t), [...params])).rowCount ?? 0);
          return changed;
        }),
      insertCapped: <R extends object>(c: CappedInsert<R>) =>
        pg.transaction(async (client): Promise<R | null | 'at_limit'> => {
          // FOR NO KEY UPDATE conflicts with itself but not with the key-share locks that inserting a child
          // row takes, so other writes under the parent go on. The count is a later statement: in READ
          // COMMITTED its snapshot is taken once the lock is held, and sees what the previous holder committed.
          // Waiting for the lock is queueing behind the parent's other capped inserts (30 at once take over a
          // second on a busy machine), not a database too slow to serve: that wait alone may take longer than
          // a statement may, up to CAPPED_LOCK_WAIT_MS, and the statements after it have the usual bound.
          await client.query(`SET LOCAL statement_timeout = ${String(CAPPED_LOCK_WAIT_MS)}`);
          // pg takes a query's own client-side timeout (query_timeout) though its types do not list it.
          const lock: QueryConfig & { query_timeout: number } = {
            text: `SELECT 1 FROM ${c.parent.table} WHERE id = $1 FOR NO KEY UPDATE`,
            values: [c.parent.id],
            query_timeout: CAPPED_LOCK_WAIT_MS + 1000,
          };
          await client.query(lock);
          await client.query('SET LOCAL statement_timeout TO DEFAULT');
          const counted = (await client.query<{ n: bigint | string }>(text(c.count[0]), [...c.count[1]])).rows[0];
          if (Number(counted?.n ?? 0) >= c.limit) return 'at_limit';
          const row = ((await client.query(text(c.insert[0]), [...c.insert[1]])).rows[0] as R | undefined) ?? null;
          if (row !== null) for (const [t, params] of c.then?.(row) ?? []) await client.query(text(t), [...params]);
          return row;
        }),
    };
  }
  const { sqlite, writes } = database;
  const statements = new Map<string, Statement>();
  const prepared = (t: string) => {
    let s = statements.get(t);
    if (!s) statements.set(t, (s = sqlite.prepare(t).safeIntegers(true)));
    return s;
  };
  const args = (params: readonly unknown[]) => params.map(sqliteParam);
  return {
    all: <R>(t: string, params: readonly unknown[] = []) => guard(() => prepared(t).all(...args(params)) as R[]),
    one: <R>(t: string, params: readonly unknown[] = []) => guard(() => (prepared(t).get(...args(params)) as R | undefined) ?? null),
    run: (t, params = []) => guard(() => Number(prepared(t).run(...args(params)).changes)),
    runAll: (list) => {
      const ready = list.map(([t, params]) => [prepared(t), args(params)] as const);
      return writes.run(() => ready.map(([statement, params]) => Number(statement.run(...params).changes)));
    },
    insertCapped: <R extends object>(c: CappedInsert<R>) =>
      writes.run((): R | null | 'at_limit' => {
        const counted = prepared(c.count[0]).get(...args(c.count[1])) as { n: bigint } | undefined;
        if (Number(counted?.n ?? 0) >= c.limit) return 'at_limit';
        const row = (prepared(c.insert[0]).get(...args(c.insert[1])) as R | undefined) ?? null;
        if (row !== null) for (const [t, params] of c.then?.(row) ?? []) prepared(t).run(...args(params));
        return row;
      }),
  };
}

/** An integer column as a number (both engines return bigint). */
export const int = (value: bigint | number): number => Number(value);

/** A time column: epoch milliseconds in SQLite, timestamptz in PostgreSQL. */
export function time(value: bigint | number | Date): Date;
export function time(value: bigint | number | Date | null): Date | null;
export function time(value: bigint | number | Date | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(Number(value));
}

/** A 0/1 flag in SQLite, a boolean in PostgreSQL. */
export const flag = (value: bigint | number | boolean): boolean => (typeof value === 'boolean' ? value : Number(value) !== 0);
