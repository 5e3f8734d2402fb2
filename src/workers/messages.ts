/**
 * The messages between the primary and its workers over the cluster's IPC channel. A worker's question carries
 * an `id` its answer repeats; the primary's own messages to a worker (`forget`) carry one the worker's ack repeats.
 */
export type CounterCall =
  | { op: 'increment' | 'peek' | 'remove'; kind: 'minute' | 'day' | 'strikes'; key: string }
  | { op: 'incrementWindows'; minuteKey: string; dayKey: string; perMinute: number; refused: boolean }
  | { op: 'admitWindows'; minuteKey: string; dayKey: string; perMinute: number; perDay: number; credit?: boolean };

/** The answer to `admitWindows`; with `credit`, a block of units counted for the worker after this request. */
export type AdmitAnswer = { minute: number; day: number; credit?: number } | null;

export type ToPrimary =
  /** Counter calls of one event-loop turn, answered in one `answers` message. */
  | { t: 'counters'; calls: { id: number; call: CounterCall }[] }
  /** Webhook deliveries are waiting: the primary's delivery worker looks now. */
  | { t: 'wake' }
  /** A key changed (banned): every worker drops its cached copy before the answer comes back. */
  | { t: 'forget'; id: number; keyId: string }
  /** The whole server's readiness, for a worker's /readyz. */
  | { t: 'ready'; id: number }
  /** This worker listens. */
  | { t: 'listening' }
  | { t: 'forgotten'; id: number }
  /** Credit units no request used (limits/credits.ts): on the primary's recall (`id`), or unasked when their minute ended. */
  | { t: 'returned'; id?: number; subject: string; minuteKey: string; dayKey: string; units: number };

export type ToWorker =
  | { t: 'answers'; answers: { id: number; value: unknown }[] }
  | { t: 'forget'; id: number; keyId: string }
  | { t: 'done'; id: number; value?: unknown }
  /** The subject's quota is nearly used up: give back its credit and stop using it. */
  | { t: 'recall'; id: number; subject: string };

/** The environment variable a worker is told its number by (1…WORKERS); unset in the primary and a single process. */
export const WORKER_ENV = 'PETSTORE_WORKER';
