import type { Database } from '../../storage/database.js';
import { sqlFor, type SqlStatement } from '../../storage/sql.js';
import { postgresEventWrites } from './postgres-writes.js';
import { sharedEventQueries } from './shared-queries.js';
import type { EventRepository } from './records.js';
import { sqliteEventWrites } from './sqlite-writes.js';

export type {
  EventRecord,
  EndpointRecord,
  NewEndpoint,
  EndpointChange,
  AttemptRecord,
  DeliveryRecord,
  ClaimedDelivery,
  AttemptOutcome,
  ClaimRequest,
  EventRepository,
} from './records.js';

/** Events and webhooks on either engine; the claim and the completion are written per engine. */
export function openEventRepository(database: Database): EventRepository {
  const sql = sqlFor(database);
  const shared = sharedEventQueries(sql);
  return database.engine === 'sqlite'
    ? { ...shared, ...sqliteEventWrites(database, sql, shared.getEndpoint) }
    : { ...shared, ...postgresEventWrites(database, sql) };
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
