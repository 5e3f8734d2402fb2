import type { FastifyReply } from 'fastify';
import type { HeaderDoc } from '../contract/parts.js';
import type { Quota } from '../projects/plans.js';
import type { Verdict } from './limiter.js';

const POLICIES = new WeakMap<Quota, string>();

/** IETF `RateLimit-Policy`: both windows of the quota, e.g. `"minute";q=60;w=60, "day";q=1000;w=86400`. */
export function policyField(quota: Quota): string {
  let field = POLICIES.get(quota);
  if (field === undefined) {
    field = `"minute";q=${String(quota.perMinute)};w=60, "day";q=${String(quota.perDay)};w=86400`;
    POLICIES.set(quota, field);
  }
  return field;
}

/**
 * The limit headers as name, value, name, value…: the window with the fewest
 * requests remaining, in both notations. The one definition of them, for
 * replies (`setRateLimitHeaders`) and answers before Fastify (http/pipeline/front-door.ts).
 */
export function rateLimitHeaders(quota: Quota, verdict: Verdict): string[] {
  const remaining = String(verdict.remaining);
  return [
    'x-ratelimit-limit',
    String(verdict.limit),
    'x-ratelimit-remaining',
    remaining,
    'x-ratelimit-reset',
    String(verdict.reset),
    'ratelimit-policy',
    policyField(quota),
    'ratelimit',
    `"${verdict.window}";r=${remaining};t=${String(verdict.resetIn)}`,
  ];
}

/** Sets the limit headers on a reply. */
export function setRateLimitHeaders(reply: FastifyReply, quota: Quota, verdict: Verdict): void {
  const list = rateLimitHeaders(quota, verdict);
  for (let i = 0; i < list.length; i += 2) reply.header(list[i] as string, list[i + 1]);
}

const integer = (description: string, minimum = 0, format = 'int32'): HeaderDoc => ({
  description,
  required: true,
  schema: { type: 'integer', format, minimum },
});
const text = (description: string, example: string): HeaderDoc => ({
  description,
  required: true,
  schema: { type: 'string', examples: [example] },
});

/** The limit headers as documented on every response of every metered operation. */
export const RATE_LIMIT_HEADER_DOCS: Record<string, HeaderDoc> = {
  'X-RateLimit-Limit': integer(
    'Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan).',
  ),
  'X-RateLimit-Remaining': integer('Requests still allowed in that window after this one.'),
  'X-RateLimit-Reset': integer(
    'When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC.',
    0,
    'int64',
  ),
  'RateLimit-Policy': text(
    'The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds.',
    '"minute";q=60;w=60, "day";q=1000;w=86400',
  ),
  RateLimit: text(
    'The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets.',
    '"minute";r=12;t=40',
  ),
};

const WITH_RETRY_AFTER: Record<string, HeaderDoc> = {
  ...RATE_LIMIT_HEADER_DOCS,
  'Retry-After': integer(
    'Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`).',
    1,
  ),
};

/** Documented headers of a metered operation's response with this status. */
export function rateLimitHeaderDocs(status: number): Record<string, HeaderDoc> {
  return status === 429 ? WITH_RETRY_AFTER : RATE_LIMIT_HEADER_DOCS;
}
