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
  /**
   * Both windows of one request in one call (one round trip where the counters are remote): adds one to
   * the minute counter, then adds one to the day counter when the minute's new count is at most
   * `perMinute` and the request is not `refused`, else reads it; atomically as a whole. Absent where two
   * calls cost no more.
   *
   * Shared versions (Redis only): with `versionKey`, a request the minute admits also changes that version
   * before it is answered (a write to what the version covers), in the same call. A version is settled once
   * no write has changed it for `SETTLE_MS` (redis.ts): every write counted before then has committed. An
   * instance may hold a read made after a settled version was read, and give it again while the version is
   * the same (pets/version-cache.ts). A version that never existed, or was lost with Redis's data, starts
   * at a random value.
   */
  incrementWindows?(
    minuteKey: string,
    dayKey: string,
    perMinute: number,
    refused: boolean,
    versionKey?: string,
  ): Promise<{ minute: number; day: number }>;
  /**
   * Counts a request in both windows only when both are below their quota (then returns the new counts),
   * atomically; otherwise counts nothing and returns null. The limiter's `admitLater`. With `versionKey`,
   * also that shared version, read in the same call: null while it is not settled.
   */
  admitWindows?(
    minuteKey: string,
    dayKey: string,
    perMinute: number,
    perDay: number,
    versionKey?: string,
  ): Promise<{ minute: number; day: number; version?: string | null } | null>;
  /**
   * Changes a shared version without counting a request: for a write made outside the API (a staging reset),
   * before and after it. Absent where no version is kept (memory).
   */
  changeVersion?(versionKey: string): Promise<void>;
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
