import type { Database, PostgresDatabase, SqliteDatabase } from '../storage/database.js';
import { int, LIMIT, sqlFor, time, type SqlStatement } from '../storage/sql.js';
import type { LoggedRequest } from './logged-request.js';
import { BLOCK_SIZE, type BlockEntry, type BlockRow, decodeBlock, encodeBlock, FIELDS, POSITIONS, reencodeBlock } from './blocks.js';

export { FIELDS } from './blocks.js';

export interface RequestEntry extends Omit<LoggedRequest, 'projectId'> {
  /** Its position in the log (later requests have higher ones): what a cursor carries. */
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
  /** A project's requests matching the filter, newest first, below a position when one is given. */
  list(projectId: number, filter: RequestFilter, options: { limit: number; before?: bigint }): Promise<RequestEntry[]>;
  /** Forgets requests before an instant, and a project's beyond its newest `keep`; how many went. */
  purge(before: Date, projects: readonly number[], keep: number): Promise<number>;
}

interface Row {
  id: bigint | string;
  first_at: bigint | Date;
  request_ids: string;
  entries: string;
}

/** What a search reads of a block. */
const READ = 'id, first_at, request_ids, entries';
const COLUMNS = ['project_id', 'first_at', 'last_at', 'count', 'statuses', 'key_ids', 'operations', 'request_ids', 'entries'];
const INSERT = `INSERT INTO request_blocks (${COLUMNS.join(', ')})`;
/** Blocks read per query of a search: a page of the newest requests is in the first one or two. */
const BLOCKS_PER_READ = 8;
/** Blocks removed per DELETE by the purge. */
const PURGE_BATCH = 500;

/** A request as its FIELDS values. */
export function flatten(e: LoggedRequest, into: unknown[]): void {
  into.push(
    e.projectId,
    e.requestId,
    e.at.getTime(),
    e.method,
    e.path,
    e.operation,
    e.status,
    e.durationUs,
    e.keyId,
    e.errorCode,
    e.errorMessage ?? null,
    e.traceId ?? null,
  );
}

/** A flat batch as blocks: each project's requests in recording order, BLOCK_SIZE at most per block. */
function blocksOf(flat: readonly unknown[]): { projectId: number; block: BlockRow }[] {
  const byProject = new Map<number, number[]>();
  for (let r = 0; r * FIELDS + FIELDS <= flat.length; r++) {
    const projectId = flat[r * FIELDS] as number;
    let rows = byProject.get(projectId);
    if (!rows) byProject.set(projectId, (rows = []));
    rows.push(r);
  }
  const out: { projectId: number; block: BlockRow }[] = [];
  for (const [projectId, rows] of byProject) {
    for (let i = 0; i < rows.length; i += BLOCK_SIZE) out.push({ projectId, block: encodeBlock(flat, rows.slice(i, i + BLOCK_SIZE)) });
  }
  return out;
}

const values = (projectId: number, b: BlockRow, at: (ms: number) => unknown): unknown[] => [
  projectId,
  at(b.firstAt),
  at(b.lastAt),
  b.count,
  b.statuses,
  b.keyIds,
  b.operations,
  b.requestIds,
  b.entries,
];

