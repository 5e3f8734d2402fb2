import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { sendError } from '../http/errors/error-handler.js';
import { ApiError } from '../http/errors/errors.js';
import { ADMITTED, type AdmittedRequest } from '../http/pipeline/front-door.js';
import type { RequestStep, RouteFacts } from '../http/pipeline/request-steps.js';
import type { Principal } from '../keys/repository.js';
import { PLAN_QUOTAS, type Plan } from '../projects/plans.js';
import type { Bans } from './bans.js';
import { addressSubject, projectSubject } from './client-address.js';
import { rateLimitHeaders, setRateLimitHeaders } from './headers.js';
import type { RateLimiter, Verdict } from './limiter.js';

/** Requests without a valid key are limited per client address with the Free plan's numbers. */
const ADDRESS_QUOTA = PLAN_QUOTAS.free;

const count = (n: number) => n.toLocaleString('en-US');
const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };
/** The plan above each, whose quota a refusal offers (Enterprise: custom quotas). */
const NEXT_PLAN: Record<Plan, Exclude<Plan, 'free' | 'enterprise'> | null> = {
  free: 'pro',
  pro: 'business',
  business: null,
  enterprise: null,
};

/**
 * Which limit refused (the minute's or the day's: the window with none left; the day's when both are spent, since
 * waiting out the minute would not do), and how it is raised: a plan upgrade, as the specification says, or,
 * without a valid key, a key.
 */
function rateLimited(verdict: Verdict, plan: Plan | null): ApiError {
  const window = verdict.window;
  const when = window === 'minute' ? 'the next minute (second :00 UTC)' : 'the next day (00:00 UTC)';
  let message: string;
  if (plan === null) {
    message =
      `Too many requests without a valid API key from this address: ${count(verdict.limit)} a ${window} (the Free plan's numbers) ` +
      `until ${when}. Retry after the seconds in Retry-After, with a valid key: its project's quota applies then.`;
  } else {
    const next = NEXT_PLAN[plan];
    const raise =
      next !== null
        ? `A plan upgrade raises it: ${PLAN_NAMES[next]} allows ${count(PLAN_QUOTAS[next][window === 'minute' ? 'perMinute' : 'perDay'])} a ${window}.`
        : plan === 'business'
          ? 'The Enterprise plan raises it, with a custom quota.'
          : 'A larger custom quota raises it.';
    message =
      `This project's quota of ${count(verdict.limit)} requests a ${window} (${PLAN_NAMES[plan]} plan) is used up until ${when}: ` +
      `retry after the seconds in Retry-After. ${raise}`;
  }
  return new ApiError('rate_limited', message, undefined, { 'retry-after': String(verdict.resetIn) });
}

function banned(until: number, now: number, verdict: Verdict): ApiError {
  const banSeconds = Math.max(1, Math.ceil((until - now) / 1000));
  // Never invite a retry before the quota itself returns.
  const retryAfter = verdict.remaining === 0 ? Math.max(banSeconds, verdict.resetIn) : banSeconds;
  return new ApiError(
    'api_key_banned',
    `This API key is banned until ${new Date(until).toISOString()} for sending requests while rate limited.`,
    undefined,
    {
      'retry-after': String(retryAfter),
    },
  );
}

/**
 * Counts one request and answers it 429 when it must wait; resolves true when it answered.
 * Never resolve the reply itself: a FastifyReply is a thenable, so an async function that
 * returns it resolves only once the response is finished, and with `undefined`.
 */
export type Meter = (request: FastifyRequest, reply: FastifyReply, route: RouteFacts) => Promise<boolean>;

/**
 * Counts a request against its project (or, without a valid key, against its
 * client address), sets the limit headers, and answers 429 when the quota is
 * used up or the key is banned.
 */
/**
 * The shared version a request changes, when it writes what one covers (set by the capability that owns it),
 * told by the route it matched.
 */
