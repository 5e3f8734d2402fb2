import type pg from 'pg';
import { isPlan, webhookDeliveryBudget } from '../projects/plans.js';
import type { Environment } from '../http/environments.js';
import { environmentOfRow, slugOfRow } from '../projects/repository.js';
import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time, type SqlStatement } from '../storage/sql.js';
import { StorageUnavailableError } from '../storage/unavailable.js';
import { budgetExhaustedError, utcDay } from './budget.js';
import { newEventId } from './outbox.js';
import { PING, type AttemptStatus } from './types.js';

/** How many times a webhook endpoint's deletion starts again after meeting a delivery queued or held meanwhile. */
const DELETE_TRIES = 10;

export interface EventRecord {
  seq: bigint;
  id: string;
  type: string;
  /** The event's `data` as JSON text (int64 exact). */
  data: string;
  createdAt: Date;
}

export interface EndpointRecord {
  id: number;
  projectId: number;
  url: string;
  /** The subscribed types, or `['*']` for every type. */
  events: string[];
  description: string | null;
  secret: string;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
}

export interface NewEndpoint {
  projectId: number;
  url: string;
  events: string[];
  description: string | null;
  secret: string;
  createdAt: Date;
}

export interface EndpointChange {
  url?: string;
  events?: string[];
  enabled?: boolean;
}

export interface AttemptRecord {
  deliveryId: number;
  eventId: string;
  eventType: string;
  /** The delivery's state now (a later attempt may have succeeded, or it may be due again). */
  deliveryState: 'pending' | 'succeeded' | 'failed';
  attempt: number;
  status: AttemptStatus;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
  at: Date;
}

/** One delivery (an event to an endpoint) with the event sent and its attempts, newest first. */
export interface DeliveryRecord {
  id: number;
  endpointId: number;
  state: 'pending' | 'succeeded' | 'failed';
  event: EventRecord & { project: string; environment: Environment };
  attempts: (AttemptRecord & { response: string | null })[];
}

/** A delivery an instance holds the lease of, with what it needs to send it. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  eventId: string;
  type: string;
  data: string;
  createdAt: Date;
  project: string;
  environment: Environment;
}

/** How an attempt ended and what becomes of its delivery. */
export interface AttemptOutcome {
  deliveryId: number;
  endpointId: number;
  leaseToken: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the receiver's answer, when it answered. */
  response: string | null;
  at: Date;
  /** The delivery's next state: succeeded, failed for good, or pending again at `nextAt`. */
  next: { state: 'succeeded' | 'failed' } | { state: 'pending'; nextAt: Date };
  /** Set when the receiver asked for the endpoint to stop (410). */
  disableEndpoint?: string;
}

/** What the worker may lease in one step. */
export interface ClaimRequest {
  now: Date;
  leaseUntil: Date;
  leaseToken: string;
  /** How many more deliveries of this endpoint the worker may hold now. */
  free: (endpointId: number) => number;
  /** How many deliveries at most in all. */
  limit: number;
}