/** SQLite: the blocks in one transaction, without an fsync (losing the last second of the log on power failure is harmless). */
function sqliteAdd(database: SqliteDatabase): RequestLogRepository['addFlat'] {
  const insert = database.sqlite.prepare(`${INSERT} VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  return async (flat) => {
    const blocks = blocksOf(flat);
    if (blocks.length === 0) return;
    await database.writes.run(
      () => {
        for (const { projectId, block } of blocks) insert.run(values(projectId, block, (ms) => ms));
      },
      { durable: false },
    );
  };
}

/** PostgreSQL: every block of a flush in one prepared statement of arrays: one round trip. */
function postgresAdd(database: PostgresDatabase): RequestLogRepository['addFlat'] {
  const types = ['bigint', 'timestamptz', 'timestamptz', 'bigint', 'text', 'text', 'text', 'text', 'text'];
  const text = `${INSERT} SELECT * FROM unnest(${types.map((t, i) => `$${String(i + 1)}::${t}[]`).join(', ')})`;
  return async (flat) => {
    const blocks = blocksOf(flat);
    if (blocks.length === 0) return;
    const columns: unknown[][] = COLUMNS.map(() => []);
    for (const { projectId, block } of blocks) {
      values(projectId, block, (ms) => new Date(ms)).forEach((v, i) => columns[i]?.push(v));
    }
    await database.pg.prepared(text, columns);
  };
}

/** Whether a request is one the filter asks for. */
const matches = (e: BlockEntry, f: RequestFilter): boolean =>
  (f.status === undefined || (e.status >= f.status.from && e.status <= f.status.to)) &&
  (f.keyId === undefined || e.keyId === f.keyId) &&
  (f.operation === undefined || e.operation === f.operation) &&
  (f.requestId === undefined || e.requestId === f.requestId);

export function openRequestLogRepository(database: Database): RequestLogRepository {
  const sql = sqlFor(database);
  const addFlat = database.engine === 'sqlite' ? sqliteAdd(database) : postgresAdd(database);
  const contains = database.engine === 'sqlite' ? 'instr(request_ids, ?) > 0' : 'strpos(request_ids, ?) > 0';

  /** Blocks that may hold a match (their summaries say so), newest first, with ids up to `upTo`. */
  const candidates = (projectId: number, f: RequestFilter, upTo: bigint | undefined, limit: number) => {
    const where = ['project_id = ?'];
    const params: unknown[] = [projectId];
    if (upTo !== undefined) {
      where.push('id <= ?');
      params.push(upTo);
    }
    if (f.status) {
      where.push('statuses LIKE ?');
      const cls = f.status.to - f.status.from === 99;
      params.push(`% ${cls ? `${String(f.status.from / 100)}__` : String(f.status.from)} %`);
    }
    if (f.keyId !== undefined) {
      where.push('key_ids LIKE ?');
      params.push(`% ${f.keyId} %`);
    }
    if (f.operation !== undefined) {
      where.push('operations LIKE ?');
      params.push(`% ${f.operation} %`);
    }
    if (f.requestId !== undefined) {
      where.push(contains);
      params.push(`\n${f.requestId}\n`);
    }
    params.push(limit);
    return sql.all<Row>(`SELECT ${READ} FROM request_blocks WHERE ${where.join(' AND ')} ORDER BY id DESC ${LIMIT}`, params);
  };

  /** Rewrites a block with only the requests `keep` keeps (the purge's cut through a block); how many went. */
  const cut = async (row: Row, keep: (e: BlockEntry, index: number) => boolean): Promise<number> => {
    const entries = decodeBlock(time(row.first_at).getTime(), row.request_ids, row.entries);
    const kept = entries.filter(keep);
    if (kept.length === entries.length) return 0;
    if (kept.length === 0) {
      await sql.run('DELETE FROM request_blocks WHERE id = ?', [row.id]);
    } else {
      const b = reencodeBlock(kept);
      await sql.run(
        `UPDATE request_blocks SET ${COLUMNS.slice(1)
          .map((c) => `${c} = ?`)
          .join(', ')} WHERE id = ?`,
        [...values(0, b, (ms) => new Date(ms)).slice(1), row.id],
      );
    }
    return entries.length - kept.length;
  };

  return {
    add: (entries) => {
      const flat: unknown[] = [];
      for (const e of entries) flatten(e, flat);
      return addFlat(flat);
    },
    addFlat,
    list: async (projectId, filter, { limit, before }) => {
      const found: RequestEntry[] = [];
      let upTo = before === undefined ? undefined : before / POSITIONS;
      for (;;) {
        const rows = await candidates(projectId, filter, upTo, BLOCKS_PER_READ);
        for (const row of rows) {
          const blockId = BigInt(row.id);
          const entries = decodeBlock(time(row.first_at).getTime(), row.request_ids, row.entries);
          for (let i = entries.length - 1; i >= 0; i--) {
            const e = entries[i];
            const position = blockId * POSITIONS + BigInt(i);
            if (!e || (before !== undefined && position >= before) || !matches(e, filter)) continue;
            found.push({ ...e, id: position, at: new Date(e.at) });
            if (found.length === limit) return found;
          }
          upTo = blockId - 1n;
        }
        if (rows.length < BLOCKS_PER_READ) return found;
      }
    },
    purge: async (before, projects, keep) => {
      // Whole blocks in bounded batches, letting other work run between them; how many requests they held.
      const inBatches = async (select: string, params: readonly unknown[]) => {
        let removed = 0;
        for (;;) {
          const gone = await sql.all<{ count: bigint | number }>(
            `DELETE FROM request_blocks WHERE id IN (${select} LIMIT ${String(PURGE_BATCH)}) RETURNING count`,
            params,
          );
          for (const g of gone) removed += int(g.count);
          if (gone.length < PURGE_BATCH) return removed;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const t = before.getTime();
      let removed = await inBatches('SELECT id FROM request_blocks WHERE first_at < ? AND last_at < ? ORDER BY first_at', [before, before]);
      // What is left starting before the retention straddles it: cut.
      for (const row of await sql.all<Row>(`SELECT ${READ} FROM request_blocks WHERE first_at < ?`, [before])) {
        removed += await cut(row, (e) => e.at >= t);
      }
      for (const projectId of projects) {
        // The block holding the `keep`th newest request: older blocks go whole, it is cut. The sum reads only
        // the index on (project_id, id, count).
        const edge = await sql.one<{ id: bigint | string; kept: bigint | string }>(
          `SELECT id, kept FROM (SELECT id, SUM(count) OVER (ORDER BY id DESC) AS kept FROM request_blocks WHERE project_id = ?) AS t
            WHERE kept > ? ORDER BY id DESC LIMIT 1`,
          [projectId, keep],
        );
        if (!edge) continue;
        removed += await inBatches('SELECT id FROM request_blocks WHERE project_id = ? AND id < ? ORDER BY id', [projectId, edge.id]);
        const row = await sql.one<Row>(`SELECT ${READ} FROM request_blocks WHERE id = ?`, [edge.id]);
        const over = Number(edge.kept) - keep;
        if (row) removed += await cut(row, (_, i) => i >= over);
      }
      return removed;
    },
  };
}

/** Empties one project row of its request log (a staging reset: staging/service.ts). */
export const clearRequestLog = (projectId: number): SqlStatement[] => [['DELETE FROM request_blocks WHERE project_id = ?', [projectId]]];
