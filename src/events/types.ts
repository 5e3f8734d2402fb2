/** Every event type a webhook endpoint can subscribe to (docs/webhooks.md). */
export const EVENT_TYPES = [
  'pet.created',
  'pet.status_changed',
  'order.placed',
  'order.approved',
  'order.delivered',
  'order.cancelled',
  'deploy.ready',
  'deploy.failed',
  'deploy.promoted',
  'domain.verified',
  'domain.failed',
  'domain.removed',
  'certificate.issued',
  'certificate.failed',
  'key.banned',
  'api.deprecated_call',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What `POST …/webhooks/{id}/test` sends: delivered to that endpoint only, never listed with the events. */
export const PING = 'ping';

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/**
 * How an attempt ended: the receiver answered 2xx in time, or not; or it was not sent because the project's
 * webhook budget for the day was spent (budget.ts).
 */
export type AttemptStatus = 'succeeded' | 'failed' | 'budget_exhausted';

/** Events are listed and delivered for this long, then removed. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
