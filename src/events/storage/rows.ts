import { isPlan, webhookDeliveryBudget } from '../../projects/plans.js';
import type { Environment } from '../../http/pipeline/environments.js';
import { environmentOfRow, slugOfRow } from '../../projects/repository.js';
import { flag, int, time } from '../../storage/sql.js';
import type { AttemptRecord, ClaimedDelivery, EndpointRecord, EventRecord } from './records.js';
import type { AttemptStatus } from '../types.js';

export interface EventRow {
  seq: bigint;
  id: string;
  type: string;
  data: string;
  created_at: bigint | Date;
}

export interface EndpointRow {
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

export interface AttemptRow {
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

export interface DeliveryRow extends EventRow {
  delivery_id: bigint;
  endpoint_id: bigint;
  state: 'pending' | 'succeeded' | 'failed';
  slug: string;
  environment: Environment;
}

export interface ClaimRow {
  id: bigint;
  endpoint_id: bigint;
  url: string;
  secret: string;
  attempts: bigint;
  event_id: string;
  type: string;
  data: string;
  created_at: bigint | Date;
  traceparent: string | null;
  slug: string;
  environment: Environment;
}

/** An enabled endpoint with deliveries due, and what bounds its project's webhook budget. */
export interface DueEndpointRow {
  id: bigint | string;
  project_id: bigint | string;
  plan: string;
  per_day: bigint | string;
}

/** Subscriptions as stored: `*`, or the types between commas (`,a,b,`) so one `instr` finds a type. */
export const storedEvents = (events: readonly string[]): string => (events.includes('*') ? '*' : `,${events.join(',')},`);
export const readEvents = (stored: string): string[] => (stored === '*' ? ['*'] : stored.split(',').filter((t) => t !== ''));

export const toEvent = (r: EventRow): EventRecord => ({ seq: r.seq, id: r.id, type: r.type, data: r.data, createdAt: time(r.created_at) });
export const toEndpoint = (r: EndpointRow): EndpointRecord => ({
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
export const toAttempt = (r: AttemptRow): AttemptRecord => ({
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
export const toClaimed = (r: ClaimRow): ClaimedDelivery => ({
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
  cause: r.traceparent,
});

/** An event's project `p` as its envelope names it: the project's slug and the environment. */
export const EVENT_PROJECT = `${slugOfRow('p')} AS slug, ${environmentOfRow('p')} AS environment`;

export const ENDPOINT_COLUMNS = 'id, project_id, url, events, description, secret, enabled, disabled_reason, created_at';
export const DUE = "d.state = 'pending' AND d.next_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)";
/**
 * Enabled endpoints with a delivery due and not leased. From the endpoints, each checked on
 * its (endpoint_id, state, next_at) index: a backlog of due deliveries is not scanned.
 */
/** `LIMIT ? + 0`, not `LIMIT ?`: SQLite re-plans a statement whose bare LIMIT is rebound (about 1 ms here). */
/** An endpoint's plan: its project's, a staging row's read from its production row (the plan is the project's). */
export const ENDPOINT_PLAN = `SELECT w.id, w.project_id, COALESCE(h.plan, p.plan) AS plan, COALESCE(h.per_day, p.per_day) AS per_day
  FROM webhook_endpoints w JOIN projects p ON p.id = w.project_id LEFT JOIN projects h ON h.id = p.production_id`;
export const DUE_ENDPOINTS = `${ENDPOINT_PLAN}
  WHERE w.enabled = ? AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND ${DUE}) LIMIT ? + 0`;
export const PG_DUE_ENDPOINTS = `${ENDPOINT_PLAN}
  WHERE w.enabled AND EXISTS (
  SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.state = 'pending' AND d.next_at <= $1
  AND (d.lease_until IS NULL OR d.lease_until < $1)) LIMIT $2`;
/** Endpoints looked at per worker step. */
export const DUE_ENDPOINTS_LIMIT = 200;

/** The webhook budget per UTC day of the project of a due endpoint (0 for a plan this version does not know). */
export const budgetOf = (r: DueEndpointRow): number => (isPlan(r.plan) ? webhookDeliveryBudget(r.plan, { perDay: Number(r.per_day) }) : 0);

export const ATTEMPT_COLUMNS = `a.delivery_id, e.id AS event_id, e.type AS event_type, d.state AS delivery_state, a.attempt, a.status,
  a.http_status, a.duration_ms, a.error, a.attempted_at AS at`;
export const ATTEMPT_JOINS =
  'FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id JOIN events e ON e.seq = d.event_seq';