export interface EventRepository {
  /** Events created at `since` or later, newest first (older ones wait for the hourly purge but are no longer listed). */
  listEvents(projectId: number, type: string | null, beforeSeq: bigint | null, limit: number, since: Date): Promise<EventRecord[]>;
  /** Removes events created before `olderThan`, with their deliveries and attempts; returns how many events. */
  purgeEvents(olderThan: Date): Promise<number>;
  /** Adds the endpoint unless its project already has `limit`: null then. */
  createEndpoint(endpoint: NewEndpoint, limit: number): Promise<EndpointRecord | null>;
  listEndpoints(projectId: number): Promise<EndpointRecord[]>;
  getEndpoint(projectId: number, id: number): Promise<EndpointRecord | null>;
  updateEndpoint(projectId: number, id: number, change: EndpointChange): Promise<EndpointRecord | null>;
  /**
   * Deletes the endpoint with its deliveries and attempts, all at once: an outcome recorded
   * meanwhile for one of them is dropped (see `cycle`).
   */
  deleteEndpoint(projectId: number, id: number): Promise<boolean>;
  /** Whether the endpoint still exists and is enabled (asked right before each attempt). */
  endpointEnabled(id: number): Promise<boolean>;
  /** Records a `ping` event queued for one endpoint only; returns its id. */
  queuePing(projectId: number, endpointId: number, data: string, at: Date): Promise<string>;
  /** The endpoint's attempts, newest first. */
  listAttempts(endpointId: number, limit: number): Promise<AttemptRecord[]>;
  /** The delivery attempts counted against the project's webhook budget of a UTC day (budget.ts `utcDay`). */
  budgetUsed(projectId: number, day: number): Promise<number>;
  /** A delivery of the project with its event and its latest `limit` attempts; null when the project has none such. */
  getDelivery(projectId: number, deliveryId: number, limit: number): Promise<DeliveryRecord | null>;
  /** Makes a delivery of the project due now again; false when the project has no such delivery. */
  retryDelivery(projectId: number, deliveryId: number, now: Date): Promise<boolean>;
  /**
   * One step of the delivery worker, in one transaction: records the attempts
   * that ended (each moves its delivery on only while this instance still
   * holds the lease; the outcome of a delivery deleted meanwhile, with its
   * endpoint, is dropped), gives back the leases of `released` deliveries (not
   * attempted, so no longer counted against their project's budget), then
   * leases due deliveries as `claim` allows. Each lease is counted against its
   * project's webhook budget for the UTC day of `claim.now`; a due delivery
   * beyond the budget is not leased but failed with a `budget_exhausted`
   * attempt (it is sent only if retried on a later day). The
   * transaction is not flushed to disk on its own (SQLite: no fsync;
   * PostgreSQL: synchronous_commit off): losing it to a power failure loses a
   * lease or an outcome, never an event, and the delivery is sent again.
   */
  cycle(
    done: readonly AttemptOutcome[],
    released: readonly number[],
    leaseToken: string,
    claim: ClaimRequest | null,
  ): Promise<ClaimedDelivery[]>;
  /** When the oldest delivery due at `now` became due (null when none is). */
  oldestDue(now: Date): Promise<Date | null>;
}

interface EventRow {
  seq: bigint;
  id: string;
  type: string;
  data: string;
  created_at: bigint | Date;
}

interface EndpointRow {
  id: bigint;
  project_id: bigint;
  url: string;
  events: string;
  description: string | null;
  secret: string;
  enabled: bigint | boolean;
  disabled_reason: string | null;
  created_at: bigint | Date;
}

interface AttemptRow {
  delivery_id: bigint;
  event_id: string;
  event_type: string;
  delivery_state: 'pending' | 'succeeded' | 'failed';
  attempt: bigint;
  status: AttemptStatus;
  http_status: bigint | null;
  duration_ms: bigint;
  error: string | null;
  at: bigint | Date;
}

interface DeliveryRow extends EventRow {
  delivery_id: bigint;
  endpoint_id: bigint;
  state: 'pending' | 'succeeded' | 'failed';
  slug: string;
  environment: Environment;
}

interface ClaimRow {
  id: bigint;
  endpoint_id: bigint;
  url: string;
  secret: string;
  attempts: bigint;
  event_id: string;
  type: string;
  data: string;
  created_at: bigint | Date;
  slug: string;
  environment: Environment;
}

/** An enabled endpoint with deliveries due, and what bounds its project's webhook budget. */
interface DueEndpointRow {
  id: bigint | string;
  project_id: bigint | string;
  plan: string;
  per_day: bigint | string;
}

/** Subscriptions as stored: `*`, or the types between commas (`,a,b,`) so one `instr` finds a type. */
export const storedEvents = (events: readonly string[]): string => (events.includes('*') ? '*' : `,${events.join(',')},`);
const readEvents = (stored: string): string[] => (stored === '*' ? ['*'] : stored.split(',').filter((t) => t !== ''));

const toEvent = (r: EventRow): EventRecord => ({ seq: r.seq, id: r.id, type: r.type, data: r.data, createdAt: time(r.created_at) });
const toEndpoint = (r: EndpointRow): EndpointRecord => ({
  id: int(r.id),
  projectId: int(r.project_id),
  url: r.url,
  events: readEvents(r.events),
  description: r.description,
  secret: r.secret,
  enabled: flag(r.enabled),
  disabledReason: r.disabled_reason,
  createdAt: time(r.created_at),
});
const toAttempt = (r: AttemptRow): AttemptRecord => ({
  deliveryId: int(r.delivery_id),
  eventId: r.event_id,
  eventType: r.event_type,
  deliveryState: r.delivery_state,
  attempt: int(r.attempt),
  status: r.status,
  httpStatus: r.http_status === null ? null : int(r.http_status),
  durationMs: int(r.duration_ms),
  error: r.error,
  at: time(r.at),
});
const toClaimed = (r: ClaimRow): ClaimedDelivery => ({
  id: int(r.id),
  endpointId: int(r.endpoint_id),
  url: r.url,
  secret: r.secret,
  attempt: int(r.attempts),
  eventId: r.event_id,
  type: r.type,
  data: r.data,
  createdAt: time(r.created_at),
  project: r.slug,
  environment: r.environment,
});

