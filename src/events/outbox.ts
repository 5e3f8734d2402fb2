import { randomBytes } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Database } from '../storage/database.js';
import { numbered, sqliteParam, type SqlStatement } from '../storage/sql.js';
import type { SqliteDb } from '../storage/sqlite/database.js';
import { causeOfWrite } from '../storage/sqlite/group-commit.js';
import type { EventType } from './types.js';

/**
 * The outbox: a capability records an event with one call inside the
 * transaction that makes the change, so the change and its event commit
 * together or not at all. The same statement queues one delivery for every
 * enabled endpoint of the project subscribed to the type; the delivery
 * worker (worker.ts) sends them later, from any instance.
 */

/** 2^40: an event id's counter wraps here, and the process draws a new tag. */
const COUNTER_LIMIT = 0x100_0000_0000;
let tag = '';
let counter = COUNTER_LIMIT;
let lastMs = -1;
let prefix = '';

/**
 * `evt_` and 128 bits in hex: the time in milliseconds (48 bits), a random tag
 * of this process (40 bits) and a counter (40 bits). Ids made later sort later,
 * so each lands at the end of the events id index instead of on a random page
 * of it (a page written per event); the tag keeps processes' ids apart.
 */
export function newEventId(): string {
  if (counter >= COUNTER_LIMIT) {
    tag = randomBytes(5).toString('hex');
    counter = 0;
    lastMs = -1;
  }
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    prefix = `evt_${Math.max(0, now).toString(16).padStart(12, '0').slice(-12)}${tag}`;
  }
  return `${prefix}${(counter++).toString(16).padStart(10, '0')}`;
}

/** The `events` column value an endpoint subscribed to `type` contains (`,a,b,` or `*`). */
export const subscriptionNeedle = (type: string): string => `,${type},`;

/**
 * The statement queuing the deliveries of the events of `events` (a CTE returning seq and project_id), in the
 * events' order, for every enabled endpoint of each event's project subscribed to it (PostgreSQL): `needle`
 * and `at` are SQL expressions, the event's subscription needle and the deliveries' time.
 */
export const pgDeliveriesOf = (events: string, needle: string, at: string): string => `
  INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at)
  SELECT w.id, ${events}.seq, 'pending', 0, ${at}, ${at}
  FROM ${events} JOIN webhook_endpoints w ON w.project_id = ${events}.project_id AND w.enabled AND (w.events = '*' OR strpos(w.events, ${needle}) > 0)
  ORDER BY ${events}.seq, w.id`;

/**
 * The `traceparent` an event keeps: the span that caused it (its request's, `causeOfWrite`), so its deliveries'
 * spans link to it; null when telemetry is off.
 */
export const eventCause = causeOfWrite;

/** One event and its deliveries in one statement (PostgreSQL); parameters: id, project, type, data, time, needle, cause. */
export const PG_EMIT = `
  WITH e AS (
    INSERT INTO events (id, project_id, type, data, created_at, traceparent)
    VALUES ($1::text, $2::bigint, $3::text, $4::text, $5::timestamptz, $7::text)
    RETURNING seq, project_id
  )
  ${pgDeliveriesOf('e', '$6::text', '$5::timestamptz')}`;

/** Anything that runs a query inside the caller's transaction (a pg PoolClient). */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** Records an event on PostgreSQL, on the connection of the caller's transaction. `data` is JSON text. */
export async function emitPg(client: PgQueryable, projectId: number, type: EventType, data: string, at: Date): Promise<void> {
  await client.query(PG_EMIT, [newEventId(), projectId, type, data, at, subscriptionNeedle(type), causeOfWrite()]);
}

/** Records an event on SQLite; call it inside a write of the group commit (synchronous, same transaction). */
export type SqliteEmit = (projectId: number, type: string, data: string, at: number) => string;

const emitters = new WeakMap<SqliteDb, SqliteEmit>();

/** The SQLite outbox of a connection (its statements prepared once). Returns the event's id. */
export function sqliteOutbox(db: SqliteDb): SqliteEmit {
  let emit = emitters.get(db);
  if (emit) return emit;
  let statements: { insertEvent: Statement; queue: Statement } | undefined;
  emit = (projectId, type, data, at) => {
    // Prepared on first use: the tables exist once the database is migrated.
    statements ??= {
      insertEvent: db
        .prepare('INSERT INTO events (id, project_id, type, data, created_at, traceparent) VALUES (?, ?, ?, ?, ?, ?) RETURNING seq')
        .pluck()
        .safeIntegers(true),
      queue: db.prepare(
        `INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at)
         SELECT id, ?, 'pending', 0, ?, ? FROM webhook_endpoints
         WHERE project_id = ? AND enabled = 1 AND (events = '*' OR instr(events, ?) > 0)`,
      ),
    };
    const { insertEvent, queue } = statements;
    const id = newEventId();
    const seq = insertEvent.get(id, projectId, type, data, at, causeOfWrite()) as bigint;
    queue.run(seq, at, at, projectId, subscriptionNeedle(type));
    return id;
  };
  emitters.set(db, emit);
  return emit;
}