export type ChangedVersion = (request: FastifyRequest, route: RouteFacts) => string | undefined;

export function createMeter(limiter: RateLimiter, bans: Bans, clock: Clock, changed: () => ChangedVersion | null): Meter {
  return async (request, reply, route) => {
    const now = clock.now();
    const principal = request.principal;
    if (principal === null) {
      const verdict = await limiter.hit(addressSubject(request.ip), ADDRESS_QUOTA, now);
      setRateLimitHeaders(reply, ADDRESS_QUOTA, verdict);
      if (verdict.allowed) return false;
      sendError(reply, rateLimited(verdict, null));
      return true;
    }
    // Counted and admitted by the front door, whose answer fell through (a pet not found, a failed read).
    const admitted = (request.raw as AdmittedRequest)[ADMITTED];
    if (admitted !== undefined) {
      for (let i = 0; i < admitted.length; i += 2) void reply.header(admitted[i] as string, admitted[i + 1]);
      return false;
    }
    const bannedUntil = principal.bannedUntil !== null && principal.bannedUntil > now ? principal.bannedUntil : 0;
    // A banned key's requests still count, in the minute window only, like any refused request.
    const verdict = await limiter.hit(
      projectSubject(principal.projectId),
      principal.quota,
      now,
      bannedUntil > 0,
      changed()?.(request, route),
    );
    setRateLimitHeaders(reply, principal.quota, verdict);
    if (bannedUntil > 0) {
      sendError(reply, banned(bannedUntil, now, verdict));
      return true;
    }
    if (verdict.allowed) return false;
    const banEnd = await bans.strike(principal.keyId, verdict, now);
    sendError(reply, banEnd === null ? rateLimited(verdict, principal.plan) : banned(banEnd, now, verdict));
    return true;
  };
}

/**
 * The meter's answer for a request it certainly admits, without a promise
 * (memory counters): counts it against its project and returns its limit
 * headers, as `createMeter` would count it and set them. Null, having counted
 * nothing, for a banned key, a quota nearly used up or counters that need I/O:
 * the request then goes to the meter itself (the regular path).
 */
export type AdmitNow = (principal: Principal) => string[] | null;

export function createAdmitNow(limiter: RateLimiter, clock: Clock): AdmitNow {
  return (principal) => {
    const now = clock.now();
    if (principal.bannedUntil !== null && principal.bannedUntil > now) return null;
    const verdict = limiter.admitNow(projectSubject(principal.projectId), principal.quota, now);
    return verdict === null ? null : rateLimitHeaders(principal.quota, verdict);
  };
}

/**
 * `AdmitNow` for counters that need I/O (Redis): one round trip, counting nothing when it answers null.
 * With `versionKey`, the shared version comes back in the same round trip, and whether it is settled
 * (limits/counters.ts): null where the counters keep none (memory, or Redis unreachable).
 */
export type AdmitLater = (
  principal: Principal,
  versionKey?: string,
) => Promise<{ headers: string[]; version: string | null; settled: boolean } | null>;

export function createAdmitLater(limiter: RateLimiter, clock: Clock): AdmitLater {
  return async (principal, versionKey) => {
    const now = clock.now();
    if (principal.bannedUntil !== null && principal.bannedUntil > now) return null;
    const admitted = await limiter.admitLater(projectSubject(principal.projectId), principal.quota, now, versionKey);
    if (admitted === null) return null;
    const version = admitted.version ?? null;
    return {
      headers: rateLimitHeaders(principal.quota, admitted.verdict),
      version,
      settled: version !== null && admitted.settled === true,
    };
  };
}

/**
 * Meters every /v1 request that needs a key, whatever it will be answered,
 * before its body is read. Registered after the principal is resolved and
 * before a missing or invalid key is answered 401, so key guessing is counted
 * against the client's address.
 */
export function meterStep(meter: Meter): RequestStep {
  return (request, reply, route) => (route.needsKey ? meter(request, reply, route) : false);
}
