/**
 * A project's daily webhook delivery budget (projects/plans.ts `webhookDeliveryBudget`): every attempt is
 * counted, in the worker's transaction that leases it, against the project's row for the UTC day; a
 * delivery due once that day's budget is spent is not sent but marked `budget_exhausted`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `ms` as days since 1970-01-01: the key of a project's count of attempts. */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/** The start of a UTC day (midnight) in ms since the epoch. */
export const dayStart = (day: number): number => day * DAY_MS;

/** `YYYY-MM-DD` of a UTC day. */
export const dayName = (day: number): string => new Date(dayStart(day)).toISOString().slice(0, 10);

/** What is recorded with a delivery not sent because the project's budget for the day was spent. */
export const budgetExhaustedError = (budget: number, day: number): string =>
  `not sent: the project's webhook budget of ${String(budget)} delivery attempts for ${dayName(day)} (UTC) is spent; ` +
  'it renews at 00:00 UTC, when the delivery can be retried';
