/**
 * The migrations release 1.0.0 shipped, as the highest version of each capability. They are the baseline:
 * they run as they always did (some of them rewrite a table, e.g. requests 2 moves `request_log` into
 * `request_blocks` and drops it) and a shipped migration is never edited or split. Every migration after
 * them declares its kind, expand or contract (docs/upgrading.md).
 */
export const BASELINE_RELEASE = '1.0.0';

export const BASELINE: Readonly<Record<string, number>> = {
  projects: 1,
  keys: 4,
  secrets: 1,
  pets: 2,
  orders: 2,
  accounts: 4,
  tokens: 1,
  audit: 1,
  deploys: 3,
  domains: 2,
  events: 4,
  usage: 2,
  requests: 2,
  backup: 1,
};