/** An event's project `p` as its envelope names it: the project's slug and the environment. */
const EVENT_PROJECT = `${slugOfRow('p')} AS slug, ${environmentOfRow('p')} AS environment`;

const ENDPOINT_COLUMNS = 'id, project_id, url, events, description, secret, enabled, disabled_reason, created_at';
const DUE = "d.state = 'pending' AND d.next_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)";
/**
 * Enabled endpoints with a delivery due and not leased. From the endpoints, each checked on
 * its (endpoint_id, state, next_at) index: a backlog of due deliveries is not scanned.
 */
/** `LIMIT ? + 0`, not `LIMIT ?`: SQLite re-plans a statement whose bare LIMIT is rebound (about 1 ms here). */
/** An endpoint's plan: its project's, a staging row's read from its production row (the plan is the project's). */
const ENDPOINT_PLAN = `SELECT w.id, w.project_id, COALESCE(h.plan, p.plan) AS plan, COALESCE(h.per_day, p.per_day) AS per_day
  FROM webhook_endpoints w JOIN projects p ON p.id = w.project_id LEFT JOIN projects h ON h.id = p.production_id`;
const DUE_ENDPOINTS = `${ENDPOINT_PLAN}
  WHERE w.enabled = ? AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND ${DUE}) LIMIT ? + 0`;
const PG_DUE_ENDPOINTS = `${ENDPOINT_PLAN}
  WHERE w.enabled AND EXISTS (
  SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.state = 'pending' AND d.next_at <= $1
  AND (d.lease_until IS NULL OR d.lease_until < $1)) LIMIT $2`;
/** Endpoints looked at per worker step. */
const DUE_ENDPOINTS_LIMIT = 200;

/** The webhook budget per UTC day of the project of a due endpoint (0 for a plan this version does not know). */
const budgetOf = (r: DueEndpointRow): number => (isPlan(r.plan) ? webhookDeliveryBudget(r.plan, { perDay: Number(r.per_day) }) : 0);

/** A project's count of attempts for a UTC day as a PostgreSQL step found it (`used`) and what the step adds or gives back. */
interface Budget {
  projectId: number;
  day: number;
  used: number;
  change: number;
}

const budgetEntry = (budgets: Map<string, Budget>, projectId: number, day: number): Budget => {
  const key = `${String(projectId)}/${String(day)}`;
  let b = budgets.get(key);
  if (!b) budgets.set(key, (b = { projectId, day, used: 0, change: 0 }));
  return b;
};

/** Fails up to $3 due deliveries of endpoint $1 unsent, each with a `budget_exhausted` attempt saying why ($4). */
const PG_EXHAUST = `WITH due AS (
    SELECT d.id FROM webhook_deliveries d
    WHERE d.endpoint_id = $1 AND d.state = 'pending' AND d.next_at <= $2 AND (d.lease_until IS NULL OR d.lease_until < $2)
    ORDER BY d.next_at, d.id LIMIT $3 FOR UPDATE SKIP LOCKED
  ), failed AS (
    UPDATE webhook_deliveries d SET state = 'failed', next_at = $2 FROM due WHERE d.id = due.id RETURNING d.id, d.endpoint_id, d.attempts
  )
  INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, status, http_status, duration_ms, error, response, attempted_at)
  SELECT id, endpoint_id, attempts + 1, 'budget_exhausted', NULL, 0, $4, NULL, $2 FROM failed`;

const ATTEMPT_COLUMNS = `a.delivery_id, e.id AS event_id, e.type AS event_type, d.state AS delivery_state, a.attempt, a.status,
  a.http_status, a.duration_ms, a.error, a.attempted_at AS at`;
const ATTEMPT_JOINS = 'FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id JOIN events e ON e.seq = d.event_seq';