/** Events recorded together on SQLite (same transaction, same time), e.g. an order placed and its pet's move. */
export type SqliteEmitTwo = (
  first: { projectId: number; type: string; data: string },
  second: { projectId: number; type: string; data: string },
  at: number,
) => void;

const pairEmitters = new WeakMap<SqliteDb, SqliteEmitTwo>();

/** Two events and their deliveries in two statements, not four (placeOrder's hot path). */
export function sqliteOutboxTwo(db: SqliteDb): SqliteEmitTwo {
  let emit = pairEmitters.get(db);
  if (emit) return emit;
  let statements: { insertEvents: Statement; queue: Statement } | undefined;
  emit = (first, second, at) => {
    statements ??= {
      insertEvents: db
        .prepare(
          'INSERT INTO events (id, project_id, type, data, created_at, traceparent) VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?) RETURNING seq',
        )
        .pluck()
        .safeIntegers(true),
      queue: db.prepare(
        `INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at)
         SELECT w.id, e.seq, 'pending', 0, ?, ? FROM (SELECT ? AS seq, ? AS project_id, ? AS needle UNION ALL SELECT ?, ?, ?) e
         JOIN webhook_endpoints w ON w.project_id = e.project_id
         WHERE w.enabled = 1 AND (w.events = '*' OR instr(w.events, e.needle) > 0)`,
      ),
    };
    const { insertEvents, queue } = statements;
    // Sequence numbers ascend in insertion order (AUTOINCREMENT); RETURNING's row order is not promised.
    const cause = causeOfWrite();
    const [a, b] = (
      insertEvents.all(
        newEventId(),
        first.projectId,
        first.type,
        first.data,
        at,
        cause,
        newEventId(),
        second.projectId,
        second.type,
        second.data,
        at,
        cause,
      ) as bigint[]
    ).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    queue.run(at, at, a, first.projectId, subscriptionNeedle(first.type), b, second.projectId, subscriptionNeedle(second.type));
  };
  pairEmitters.set(db, emit);
  return emit;
}

/** An event to record with a change: the project it belongs to, its type, its `data` as JSON text. */
export interface PendingEvent {
  projectId: number;
  type: EventType;
  data: string;
  at: Date;
}

const sqliteStatements = new WeakMap<SqliteDb, Map<string, Statement>>();

/**
 * Runs one statement (written once for both engines with `?` placeholders, as
 * storage/sql.ts takes them) and, when it changed a row, records `event` and
 * runs `then` (statements that go with it, e.g. removing a row's dependants)
 * in the same transaction: all of it or none. For cold paths of capabilities
 * that write through `sqlFor` (domains, keys). Resolves with the number of
 * rows the first statement changed.
 */
export async function runWithEvent(
  database: Database,
  text: string,
  params: readonly unknown[],
  event: PendingEvent | undefined,
  then: readonly SqlStatement[] = [],
): Promise<number> {
  if (database.engine === 'sqlite') {
    const { sqlite: db, writes } = database;
    let statements = sqliteStatements.get(db);
    if (!statements) sqliteStatements.set(db, (statements = new Map()));
    const prepared = (t: string): Statement => {
      let statement = statements.get(t);
      if (!statement) statements.set(t, (statement = db.prepare(t)));
      return statement;
    };
    const first = prepared(text);
    const following = then.map(([t, p]) => [prepared(t), p] as const);
    return writes.run(() => {
      const changes = Number(first.run(...params.map(sqliteParam)).changes);
      if (changes === 0) return 0;
      if (event) sqliteOutbox(db)(event.projectId, event.type, event.data, event.at.getTime());
      for (const [statement, p] of following) statement.run(...p.map(sqliteParam));
      return changes;
    });
  }
  return database.pg.transaction(async (client) => {
    const changes = (await client.query(numbered(text), [...params])).rowCount ?? 0;
    if (changes === 0) return 0;
    if (event) await emitPg(client, event.projectId, event.type, event.data, event.at);
    for (const [t, p] of then) await client.query(numbered(t), [...p]);
    return changes;
  });
}
