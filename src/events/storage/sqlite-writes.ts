import type { SqliteDatabase } from '../../storage/database.js';
import type { Sql } from '../../storage/sql.js';
import { budgetExhaustedError, utcDay } from '../delivery/budget.js';
import { eventCause, newEventId } from '../outbox.js';
import type { ClaimedDelivery, EventRepository } from './records.js';
import { budgetOf, DUE, DUE_ENDPOINTS, DUE_ENDPOINTS_LIMIT, EVENT_PROJECT, toClaimed, type ClaimRow, type DueEndpointRow } from './rows.js';
import type { EngineSpecific } from './shared-queries.js';

/** On SQLite: an endpoint's deletion, a ping and the worker's cycle, each one transaction of prepared statements. */
export function sqliteEventWrites(
  database: SqliteDatabase,
  sql: Sql,
  getEndpoint: EventRepository['getEndpoint'],
): Pick<EventRepository, EngineSpecific> {
  const { sqlite: db, writes } = database;
  const insertPing = db.prepare(
    "INSERT INTO events (id, project_id, type, data, created_at, traceparent) VALUES (?, ?, 'ping', ?, ?, ?) RETURNING seq",
  );
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
      `SELECT d.id, d.endpoint_id, w.url, w.secret, d.attempts, e.id AS event_id, e.type, e.data, e.created_at, e.traceparent, ${EVENT_PROJECT}
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
        const seq = (insertPing.get(id, projectId, data, at.getTime(), eventCause()) as { seq: number }).seq;
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