/** Events and webhooks on either engine; the claim and the completion are written per engine. */
export function openEventRepository(database: Database): EventRepository {
  const sql = sqlFor(database);

  const getEndpoint = async (projectId: number, id: number) => {
    const row = await sql.one<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ? AND project_id = ?`, [
      id,
      projectId,
    ]);
    return row ? toEndpoint(row) : null;
  };

  const common = {
    listEvents: async (projectId: number, type: string | null, beforeSeq: bigint | null, limit: number, since: Date) => {
      const before = beforeSeq ?? 9223372036854775807n;
      const rows =
        type === null
          ? await sql.all<EventRow>(
              `SELECT seq, id, type, data, created_at FROM events
               WHERE project_id = ? AND type <> '${PING}' AND seq < ? AND created_at >= ? ORDER BY seq DESC LIMIT ?`,
              [projectId, before, since, limit],
            )
          : await sql.all<EventRow>(
              `SELECT seq, id, type, data, created_at FROM events
               WHERE project_id = ? AND type = ? AND seq < ? AND created_at >= ? ORDER BY seq DESC LIMIT ?`,
              [projectId, type, before, since, limit],
            );
      return rows.map(toEvent);
    },
    purgeEvents: async (olderThan: Date) => {
      const old = 'SELECT seq FROM events WHERE created_at < ?';
      await sql.run(`DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE event_seq IN (${old}))`, [
        olderThan,
      ]);
      await sql.run(`DELETE FROM webhook_deliveries WHERE event_seq IN (${old})`, [olderThan]);
      await sql.run('DELETE FROM webhook_budget WHERE utc_day < ?', [utcDay(olderThan.getTime())]);
      return sql.run('DELETE FROM events WHERE created_at < ?', [olderThan]);
    },
    createEndpoint: async (e: NewEndpoint, limit: number) => {
      const row = await sql.insertCapped<EndpointRow>({
        parent: { table: 'projects', id: e.projectId },
        count: ['SELECT COUNT(*) AS n FROM webhook_endpoints WHERE project_id = ?', [e.projectId]],
        limit,
        insert: [
          `INSERT INTO webhook_endpoints (project_id, url, events, description, secret, enabled, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${ENDPOINT_COLUMNS}`,
          [e.projectId, e.url, storedEvents(e.events), e.description, e.secret, true, e.createdAt],
        ],
      });
      if (row === 'at_limit') return null;
      if (!row) throw new Error('the webhook endpoint was not returned after it was created');
      return toEndpoint(row);
    },
    listEndpoints: async (projectId: number) =>
      (await sql.all<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE project_id = ? ORDER BY id`, [projectId])).map(
        toEndpoint,
      ),
    getEndpoint,
    updateEndpoint: async (projectId: number, id: number, change: EndpointChange) => {
      const current = await getEndpoint(projectId, id);
      if (!current) return null;
      const enabled = change.enabled ?? current.enabled;
      await sql.run('UPDATE webhook_endpoints SET url = ?, events = ?, enabled = ?, disabled_reason = ? WHERE id = ? AND project_id = ?', [
        change.url ?? current.url,
        storedEvents(change.events ?? current.events),
        enabled,
        enabled ? null : change.enabled === false ? 'disabled by a person' : current.disabledReason,
        id,
        projectId,
      ]);
      return getEndpoint(projectId, id);
    },
    endpointEnabled: async (id: number) => {
      const row = await sql.one<{ enabled: bigint | boolean }>('SELECT enabled FROM webhook_endpoints WHERE id = ?', [id]);
      return row !== null && flag(row.enabled);
    },
    listAttempts: async (endpointId: number, limit: number) =>
      (
        await sql.all<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} ${ATTEMPT_JOINS} WHERE a.endpoint_id = ? ORDER BY a.id DESC LIMIT ?`, [
          endpointId,
          limit,
        ])
      ).map(toAttempt),
    budgetUsed: async (projectId: number, day: number) => {
      const row = await sql.one<{ used: bigint }>('SELECT used FROM webhook_budget WHERE project_id = ? AND utc_day = ?', [projectId, day]);
      return row ? int(row.used) : 0;
    },
    getDelivery: async (projectId: number, deliveryId: number, limit: number): Promise<DeliveryRecord | null> => {
      const row = await sql.one<DeliveryRow>(
        `SELECT d.id AS delivery_id, d.endpoint_id, d.state, e.seq, e.id, e.type, e.data, e.created_at, ${EVENT_PROJECT}
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.seq = d.event_seq
         JOIN projects p ON p.id = w.project_id
         WHERE d.id = ? AND w.project_id = ?`,
        [deliveryId, projectId],
      );
      if (!row) return null;
      const attempts = await sql.all<AttemptRow & { response: string | null }>(
        `SELECT ${ATTEMPT_COLUMNS}, a.response ${ATTEMPT_JOINS} WHERE a.delivery_id = ? ORDER BY a.id DESC LIMIT ?`,
        [deliveryId, limit],
      );
      return {
        id: int(row.delivery_id),
        endpointId: int(row.endpoint_id),
        state: row.state,
        event: { ...toEvent(row), project: row.slug, environment: row.environment },
        attempts: attempts.map((a) => ({ ...toAttempt(a), response: a.response })),
      };
    },
    retryDelivery: async (projectId: number, deliveryId: number, now: Date) =>
      (await sql.run(
        `UPDATE webhook_deliveries SET state = 'pending', next_at = ?
         WHERE id = ? AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE project_id = ?)`,
        [now, deliveryId, projectId],
      )) > 0,
    oldestDue: async (now: Date) => {
      // Each enabled endpoint's earliest waiting delivery, the first entry of its range of the due
      // index, rather than every waiting delivery: a backlog is not scanned at each scrape.
      const row = await sql.one<{ next_at: bigint | Date | null }>(
        `SELECT MIN(t.first_at) AS next_at FROM (
           SELECT (SELECT d.next_at FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.state = 'pending'
                   ORDER BY d.next_at LIMIT 1) AS first_at
           FROM webhook_endpoints w WHERE w.enabled = ?
         ) t WHERE t.first_at <= ?`,
        [true, now],
      );
      return row?.next_at == null ? null : time(row.next_at);
    },
  };

  if (database.engine === 'sqlite') {
    const { sqlite: db, writes } = database;
    const insertPing = db.prepare("INSERT INTO events (id, project_id, type, data, created_at) VALUES (?, ?, 'ping', ?, ?) RETURNING seq");
    const insertDelivery = db.prepare(
      "INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at) VALUES (?, ?, 'pending', 0, ?, ?)",
    );
    const dueEndpoints = db.prepare(DUE_ENDPOINTS).safeIntegers(true);
    const dueOf = db
      .prepare(`SELECT d.id FROM webhook_deliveries d WHERE d.endpoint_id = ? AND ${DUE} ORDER BY d.next_at, d.id LIMIT ? + 0`)
      .pluck()
      .safeIntegers(true);
    const lease = db.prepare(
      'UPDATE webhook_deliveries SET lease_until = ?, lease_token = ?, budget_day = ?, attempts = attempts + 1 WHERE id = ?',
    );
    const claimed = db
      .prepare(
        `SELECT d.id, d.endpoint_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type, e.data, e.created_at, ${EVENT_PROJECT}
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
         JOIN events e ON e.seq = d.event_seq JOIN projects p ON p.id = e.project_id
         WHERE d.id = ?`,
      )
      .safeIntegers(true);
    const settle = db.prepare(
      'UPDATE webhook_deliveries SET state = ?, next_at = ?, lease_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?',
    );
    // Only while the delivery exists: its endpoint may have been deleted during the attempt.
    const insertAttempt = db.prepare(
      `INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, status, http_status, duration_ms, error, response, attempted_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ?)`,
    );
    const disable = db.prepare('UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ? WHERE id = ?');
    const release = db
      .prepare(
        `UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL, attempts = attempts - 1 WHERE id = ? AND lease_token = ?
         RETURNING endpoint_id, budget_day`,
      )
      .safeIntegers(true);
    const budgetUsed = db.prepare('SELECT used FROM webhook_budget WHERE project_id = ? AND utc_day = ?').pluck().safeIntegers(true);
    const count = db.prepare(
      `INSERT INTO webhook_budget (project_id, utc_day, used) VALUES (?, ?, ?)
       ON CONFLICT (project_id, utc_day) DO UPDATE SET used = used + excluded.used`,
    );
    const refund = db.prepare(
      'UPDATE webhook_budget SET used = MAX(used - 1, 0) WHERE utc_day = ? AND project_id = (SELECT project_id FROM webhook_endpoints WHERE id = ?)',
    );
    const exhaust = db
      .prepare("UPDATE webhook_deliveries SET state = 'failed', next_at = ? WHERE id = ? RETURNING attempts")
      .pluck()
      .safeIntegers(true);
    return {
      ...common,
      deleteEndpoint: async (projectId, id) => {
        if (!(await getEndpoint(projectId, id))) return false;
        const [, , removed] = await sql.runAll([
          ['DELETE FROM webhook_attempts WHERE endpoint_id = ?', [id]],
          ['DELETE FROM webhook_deliveries WHERE endpoint_id = ?', [id]],
          ['DELETE FROM webhook_endpoints WHERE id = ? AND project_id = ?', [id, projectId]],
        ]);
        return (removed ?? 0) > 0;
      },
      queuePing: (projectId, endpointId, data, at) =>
        writes.run(() => {
          const id = newEventId();
          const seq = (insertPing.get(id, projectId, data, at.getTime()) as { seq: number }).seq;
          insertDelivery.run(endpointId, seq, at.getTime(), at.getTime());
          return id;
        }),
      cycle: (done, released, leaseToken, want) =>
        writes.run(
          () => {
            for (const id of released) {
              const given = release.get(id, leaseToken) as { endpoint_id: bigint; budget_day: bigint | null } | undefined;
              if (given?.budget_day != null) refund.run(given.budget_day, given.endpoint_id);
            }
            for (const o of done) {
              const nextAt = o.next.state === 'pending' ? o.next.nextAt.getTime() : o.at.getTime();
              settle.run(o.next.state, nextAt, o.deliveryId, o.leaseToken);
              insertAttempt.run(
                o.deliveryId,
                o.endpointId,
                o.attempt,
                o.status,
                o.httpStatus,
                o.durationMs,
                o.error,
                o.response,
                o.at.getTime(),
                o.deliveryId,
              );
              if (o.disableEndpoint !== undefined) disable.run(o.disableEndpoint, o.endpointId);
            }
            const out: ClaimedDelivery[] = [];
            if (!want) return out;
            const now = want.now.getTime();
            const until = want.leaseUntil.getTime();
            const today = utcDay(now);
            // What is left of each project's budget today, and how many of it this step leases.
            const left = new Map<number, number>();
            const counted = new Map<number, number>();
            const leftOf = (projectId: number, budget: number) =>
              left.get(projectId) ?? Math.max(0, budget - Number(budgetUsed.get(projectId, today) ?? 0));
            for (const due of dueEndpoints.all(1, now, now, DUE_ENDPOINTS_LIMIT) as DueEndpointRow[]) {
              const endpointId = Number(due.id);
              const projectId = Number(due.project_id);
              const n = Math.min(want.free(endpointId), want.limit - out.length);
              if (n <= 0) continue;
              const budget = budgetOf(due);
              const ids = dueOf.all(endpointId, now, now, n) as bigint[];
              const available = leftOf(projectId, budget);
              const granted = Math.min(ids.length, available);
              ids.forEach((id, i) => {
                if (i < granted) {
                  lease.run(until, want.leaseToken, today, id);
                  out.push(toClaimed(claimed.get(id) as ClaimRow));
                  return;
                }
                const attempts = exhaust.get(now, id) as bigint;
                insertAttempt.run(
                  id,
                  endpointId,
                  attempts + 1n,
                  'budget_exhausted',
                  null,
                  0,
                  budgetExhaustedError(budget, today),
                  null,
                  now,
                  id,
                );
              });
              left.set(projectId, available - granted);
              counted.set(projectId, (counted.get(projectId) ?? 0) + granted);
              if (out.length >= want.limit) break;
            }
            for (const [projectId, n] of counted) if (n > 0) count.run(projectId, today, n);
            return out;
          },
          { durable: false },
        ),
    };
  }

  const { pg } = database;
  return {
    ...common,
    deleteEndpoint: async (projectId, id) => {
      // Disabled first, on its own: events from then on queue nothing for it and no attempt starts.
      if ((await sql.run('UPDATE webhook_endpoints SET enabled = ? WHERE id = ? AND project_id = ?', [false, id, projectId])) === 0)
        return false;
      for (let tries = 1; ; tries++) {
        try {
          return await pg.transaction(async (client) => {
            // Locked in id order, as `cycle` locks the deliveries whose outcomes it records: one waits for the other.
            await client.query('SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id FOR UPDATE', [id]);
            await client.query('DELETE FROM webhook_attempts WHERE endpoint_id = $1', [id]);
            await client.query('DELETE FROM webhook_deliveries WHERE endpoint_id = $1', [id]);
            return (
              ((await client.query('DELETE FROM webhook_endpoints WHERE id = $1 AND project_id = $2', [id, projectId])).rowCount ?? 0) > 0
            );
          });
        } catch (err) {
          // An event that read the endpoint before it was disabled queued a delivery meanwhile (23503), or the
          // worker's step held what this waits for (40P01): start again, which deletes that delivery too. The
          // endpoint is already disabled, so this ends; past the bound the client is told to retry (503).
          const code = (err as { code?: string }).code;
          if (code !== '23503' && code !== '40P01') throw err;
          if (tries >= DELETE_TRIES) throw new StorageUnavailableError(err);
        }
      }
    },
    queuePing: async (projectId, endpointId, data, at) => {
      const id = newEventId();
      await pg.query(
        `WITH e AS (INSERT INTO events (id, project_id, type, data, created_at) VALUES ($1, $2, 'ping', $3, $4) RETURNING seq)
         INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at)
         SELECT $5, e.seq, 'pending', 0, $4, $4 FROM e`,
        [id, projectId, data, at, endpointId],
      );
      return id;
    },
    cycle: (done, released, leaseToken, want) =>
      pg.transaction(async (client) => {
        // Not waiting for the WAL flush: a lost lease or outcome only means the delivery is sent again.
        await client.query('SET LOCAL synchronous_commit TO OFF');
        // The budget rows this step changes: attempts given back unsent are no longer counted against the day
        // their lease was counted on; those leased now are counted against today.
        const budgets = new Map<string, Budget>();
        if (released.length > 0) {
          const given = await client.query<{ project_id: string; budget_day: string | null }>(
            `UPDATE webhook_deliveries d SET lease_until = NULL, lease_token = NULL, attempts = d.attempts - 1
             FROM webhook_endpoints w
             WHERE d.id = ANY($1::bigint[]) AND d.lease_token = $2 AND w.id = d.endpoint_id
             RETURNING w.project_id, d.budget_day`,
            [released, leaseToken],
          );
          for (const r of given.rows) {
            if (r.budget_day === null) continue;
            budgetEntry(budgets, Number(r.project_id), Number(r.budget_day)).change--;
          }
        }
        if (done.length > 0) {
          // The deliveries still there, locked (in id order, as deleteEndpoint locks them): the outcome of one
          // deleted with its endpoint during the attempt is dropped, and none is deleted before this commits.
          const live = await client.query<{ id: string }>(
            'SELECT id FROM webhook_deliveries WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
            [done.map((o) => o.deliveryId)],
          );
          const kept = new Set(live.rows.map((r) => Number(r.id)));
          done = done.filter((o) => kept.has(o.deliveryId));
        }
        if (done.length > 0) {
          // Every outcome in two statements, whatever their number.
          await client.query(
            `UPDATE webhook_deliveries d SET state = o.state, next_at = o.next_at, lease_until = NULL, lease_token = NULL
             FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS o(id, state, next_at)
             WHERE d.id = o.id AND d.lease_token = $4`,
            [
              done.map((o) => o.deliveryId),
              done.map((o) => o.next.state),
              done.map((o) => (o.next.state === 'pending' ? o.next.nextAt : o.at)),
              leaseToken,
            ],
          );
          await client.query(
            `INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, status, http_status, duration_ms, error, response, attempted_at)
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::timestamptz[])`,
            [
              done.map((o) => o.deliveryId),
              done.map((o) => o.endpointId),
              done.map((o) => o.attempt),
              done.map((o) => o.status),
              done.map((o) => o.httpStatus),
              done.map((o) => o.durationMs),
              done.map((o) => o.error),
              done.map((o) => o.response),
              done.map((o) => o.at),
            ],
          );
          for (const o of done) {
            if (o.disableEndpoint === undefined) continue;
            await client.query('UPDATE webhook_endpoints SET enabled = false, disabled_reason = $1 WHERE id = $2', [
              o.disableEndpoint,
              o.endpointId,
            ]);
          }
        }
        const out: ClaimedDelivery[] = [];
        const due = want ? (await client.query<DueEndpointRow>(PG_DUE_ENDPOINTS, [want.now, DUE_ENDPOINTS_LIMIT])).rows : [];
        const today = want ? utcDay(want.now.getTime()) : 0;
        for (const row of due) budgetEntry(budgets, Number(row.project_id), today);
        if (budgets.size === 0) return out;
        await lockBudgets(client, budgets);
        if (want) {
          for (const row of due) {
            const endpointId = Number(row.id);
            const n = Math.min(want.free(endpointId), want.limit - out.length);
            if (n <= 0) continue;
            const budget = budgetOf(row);
            const b = budgetEntry(budgets, Number(row.project_id), today);
            const available = Math.max(0, budget - (b.used + b.change));
            const leased = available > 0 ? await claimPg(client, endpointId, want, Math.min(n, available), today) : [];
            out.push(...leased);
            b.change += leased.length;
            // Due beyond the budget: not sent today (those another instance holds locked are its to judge).
            if (leased.length === available && available < n) {
              await client.query(PG_EXHAUST, [endpointId, want.now, n - available, budgetExhaustedError(budget, today)]);
            }
            if (out.length >= want.limit) break;
          }
        }
        await saveBudgets(client, budgets);
        return out;
      }),
  };

  /**
   * Locks the budget rows of a step (created at 0 when missing), in (project, day) order as every step locks
   * them, so that instances counting at once wait for each other instead of deadlocking; reads their counts.
   */
  async function lockBudgets(client: pg.PoolClient, budgets: Map<string, Budget>): Promise<void> {
    const keys = [...budgets.values()].sort((a, b) => a.projectId - b.projectId || a.day - b.day);
    const locked = await client.query<{ project_id: string; utc_day: string; used: string }>(
      `INSERT INTO webhook_budget (project_id, utc_day, used)
       SELECT k.p, k.d, 0 FROM unnest($1::bigint[], $2::bigint[]) AS k(p, d) ORDER BY k.p, k.d
       ON CONFLICT (project_id, utc_day) DO UPDATE SET used = webhook_budget.used
       RETURNING project_id, utc_day, used`,
      [keys.map((k) => k.projectId), keys.map((k) => k.day)],
    );
    for (const r of locked.rows) budgetEntry(budgets, Number(r.project_id), Number(r.utc_day)).used = Number(r.used);
  }

  async function saveBudgets(client: pg.PoolClient, budgets: Map<string, Budget>): Promise<void> {
    const changed = [...budgets.values()].filter((b) => b.change !== 0);
    if (changed.length === 0) return;
    await client.query(
      `UPDATE webhook_budget b SET used = GREATEST(b.used + u.change, 0)
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS u(p, d, change)
       WHERE b.project_id = u.p AND b.utc_day = u.d`,
      [changed.map((b) => b.projectId), changed.map((b) => b.day), changed.map((b) => b.change)],
    );
  }

  async function claimPg(
    client: pg.PoolClient,
    endpointId: number,
    want: ClaimRequest,
    limit: number,
    day: number,
  ): Promise<ClaimedDelivery[]> {
    // SKIP LOCKED: instances claiming at once each take other rows; the lease keeps them after the commit.
    const res = await client.query<ClaimRow>(
      `WITH due AS (
           SELECT d.id FROM webhook_deliveries d
           WHERE d.endpoint_id = $1 AND d.state = 'pending' AND d.next_at <= $2 AND (d.lease_until IS NULL OR d.lease_until < $2)
           ORDER BY d.next_at, d.id LIMIT $5 FOR UPDATE SKIP LOCKED
         )
         UPDATE webhook_deliveries d SET lease_until = $3, lease_token = $4, budget_day = $6, attempts = d.attempts + 1
         FROM due, webhook_endpoints w, events e, projects p
         WHERE d.id = due.id AND w.id = d.endpoint_id AND e.seq = d.event_seq AND p.id = e.project_id
         RETURNING d.id, d.endpoint_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type, e.data, e.created_at, ${EVENT_PROJECT}`,
      [endpointId, want.now, want.leaseUntil, want.leaseToken, limit, day],
    );
    return res.rows.map(toClaimed);
  }
}

/**
 * Empties one project row of its events and their deliveries and attempts (a staging reset: staging/service.ts).
 * Its webhook endpoints stay, and so does its webhook budget of the day (a reset does not give attempts back).
 */
export const clearEvents = (projectId: number): SqlStatement[] => {
  const deliveries = 'SELECT d.id FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq WHERE e.project_id = ?';
  return [
    [`DELETE FROM webhook_attempts WHERE delivery_id IN (${deliveries})`, [projectId]],
    ['DELETE FROM webhook_deliveries WHERE event_seq IN (SELECT seq FROM events WHERE project_id = ?)', [projectId]],
    ['DELETE FROM events WHERE project_id = ?', [projectId]],
  ];
};
