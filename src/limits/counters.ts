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
   * Shared versions (Redis only): with `versionKey`, a request the minute admits also marks that version as
   * being written (a write to what the version covers), in the same call: it is not settled from then on for
   * `SETTLE_MS`; `changeVersion` changes it once the write has committed. A version is settled once no write
   * has marked or changed it for `SETTLE_MS`. An
   * instance may hold a read that began at most `SETTLE_MS / 2` before a settled version was read, and give
   * it again while the version is the same (pets/version-cache.ts). A version that never existed, or was lost
   * with Redis's data, starts at a random value; a version read over another connection to Redis than the
   * one before (Redis restarted, perhaps with older data) never equals one read before. An instance may also
   * hold a read that began after the version was read, settled or not (pets/early.ts).
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
   * also that shared version, read in the same call, and whether it is settled; the version is null when
   * none can be trusted (the connection it was read over was lost since).
   */
  admitWindows?(
    minuteKey: string,
    dayKey: string,
    perMinute: number,
    perDay: number,
    versionKey?: string,
  ): Promise<{ minute: number; day: number; version?: string | null; settled?: boolean } | null>;
  /**
   * Changes a shared version now, after a write it covers has committed (the write's answer waits for it):
   * resolves true once changed, false when it could not be (Redis unreachable or too slow). Calls in one turn
   * of the event loop for one version are one change, made after all of them were asked for. Absent where no
   * versions are kept (memory).
   */
  changeVersion?(versionKey: string): Promise<boolean>;
  /**
   * `admitWindows` without a promise, where a request can be counted without I/O for now (a worker's credit,
   * limits/ipc.ts): the new counts, or null having counted nothing (the request then takes the promise path).
   */
  admitWindowsNow?(minuteKey: string, dayKey: string, perMinute: number, perDay: number): { minute: number; day: number } | null;
  /** `increment` without a promise, where counting needs no I/O (memory); absent otherwise. */
  incrementNow?(kind: CounterKind, key: string): number;
  /** `peek` without a promise, with `incrementNow`. */
  peekNow?(kind: CounterKind, key: string): number;
  state(): LimiterState;
  close(): Promise<void>;
}

/**
 * How long after a change a shared version is settled. A version read settled was changed last at least this
 * long before; a read that began less than `SETTLE_MS / 2` before the version was read began after that change
 * (the change after a write's commit), so it sees every write whose change came before.
 */
export const SETTLE_MS = 10_000;

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
