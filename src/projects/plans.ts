import { Type, type Static } from '@sinclair/typebox';

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export const PlanSchema = Type.Unsafe<Plan>({ type: 'string', enum: [...PLANS] });
export type Plan = (typeof PLANS)[number];

/** Requests per minute and per day, from the specification's plan table. */
export const PLAN_QUOTAS: Record<Exclude<Plan, 'enterprise'>, Quota> = {
  free: { perMinute: 60, perDay: 1000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1000, perDay: 100_000 },
};

/** Webhook endpoints a project may have, by plan: one `/v1` request fans out to at most this many deliveries. */
export const WEBHOOK_ENDPOINT_LIMITS: Record<Plan, number> = { free: 2, pro: 10, business: 25, enterprise: 50 };

/**
 * Webhook delivery attempts a project may make per UTC day: its requests per day times its endpoint limit
 * (Free 2,000, Pro 100,000, Business 2,500,000; Enterprise from its custom per-day quota). That is the
 * fan-out the endpoint limit already allows, each request of the day delivered once to every endpoint.
 * Retries, test events and manual retries come out of the same budget: with the default schedule's 8
 * attempts per delivery, failing receivers could otherwise get 8 times as many.
 */
export function webhookDeliveryBudget(plan: Plan, quota: Pick<Quota, 'perDay'>): number {
  return quota.perDay * WEBHOOK_ENDPOINT_LIMITS[plan];
}

export const QuotaSchema = Type.Object({
  perMinute: Type.Integer({ minimum: 1 }),
  perDay: Type.Integer({ minimum: 1 }),
});
export type Quota = Static<typeof QuotaSchema>;

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** The quota of a plan; Enterprise carries its own custom numbers. */
export function quotaFor(plan: Plan, custom: Partial<Quota> = {}): Quota {
  if (plan === 'enterprise') {
    if (!custom.perMinute || !custom.perDay) throw new Error('the enterprise plan needs a custom per-minute and per-day quota');
    return { perMinute: custom.perMinute, perDay: custom.perDay };
  }
  return PLAN_QUOTAS[plan];
}
