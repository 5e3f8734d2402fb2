import type pg from 'pg';
import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time } from '../storage/sql.js';
import { StorageUnavailableError } from '../storage/unavailable.js';
import { newEventId } from './outbox.js';
import { PING } from './types.js';

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
  status: 'succeeded' | 'failed';
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
  event: EventRecord & { project: string };
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
  createEndpoint(endpoint: NewEndpoint): Promise<EndpointRecord>;
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
  /** A delivery of the project with its event and its latest `limit` attempts; null when the project has none such. */
  getDelivery(projectId: number, deliveryId: number, limit: number): Promise<DeliveryRecord | null>;
  /** Makes a delivery of the project due now again; false when the project has no such delivery. */
  retryDelivery(projectId: number, deliveryId: number, now: Date): Promise<boolean>;
  /**
   * One step of the delivery worker, in one transaction: records the attempts
   * that ended (each moves its delivery on only while this instance still
   * holds the lease; the outcome of a delivery deleted meanwhile, with its
   * endpoint, is dropped), gives back the leases of `released` deliveries (not
   * attempted), then leases due deliveries as `claim` allows. The
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
  status: 'succeeded' | 'failed';
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
});

const ENDPOINT_COLUMNS = 'id, project_id, url, events, description, secret, enabled, disabled_reason, created_at';
const DUE = "d.state = 'pending' AND d.next_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)";
/**
 * Enabled endpoints with a delivery due and not leased. From the endpoints, each checked on
 * its (endpoint_id, state, next_at) index: a backlog of due deliveries is not scanned.
 */
/** `LIMIT ? + 0`, not `LIMIT ?`: SQLite re-plans a statement whose bare LIMIT is rebound (about 1 ms here). */
const DUE_ENDPOINTS = `SELECT w.id FROM webhook_endpoints w
  WHERE w.enabled = ? AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND ${DUE}) LIMIT ? + 0`;
const PG_DUE_ENDPOINTS = `SELECT w.id FROM webhook_endpoints w WHERE w.enabled AND EXISTS (
  SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.state = 'pending' AND d.next_at <= $1
  AND (d.lease_until IS NULL OR d.lease_until < $1)) LIMIT $2`;
/** Endpoints looked at per worker step. */
const DUE_ENDPOINTS_LIMIT = 200;

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
      return sql.run('DELETE FROM events WHERE created_at < ?', [olderThan]);
    },
    createEndpoint: async (e: NewEndpoint) => {
      const row = await sql.one<EndpointRow>(
        `INSERT INTO webhook_endpoints (project_id, url, events, description, secret, enabled, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${ENDPOINT_COLUMNS}`,
        [e.projectId, e.url, storedEvents(e.events), e.description, e.secret, true, e.createdAt],
      );
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
    getDelivery: async (projectId: number, deliveryId: number, limit: number): Promise<DeliveryRecord | null> => {
      const row = await sql.one<DeliveryRow>(
        `SELECT d.id AS delivery_id, d.endpoint_id, d.state, e.seq, e.id, e.type, e.data, e.created_at, p.slug
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
        event: { ...toEvent(row), project: row.slug },
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
    const dueEndpoints = db.prepare(DUE_ENDPOINTS).pluck().safeIntegers(true);
    const dueOf = db
      .prepare(`SELECT d.id FROM webhook_deliveries d WHERE d.endpoint_id = ? AND ${DUE} ORDER BY d.next_at, d.id LIMIT ? + 0`)
      .pluck()
      .safeIntegers(true);
    const lease = db.prepare('UPDATE webhook_deliveries SET lease_until = ?, lease_token = ?, attempts = attempts + 1 WHERE id = ?');
    const claimed = db
      .prepare(
        `SELECT d.id, d.endpoint_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type, e.data, e.created_at, p.slug
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
    const release = db.prepare(
      'UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL, attempts = attempts - 1 WHERE id = ? AND lease_token = ?',
    );
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
            for (const id of released) release.run(id, leaseToken);
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
            for (const endpointId of dueEndpoints.all(1, now, now, DUE_ENDPOINTS_LIMIT) as bigint[]) {
              const n = Math.min(want.free(Number(endpointId)), want.limit - out.length);
              if (n <= 0) continue;
              for (const id of dueOf.all(endpointId, now, now, n) as bigint[]) {
                lease.run(until, want.leaseToken, id);
                out.push(toClaimed(claimed.get(id) as ClaimRow));
              }
              if (out.length >= want.limit) break;
            }
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
        if (released.length > 0) {
          await client.query(
            `UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL, attempts = attempts - 1
             WHERE id = ANY($1::bigint[]) AND lease_token = $2`,
            [released, leaseToken],
          );
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
        if (!want) return out;
        const due = await client.query<{ id: string | number }>(PG_DUE_ENDPOINTS, [want.now, DUE_ENDPOINTS_LIMIT]);
        for (const row of due.rows) {
          const endpointId = Number(row.id);
          const n = Math.min(want.free(endpointId), want.limit - out.length);
          if (n <= 0) continue;
          out.push(...(await claimPg(client, endpointId, want.now, want.leaseUntil, want.leaseToken, n)));
          if (out.length >= want.limit) break;
        }
        return out;
      }),
  };

  async function claimPg(
    client: pg.PoolClient,
    endpointId: number,
    now: Date,
    leaseUntil: Date,
    leaseToken: string,
    limit: number,
  ): Promise<ClaimedDelivery[]> {
    // SKIP LOCKED: instances claiming at once each take other rows; the lease keeps them after the commit.
    const res = await client.query<ClaimRow>(
      `WITH due AS (
           SELECT d.id FROM webhook_deliveries d
           WHERE d.endpoint_id = $1 AND d.state = 'pending' AND d.next_at <= $2 AND (d.lease_until IS NULL OR d.lease_until < $2)
           ORDER BY d.next_at, d.id LIMIT $5 FOR UPDATE SKIP LOCKED
         )
         UPDATE webhook_deliveries d SET lease_until = $3, lease_token = $4, attempts = d.attempts + 1
         FROM due, webhook_endpoints w, events e, projects p
         WHERE d.id = due.id AND w.id = d.endpoint_id AND e.seq = d.event_seq AND p.id = e.project_id
         RETURNING d.id, d.endpoint_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type, e.data, e.created_at, p.slug`,
      [endpointId, now, leaseUntil, leaseToken, limit],
    );
    return res.rows.map(toClaimed);
  }
}
