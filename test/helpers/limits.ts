import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import type { App } from '../../src/app.js';

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** An instant `seconds` into the current UTC minute (tests pin the clock there so a window never turns mid-test). */
export function intoMinute(seconds: number, from = Date.now()): number {
  return Math.floor(from / MINUTE) * MINUTE + seconds * 1000;
}

export function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

/** Sends `n` requests at once, spread over the given apps (instances) in turn. */
export function simultaneous(apps: App[], n: number, opts: InjectOptions): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => (apps[i % apps.length] as App).inject(opts)));
}

/** The limit headers of a response, parsed; fails when one is missing or malformed. */
export function limitHeaders(res: LightMyRequestResponse) {
  const int = (name: string) => {
    const raw = res.headers[name];
    assert.equal(typeof raw, 'string', `${name} is missing (status ${String(res.statusCode)})`);
    assert.match(raw as string, /^\d+$/, `${name}: ${String(raw)}`);
    return Number(raw);
  };
  const limit = int('x-ratelimit-limit');
  const remaining = int('x-ratelimit-remaining');
  const reset = int('x-ratelimit-reset');
  const policy = String(res.headers['ratelimit-policy']);
  const policyMatch = /^"minute";q=(\d+);w=60, "day";q=(\d+);w=86400$/.exec(policy);
  assert.ok(policyMatch, `RateLimit-Policy: ${policy}`);
  const field = String(res.headers.ratelimit);
  const fieldMatch = /^"(minute|day)";r=(\d+);t=(\d+)$/.exec(field);
  assert.ok(fieldMatch, `RateLimit: ${field}`);
  return {
    limit,
    remaining,
    reset,
    perMinute: Number(policyMatch[1]),
    perDay: Number(policyMatch[2]),
    window: fieldMatch[1] as 'minute' | 'day',
    r: Number(fieldMatch[2]),
    t: Number(fieldMatch[3]),
  };
}

/**
 * Asserts the limit headers are present and agree with each other and with
 * the clock: the RateLimit field names the window X-RateLimit-* describe, its
 * limit is that window's quota, and the reset is that window's end.
 */
export function assertConsistentLimitHeaders(res: LightMyRequestResponse, now: number, what = ''): ReturnType<typeof limitHeaders> {
  const h = limitHeaders(res);
  const label = `${what} (${String(res.statusCode)})`;
  assert.equal(h.r, h.remaining, `${label}: RateLimit r differs from X-RateLimit-Remaining`);
  assert.ok(h.remaining <= h.limit, `${label}: remaining above limit`);
  const size = h.window === 'minute' ? MINUTE : DAY;
  assert.equal(h.limit, h.window === 'minute' ? h.perMinute : h.perDay, `${label}: limit is not the ${h.window} quota`);
  assert.equal(h.reset * 1000, (Math.floor(now / size) + 1) * size, `${label}: reset is not the end of the ${h.window} window`);
  assert.equal(h.t, Math.ceil((h.reset * 1000 - now) / 1000), `${label}: RateLimit t is not the time to reset`);
  assert.ok(h.t >= 1, `${label}: t < 1`);
  if (res.statusCode === 429) {
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `${label}: Retry-After ${String(res.headers['retry-after'])}`);
    assert.ok(retryAfter >= (h.remaining === 0 ? h.t : 1), `${label}: Retry-After earlier than the quota returns`);
  }
  return h;
}
