import type pg from 'pg';
import type { PostgresDatabase } from '../../storage/database.js';
import type { Sql } from '../../storage/sql.js';
import { StorageUnavailableError } from '../../storage/unavailable.js';
import { budgetExhaustedError, utcDay } from '../delivery/budget.js';
import { eventCause, newEventId } from '../outbox.js';
import type { ClaimedDelivery, ClaimRequest, EventRepository } from './records.js';
import { budgetOf, DUE_ENDPOINTS_LIMIT, EVENT_PROJECT, PG_DUE_ENDPOINTS, toClaimed, type ClaimRow, type DueEndpointRow } from './rows.js';
import type { EngineSpecific } from './shared-queries.js';

/** How many times a webhook endpoint's deletion starts again after meeting a delivery queued or held meanwhile. */
const DELETE_TRIES = 10;

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

/**
 * On PostgreSQL: an endpoint's deletion, a ping and the worker's cycle, each taking its locks in one order so
 * that instances working at once wait for each other instead of deadlocking.
 */
export function postgresEventWrites(database: PostgresDatabase, sql: Sql): Pick<EventRepository, EngineSpecific> {
  const { pg } = database;
  return {
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
        `WITH e AS (INSERT INTO events (id, project_id, type, data, created_at, traceparent) VALUES ($1, $2, 'ping', $3, $4, $6) RETURNING seq)
         INSERT INTO webhook_deliveries (endpoint_id, event_seq, state, attempts, next_at, created_at)
         SELECT $5, e.seq, 'pending', 0, $4, $4 FROM e`,
        [id, projectId, data, at, endpointId, eventCause()],
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
         RETURNING d.id, d.endpoint_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type, e.data, e.created_at, e.traceparent, ${EVENT_PROJECT}`,
      [endpointId, want.now, want.leaseUntil, want.leaseToken, limit, day],
    );
    return res.rows.map(toClaimed);
  }
}
