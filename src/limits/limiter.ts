import type { Quota } from '../projects/plans.js';
import type { Counters } from './counters.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export type WindowName = 'minute' | 'day';

/** The outcome of counting one request, and the window its headers describe. */
export interface Verdict {
  allowed: boolean;
  /** The window with the fewest requests remaining; on a tie, the one that ends later. */
  window: WindowName;
  /** Which instance of that window (minutes or days since the Unix epoch). */
  windowIndex: number;
  limit: number;
  remaining: number;
  /** When that window ends, in Unix seconds. */
  reset: number;
  /** Whole seconds until it ends, at least 1. */
  resetIn: number;
}

/**
 * Fixed windows aligned to the clock in UTC: a minute starts at second :00, a
 * day at 00:00. The counters are keyed by window instance (computed from the
 * injected clock), so a quota is exact however the requests are timed and the
 * clock can be moved in tests; the store only needs an atomic increment.
 */
export class RateLimiter {
  constructor(readonly counters: Counters) {}

  /**
   * Counts one request of `subject` against `quota` at `now`. A request that
   * the minute window refuses (or that is refused anyway, `refused`) is not
   * counted in the day window, so bursts never use up the day's quota.
   */
  async hit(subject: string, quota: Quota, now: number, refused = false, versionKey?: string): Promise<Verdict> {
    const { minuteKey, dayKey } = this.windowKeys(subject, now);
    if (this.counters.incrementWindows) {
      const counts = await this.counters.incrementWindows(minuteKey, dayKey, quota.perMinute, refused, versionKey);
      return verdictOf(quota, now, counts.minute, counts.day, !refused && counts.minute <= quota.perMinute);
    }
    const minuteCount = await this.counters.increment('minute', minuteKey);
    const minuteAllows = !refused && minuteCount <= quota.perMinute;
    const dayCount = minuteAllows ? await this.counters.increment('day', dayKey) : await this.counters.peek('day', dayKey);
    return verdictOf(quota, now, minuteCount, dayCount, minuteAllows);
  }

  /**
   * `hit` without a promise, for a request it certainly allows: counts it and
   * returns the verdict `hit` would, or returns null having counted nothing
   * when the quota is nearly used up (the request then goes to `hit`) or the
   * counters need I/O (a worker's counters without credit, counters.ts `admitWindowsNow`). One increment follows the peek without a turn of the
   * event loop in between, so no other request can take the last one.
   */
  admitNow(subject: string, quota: Quota, now: number): Verdict | null {
    const { incrementNow, peekNow, admitWindowsNow } = this.counters;
    if (admitWindowsNow) {
      const { minuteKey, dayKey } = this.windowKeys(subject, now);
      const counts = admitWindowsNow.call(this.counters, minuteKey, dayKey, quota.perMinute, quota.perDay);
      return counts === null ? null : verdictOf(quota, now, counts.minute, counts.day, true);
    }
    if (!incrementNow || !peekNow) return null;
    const { minuteKey, dayKey } = this.windowKeys(subject, now);
    if (peekNow.call(this.counters, 'minute', minuteKey) >= quota.perMinute) return null;
    if (peekNow.call(this.counters, 'day', dayKey) >= quota.perDay) return null;
    const minuteCount = incrementNow.call(this.counters, 'minute', minuteKey);
    const dayCount = incrementNow.call(this.counters, 'day', dayKey);
    return verdictOf(quota, now, minuteCount, dayCount, true);
  }

  /**
   * `admitNow` for counters that need I/O: counts the request and returns its verdict when both windows
   * admit it, or returns null having counted nothing (the request then goes to `hit`). Atomic in the
   * counters' store, so instances never admit more than the quota together. Counters without I/O
   * (memory) answer as `admitNow`.
   */
  async admitLater(
    subject: string,
    quota: Quota,
    now: number,
    versionKey?: string,
  ): Promise<{ verdict: Verdict; version?: string | null; settled?: boolean } | null> {
    if (!this.counters.admitWindows) {
      const verdict = this.admitNow(subject, quota, now);
      return verdict === null ? null : { verdict };
    }
    const { minuteKey, dayKey } = this.windowKeys(subject, now);
    const counts = await this.counters.admitWindows(minuteKey, dayKey, quota.perMinute, quota.perDay, versionKey);
    if (counts === null) return null;
    const verdict = verdictOf(quota, now, counts.minute, counts.day, true);
    return counts.version === undefined ? { verdict } : { verdict, version: counts.version, settled: counts.settled === true };
  }

  close(): Promise<void> {
    return this.counters.close();
  }

  /** The last subject's counter keys, reused while its windows last: a client repeats its project. */
  private lastKeys = { subject: '', minute: -1, day: -1, minuteKey: '', dayKey: '' };

  private windowKeys(subject: string, now: number): { minuteKey: string; dayKey: string } {
    const minute = Math.floor(now / MINUTE_MS);
    const day = Math.floor(now / DAY_MS);
    const last = this.lastKeys;
    if (last.subject !== subject || last.minute !== minute || last.day !== day) {
      this.lastKeys = { subject, minute, day, minuteKey: `${subject}:${String(minute)}`, dayKey: `${subject}:${String(day)}` };
    }
    return this.lastKeys;
  }
}

/** The verdict on a request from its window counts: the one definition `hit` and `admitNow` share. */
function verdictOf(quota: Quota, now: number, minuteCount: number, dayCount: number, minuteAllows: boolean): Verdict {
  const minute = Math.floor(now / MINUTE_MS);
  const day = Math.floor(now / DAY_MS);
  const minuteRemaining = Math.max(0, quota.perMinute - minuteCount);
  const dayRemaining = Math.max(0, quota.perDay - dayCount);
  const allowed = minuteAllows && dayCount <= quota.perDay;
  if (dayRemaining <= minuteRemaining) {
    const end = (day + 1) * DAY_MS;
    return {
      allowed,
      window: 'day',
      windowIndex: day,
      limit: quota.perDay,
      remaining: dayRemaining,
      reset: end / 1000,
      resetIn: Math.ceil((end - now) / 1000),
    };
  }
  const end = (minute + 1) * MINUTE_MS;
  return {
    allowed,
    window: 'minute',
    windowIndex: minute,
    limit: quota.perMinute,
    remaining: minuteRemaining,
    reset: end / 1000,
    resetIn: Math.ceil((end - now) / 1000),
  };
}
