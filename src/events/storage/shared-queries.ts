import { flag, int, time, type Sql } from '../../storage/sql.js';
import { utcDay } from '../delivery/budget.js';
import type { DeliveryRecord, EndpointChange, EventRepository, NewEndpoint } from './records.js';
import {
  ATTEMPT_COLUMNS,
  ATTEMPT_JOINS,
  ENDPOINT_COLUMNS,
  EVENT_PROJECT,
  storedEvents,
  toAttempt,
  toEndpoint,
  toEvent,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
  type EventRow,
} from './rows.js';
import { PING } from '../types.js';

/** What each engine writes its own way: an endpoint's deletion, a ping, and the worker's cycle. */
export type EngineSpecific = 'deleteEndpoint' | 'queuePing' | 'cycle';

/** The statements the same on both engines: events and endpoints listed and changed, attempts, deliveries, the due time. */
export function sharedEventQueries(sql: Sql): Omit<EventRepository, EngineSpecific> {
  const getEndpoint = async (projectId: number, id: number) => {
    const row = await sql.one<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ? AND project_id = ?`, [
      id,
      projectId,
    ]);
    return row ? toEndpoint(row) : null;
  };

  return {
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
}
