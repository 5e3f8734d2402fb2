import type { Feature, RestoreCheck } from '../feature.js';
import type { FeatureMigrations } from '../storage/migrations.js';
import { leftOut } from './coverage.js';

/**
 * What backup needs to know about the release it runs in, handed over by the composition root
 * (features.ts): backup never imports the registry, which lists backup itself.
 */
export interface ReleaseFacts {
  /** Tables the capabilities leave out of backups (see Feature.backupLeavesOut). */
  leaveOut: ReadonlySet<string>;
  /** The release's migrations: a backup that has one it does not know is from a newer release. */
  migrations: readonly FeatureMigrations[];
  /** What a restored database must satisfy beyond its constraints (see Feature.restoreChecks). */
  checks: readonly RestoreCheck[];
}

/** The facts of a release made of `features`. */
export function releaseFacts(features: readonly Feature[]): ReleaseFacts {
  return {
    leaveOut: new Set(leftOut(features).keys()),
    migrations: features.flatMap((f) => (f.migrations ? [f.migrations] : [])),
    checks: features.flatMap((f) => f.restoreChecks ?? []),
  };
}
