import type { Plan } from '../projects/plans.js';

/** Custom domains are for Pro and above; a downgraded project keeps its domains, unserved. */
export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'free';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Pending domains are re-checked in the background this long after they were added. */
export const RECHECK_WINDOW_MS = 48 * HOUR;

/** The next background DNS check: 1 min after the first, doubling to 1 h; none after 48 h. */
export function nextCheckAt(domain: { createdAt: Date }, attempts: number, now: Date): Date | null {
  const delay = Math.min(MINUTE * 2 ** Math.min(attempts, 10), HOUR);
  const at = now.getTime() + delay;
  return at > domain.createdAt.getTime() + RECHECK_WINDOW_MS ? null : new Date(at);
}

/**
 * The next certificate attempt after `attempts` failures: 1 min doubling to
 * 6 h, never before the CA's Retry-After. Let's Encrypt allows 5 failed
 * authorizations per name per hour, so a broken name backs off well under that.
 */
export function certRetryAt(attempts: number, now: Date, retryAfter?: Date): Date {
  const delay = Math.min(MINUTE * 2 ** Math.min(Math.max(attempts - 1, 0), 12), 6 * HOUR);
  const at = now.getTime() + delay;
  return new Date(Math.max(at, retryAfter?.getTime() ?? 0));
}

/**
 * Orders are throttled below the CA's published limits (Let's Encrypt: 300 new
 * orders per account per 3 h; 50 certificates per registered domain per 7
 * days; 5 failed authorizations per name per account per hour), and per
 * project so one project cannot use up the account's allowance.
 */
export const ORDER_LIMITS = {
  account: { max: 250, windowMs: 3 * HOUR },
  project: { max: 30, windowMs: 3 * HOUR },
  registrable: { max: 40, windowMs: 7 * 24 * HOUR },
  failedName: { max: 4, windowMs: HOUR },
} as const;
