import type { Environment } from '../../http/pipeline/environments.js';
import type { AttemptStatus } from '../types.js';

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
  /** The `traceparent` of the span that caused its event (events.traceparent), or null. */
  cause?: string | null;
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
