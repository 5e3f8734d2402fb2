import type { Database } from '../storage/database.js';
import { int, LIMIT, sqlFor, time, type SqlStatement } from '../storage/sql.js';

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
/** Rows per INSERT: 10 parameters each, well below either engine's limit. */
const CHUNK = 200;

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

function insert(entries: readonly LoggedRequest[]): SqlStatement {
  const values = entries.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  const params = entries.flatMap((e) => [
    e.projectId,
    e.requestId,
    e.at,
    e.method,
    e.path,
    e.operation,
    e.status,
    e.durationUs,
    e.keyId,
    e.errorCode,
  ]);
  return [
    `INSERT INTO request_log (project_id, request_id, at, method, path, operation, status, duration_us, key_id, error_code) VALUES ${values}`,
    params,
  ];
}

export function openRequestLogRepository(database: Database): RequestLogRepository {
  const sql = sqlFor(database);
  return {
    add: async (entries) => {
      const statements: SqlStatement[] = [];
      for (let i = 0; i < entries.length; i += CHUNK) statements.push(insert(entries.slice(i, i + CHUNK)));
      if (statements.length > 0) await sql.runAll(statements);
    },
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
      let removed = await sql.run('DELETE FROM request_log WHERE at < ?', [before]);
      for (const projectId of projects) {
        removed += await sql.run(
          `DELETE FROM request_log WHERE project_id = ? AND id <= (
             SELECT id FROM request_log WHERE project_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
          [projectId, projectId, keep],
        );
      }
      return removed;
    },
  };
}
