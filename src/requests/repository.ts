import type { Database, PostgresDatabase, SqliteDatabase } from '../storage/database.js';
import type { SqliteDb } from '../storage/sqlite/database.js';
import { int, LIMIT, sqlFor, time } from '../storage/sql.js';

/** One request as the log keeps it: never a header, a body or a cursor value. */
export interface LoggedRequest {
  projectId: number;
  requestId: string;
  at: Date;
  method: string;
  /** The path and query, with cursor values and anything shaped like a secret replaced. */
  path: string;
  operation: string | null;
  status: number;
  durationUs: number;
  keyId: string | null;
  errorCode: string | null;
}

export interface RequestEntry extends Omit<LoggedRequest, 'projectId'> {
  id: bigint;
}

/** What a search of a project's log may ask: a status class (`4xx`) or code, a key, an operation, a request id. */
export interface RequestFilter {
  status?: { from: number; to: number };
  keyId?: string;
  operation?: string;
  requestId?: string;
}

export interface RequestLogRepository {
  add(entries: readonly LoggedRequest[]): Promise<void>;
  /** `add` for requests as FIELDS values each (`flatten`'s order, `at` in epoch ms): the recorder's form. */
  addFlat(flat: readonly unknown[]): Promise<void>;
  /** A project's requests matching the filter, newest first, below an id when one is given. */
  list(projectId: number, filter: RequestFilter, options: { limit: number; before?: bigint }): Promise<RequestEntry[]>;
  /** Forgets requests before an instant, and a project's beyond its newest `keep`; how many went. */
  purge(before: Date, projects: readonly number[], keep: number): Promise<number>;
}

interface Row {
  id: bigint | string;
  request_id: string;
  at: bigint | Date;
  method: string;
  path: string;
  operation: string | null;
  status: bigint | number;
  duration_us: bigint | string;
  key_id: string | null;
  error_code: string | null;
}

const COLUMNS = 'id, request_id, at, method, path, operation, status, duration_us, key_id, error_code';
const INSERT = 'INSERT INTO request_log (project_id, request_id, at, method, path, operation, status, duration_us, key_id, error_code)';
/** Rows per SQLite INSERT: one statement of 100 rows binds for about half the cost of 100 one-row statements. */
const CHUNK = 100;
const ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
/** Rows removed per DELETE by the purge (a few milliseconds of SQLite's time each). */
const PURGE_BATCH = 5_000;

const toEntry = (r: Row): RequestEntry => ({
  id: BigInt(r.id),
  requestId: r.request_id,
  at: time(r.at),
  method: r.method,
  path: r.path,
  operation: r.operation,
  status: int(r.status),
  durationUs: int(BigInt(r.duration_us)),
  keyId: r.key_id,
  errorCode: r.error_code,
});

/** Values per request in a flat batch: `LoggedRequest`'s fields in order, `at` in epoch milliseconds. */
export const FIELDS = 10;

/** A request as its FIELDS values. */
export function flatten(e: LoggedRequest, into: unknown[]): void {
  into.push(e.projectId, e.requestId, e.at.getTime(), e.method, e.path, e.operation, e.status, e.durationUs, e.keyId, e.errorCode);
}

/**
 * Writes a flat batch on SQLite (synchronously; the caller holds the transaction): full chunks through one
 * statement prepared once, the rest row by row.
 */
export function sqliteRowWriter(sqlite: SqliteDb): (flat: readonly unknown[]) => void {
  const chunk = sqlite.prepare(`${INSERT} VALUES ${Array.from({ length: CHUNK }, () => ROW).join(', ')}`);
  const one = sqlite.prepare(`${INSERT} VALUES ${ROW}`);
  const step = CHUNK * FIELDS;
  return (flat) => {
    let i = 0;
    for (; i + step <= flat.length; i += step) chunk.run(flat.slice(i, i + step));
    for (; i + FIELDS <= flat.length; i += FIELDS) one.run(flat.slice(i, i + FIELDS));
  };
}

/** SQLite from the event loop: no fsync (losing the last second of the log on power failure is harmless). */
function sqliteAdd(database: SqliteDatabase): RequestLogRepository['addFlat'] {
  const write = sqliteRowWriter(database.sqlite);
  return async (flat) => {
    if (flat.length === 0) return;
    await database.writes.run(() => write(flat), { durable: false });
  };
}

/** PostgreSQL: one prepared statement of ten arrays, whatever the count: one round trip per flush. */
function postgresAdd(database: PostgresDatabase): RequestLogRepository['addFlat'] {
  const text = `${INSERT}
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::text[], $10::text[])`;
  return async (flat) => {
    if (flat.length === 0) return;
    const columns: unknown[][] = Array.from({ length: FIELDS }, () => []);
    for (let i = 0; i + FIELDS <= flat.length; i += FIELDS) {
      for (let f = 0; f < FIELDS; f++) columns[f]?.push(f === 2 ? new Date(flat[i + f] as number) : flat[i + f]);
    }
    await database.pg.prepared(text, columns);
  };
}

export function openRequestLogRepository(database: Database): RequestLogRepository {
  const sql = sqlFor(database);
  const addFlat = database.engine === 'sqlite' ? sqliteAdd(database) : postgresAdd(database);
  return {
    add: (entries) => {
      const flat: unknown[] = [];
      for (const e of entries) flatten(e, flat);
      return addFlat(flat);
    },
    addFlat,
    list: async (projectId, filter, { limit, before }) => {
      const where = ['project_id = ?'];
      const params: unknown[] = [projectId];
      if (before !== undefined) {
        where.push('id < ?');
        params.push(before);
      }
      if (filter.status) {
        where.push('status >= ? AND status <= ?');
        params.push(filter.status.from, filter.status.to);
      }
      if (filter.keyId !== undefined) {
        where.push('key_id = ?');
        params.push(filter.keyId);
      }
      if (filter.operation !== undefined) {
        where.push('operation = ?');
        params.push(filter.operation);
      }
      if (filter.requestId !== undefined) {
        where.push('request_id = ?');
        params.push(filter.requestId);
      }
      params.push(limit);
      const rows = await sql.all<Row>(`SELECT ${COLUMNS} FROM request_log WHERE ${where.join(' AND ')} ORDER BY id DESC ${LIMIT}`, params);
      return rows.map(toEntry);
    },
    purge: async (before, projects, keep) => {
      // In bounded batches, letting other work run between them: a busy project can be far past its bound.
      const inBatches = async (select: string, params: readonly unknown[]) => {
        let removed = 0;
        for (;;) {
          const n = await sql.run(`DELETE FROM request_log WHERE id IN (${select} ORDER BY id LIMIT ${String(PURGE_BATCH)})`, params);
          removed += n;
          if (n < PURGE_BATCH) return removed;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      let removed = await inBatches('SELECT id FROM request_log WHERE at < ?', [before]);
      for (const projectId of projects) {
        const bound = await sql.one<{ id: bigint | string }>(
          'SELECT id FROM request_log WHERE project_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?',
          [projectId, keep],
        );
        if (bound) removed += await inBatches('SELECT id FROM request_log WHERE project_id = ? AND id <= ?', [projectId, bound.id]);
      }
      return removed;
    },
  };
}
