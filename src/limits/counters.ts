/** The counters the limiter keeps: requests per minute window, per day window, and refused requests per key. */
export type CounterKind = 'minute' | 'day' | 'strikes';

/**
 * How the limiter is counting: `memory` (this process only, by configuration),
 * `redis` (shared by every instance) or `degraded` (Redis is configured but
 * unreachable, so this process counts alone until it returns).
 */
export type LimiterState = 'memory' | 'redis' | 'degraded';

/**
 * Atomic counters that expire by themselves. Keys name their window instance
 * (e.g. `p42:29000000`), so expiry only reclaims storage: the window logic
 * never depends on it.
 */
export interface Counters {
  /** Adds one and returns the new value, atomically: concurrent callers each see a distinct value. */
  increment(kind: CounterKind, key: string): Promise<number>;
  /** The current value, 0 when the counter does not exist. */
  peek(kind: CounterKind, key: string): Promise<number>;
  remove(kind: CounterKind, key: string): Promise<void>;
  /** `increment` without a promise, where counting needs no I/O (memory); absent otherwise. */
  incrementNow?(kind: CounterKind, key: string): number;
  /** `peek` without a promise, with `incrementNow`. */
  peekNow?(kind: CounterKind, key: string): number;
  state(): LimiterState;
  close(): Promise<void>;
}

/**
 * How long a counter is kept after it is created, in seconds: its window plus
 * a margin for clock differences between instances.
 */
export const COUNTER_TTL_SECONDS: Record<CounterKind, number> = {
  minute: 2 * 60,
  day: 25 * 60 * 60,
  strikes: 25 * 60 * 60,
};

/**
 * The library's own limit, never reached: quotas differ per project and can
 * change at any time, so the limiter compares the counts itself.
 */
export const NO_LIBRARY_LIMIT = Number.MAX_SAFE_INTEGER;
