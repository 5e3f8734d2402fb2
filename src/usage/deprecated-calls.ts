import type { Statement } from 'better-sqlite3';
import { emitPg, sqliteOutbox } from '../events/outbox.js';
import type { Environment } from '../http/pipeline/environments.js';
import { environmentOfRow } from '../projects/repository.js';
import type { Database } from '../storage/database.js';
import { int, numbered, sqlFor, sqliteParam, time } from '../storage/sql.js';
import type { SqliteDb } from '../storage/sqlite/database.js';

/** Calls of one deprecated operation with one key in one UTC day, and the last of them. */
export interface DeprecatedCallCount {
  projectId: number;
  keyId: string;
  operation: string;
  /** The start of the UTC day. */
  day: Date;
  requests: number;
  lastAt: Date;
}

/** A key's calls of one deprecated operation since a day, its name and hint null once the key is gone. */
export interface DeprecatedCaller {
  operation: string;
  keyId: string;
  name: string | null;
  hint: string | null;
  calls: number;
  lastCalledAt: Date;
}

/** What the `api.deprecated_call` event of a key's first call of an operation in a day says (JSON text). */
export type DeprecatedCallEvent = (count: DeprecatedCallCount, key: { name: string | null; environment: Environment }) => string;

export interface DeprecatedCallRepository {
  /**
   * Adds counts in one transaction. The first count of a key, operation and UTC day (on any instance) also
   * records an `api.deprecated_call` event, in the same transaction: one event per key, operation and day.
   */
  add(counts: readonly DeprecatedCallCount[], event: DeprecatedCallEvent): Promise<void>;
  /** A project's callers of deprecated operations from a day on, the busiest first within each operation. */
  callers(projectId: number, from: Date): Promise<DeprecatedCaller[]>;
}

/** A new row counts nothing yet: its insertion tells that this is the key's first call of the operation in the day. */
const FIRST_OF_DAY = `INSERT INTO usage_deprecated_calls (project_id, key_id, operation, day_at, requests, last_at)
  VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (project_id, day_at, key_id, operation) DO NOTHING`;
const ADD = `UPDATE usage_deprecated_calls
  SET requests = requests + ?, last_at = CASE WHEN last_at < ? THEN ? ELSE last_at END
  WHERE project_id = ? AND day_at = ? AND key_id = ? AND operation = ?`;
const KEY = `SELECT (SELECT k.name FROM api_keys k WHERE k.id = ?) AS name, ${environmentOfRow('p')} AS environment
  FROM projects p WHERE p.id = ?`;

const EVENT_TYPE = 'api.deprecated_call';

/** Rows in one order on every instance, so that two flushes at once wait for each other instead of deadlocking. */
const inOrder = (counts: readonly DeprecatedCallCount[]) =>
  [...counts].sort(
    (a, b) =>
      a.projectId - b.projectId ||
      a.day.getTime() - b.day.getTime() ||
      (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0) ||
      (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0),
  );

const firstParams = (c: DeprecatedCallCount) => [c.projectId, c.keyId, c.operation, c.day, c.lastAt];
const addParams = (c: DeprecatedCallCount) => [c.requests, c.lastAt, c.lastAt, c.projectId, c.day, c.keyId, c.operation];

interface KeyRow {
  name: string | null;
  environment: Environment;
}

interface CallerRow {
  operation: string;
  key_id: string;
  name: string | null;
  hint: string | null;
  calls: bigint | string;
  last_at: bigint | Date;
}

const sqliteStatements = new WeakMap<SqliteDb, { first: Statement; add: Statement; key: Statement }>();

export function openDeprecatedCallRepository(database: Database): DeprecatedCallRepository {
  const sql = sqlFor(database);
  const add: DeprecatedCallRepository['add'] =
    database.engine === 'sqlite'
      ? async (counts, event) => {
          const { sqlite: db, writes } = database;
          let s = sqliteStatements.get(db);
          if (!s) sqliteStatements.set(db, (s = { first: db.prepare(FIRST_OF_DAY), add: db.prepare(ADD), key: db.prepare(KEY) }));
          const { first, add: addTo, key } = s;
          const emit = sqliteOutbox(db);
          await writes.run(() => {
            for (const c of counts) {
              if (first.run(...firstParams(c).map(sqliteParam)).changes > 0) {
                const k = key.get(c.keyId, c.projectId) as KeyRow | undefined;
                if (k) emit(c.projectId, EVENT_TYPE, event(c, k), c.lastAt.getTime());
              }
              addTo.run(...addParams(c).map(sqliteParam));
            }
          });
        }
      : async (counts, event) => {
          await database.pg.transaction(async (client) => {
            for (const c of inOrder(counts)) {
              // Another instance adding the same row waits here until it commits, then inserts nothing: one event.
              if (((await client.query(numbered(FIRST_OF_DAY), firstParams(c))).rowCount ?? 0) > 0) {
                const k = (await client.query<KeyRow>(numbered(KEY), [c.keyId, c.projectId])).rows[0];
                if (k) await emitPg(client, c.projectId, EVENT_TYPE, event(c, k), c.lastAt);
              }
              await client.query(numbered(ADD), addParams(c));
            }
          });
        };
  return {
    add,
    callers: async (projectId, from) =>
      (
        await sql.all<CallerRow>(
          `SELECT d.operation, d.key_id, k.name, k.hint, SUM(d.requests) AS calls, MAX(d.last_at) AS last_at
             FROM usage_deprecated_calls d LEFT JOIN api_keys k ON k.id = d.key_id
            WHERE d.project_id = ? AND d.day_at >= ?
            GROUP BY d.operation, d.key_id, k.name, k.hint
            ORDER BY d.operation, calls DESC, d.key_id`,
          [projectId, from],
        )
      ).map((r) => ({
        operation: r.operation,
        keyId: r.key_id,
        name: r.name,
        hint: r.hint,
        calls: int(BigInt(r.calls)),
        lastCalledAt: time(r.last_at),
      })),
  };
}
