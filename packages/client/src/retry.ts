/** Exponential backoff with full jitter: base 500 ms, factor 2, cap 30 s. */
export const BACKOFF = { baseMs: 500, factor: 2, capMs: 30_000 } as const;

/**
 * The wait before retry number `attempt` (1 for the first retry): a uniformly random
 * time between 0 and min(cap, base × 2^(attempt − 1)) ("full jitter"), so that many
 * clients failing together do not come back together.
 */
export function backoffDelay(attempt: number, capMs: number = BACKOFF.capMs, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, BACKOFF.capMs, BACKOFF.baseMs * BACKOFF.factor ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * `Retry-After` in milliseconds from now: delta seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`; a date in the past gives 0). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, date - now);
}

/**
 * Resolves once `ms` have passed on the wall clock (timers may fire a millisecond early,
 * and a wait for Retry-After must never be short), or rejects with the signal's reason
 * as soon as it aborts.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let timer: ReturnType<typeof setTimeout>;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const wake = () => {
      const left = deadline - Date.now();
      if (left > 0) {
        timer = setTimeout(wake, left);
        return;
      }
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
