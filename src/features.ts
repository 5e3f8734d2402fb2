import { dashboardFeature } from './dashboard/feature.js';
import { deploysFeature } from './deploys/feature.js';
import { domainsFeature } from './domains/feature.js';
import { downloadsFeature } from './downloads/feature.js';
import { eventsFeature } from './events/feature.js';
import { accountsFeature } from './accounts/feature.js';
import { auditFeature } from './audit/feature.js';
import { backupFeature } from './backup/feature.js';
import { releaseFacts, type ReleaseFacts } from './backup/release.js';
import { tokensFeature } from './tokens/feature.js';
import type { Declarations, Feature } from './feature.js';
import { keysFeature } from './keys/feature.js';
import { limitsFeature } from './limits/feature.js';
import { managementFeature } from './management/feature.js';
import { ordersFeature } from './orders/feature.js';
import { petsFeature } from './pets/feature.js';
import { projectsFeature } from './projects/feature.js';
import { referenceFeature } from './reference/feature.js';
import { homeFeature } from './home/feature.js';
import { secretsFeature } from './secrets/feature.js';
import { usageFeature } from './usage/feature.js';
import { requestsFeature } from './requests/feature.js';
import { stagingFeature } from './staging/feature.js';
import type { Config } from './config.js';
import { registerSecretPrefixes } from './http/observability/logging.js';
import type { FeatureMigrations, PlannedMigration } from './storage/migrations.js';
import type { Storage } from './storage/open.js';

/**
 * The composition root: every capability, listed once. Migrations run in this
 * order (a capability's tables may refer to those of capabilities above it);
 * each plugin names the capabilities it depends on, and Fastify refuses to
 * start if one is missing or registered later.
 */
export const FEATURES: readonly Feature[] = [
  projectsFeature,
  keysFeature,
  limitsFeature,
  secretsFeature,
  petsFeature,
  ordersFeature,
  accountsFeature,
  managementFeature,
  tokensFeature,
  auditFeature,
  deploysFeature,
  domainsFeature,
  eventsFeature,
  dashboardFeature,
  usageFeature,
  requestsFeature,
  stagingFeature,
  referenceFeature,
  homeFeature,
  downloadsFeature,
  backupFeature(() => release),
];

registerSecretPrefixes(FEATURES.flatMap((f) => f.secretPrefixes ?? []));

export const MIGRATIONS: readonly FeatureMigrations[] = FEATURES.flatMap((f) => (f.migrations ? [f.migrations] : []));

/** What the capabilities declare for one another, from every Feature in the list. */
export function declarationsOf(features: readonly Feature[]): Declarations {
  const copies = features.flatMap((f) => (f.staging?.copy ? [f.staging.copy] : []));
  const [copy] = copies;
  if (copies.length !== 1 || copy === undefined) throw new Error(`one capability copies into staging, not ${String(copies.length)}`);
  return {
    deprecatedOperations: features.flatMap((f) => f.deprecatedOperations ?? []),
    staging: {
      reset: features.flatMap((f) => (f.staging?.reset ? [f.staging.reset] : [])).reverse(),
      keeps: Object.assign({}, ...features.map((f) => f.staging?.keeps ?? {})) as Record<string, string>,
      copy,
      versionKeys: features.flatMap((f) => (f.staging?.versionKey ? [f.staging.versionKey] : [])),
    },
  };
}

export const DECLARED: Declarations = declarationsOf(FEATURES);

/** What backups and restores need to know of this release, handed to the backup capability. */
const release: ReleaseFacts = releaseFacts(FEATURES);

export interface AppStorageOptions {
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Apply contract migrations too (`migrate --contract`). */
  contract?: boolean;
  /** Told where the backup taken before migrating went (BACKUP_DIR set, something to apply). */
  backedUp?(file: string, apply: readonly PlannedMigration[]): void;
}

/**
 * Opens the database named by the configuration, with every capability's migrations; with BACKUP_DIR set, a
 * database that holds data is backed up there before anything is applied to it. The drivers load here, on
 * first use, so a command that never opens the database (a remote one) does not load them.
 */
export async function openAppStorage(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize'> & Partial<Pick<Config, 'backupDir'>>,
  options: AppStorageOptions = {},
): Promise<Storage> {
  const { openStorage } = await import('./storage/open.js');
  const { backupDir } = config;
  return openStorage(config.databaseUrl, {
    migrations: MIGRATIONS,
    migrate: options.migrate,
    contract: options.contract,
    poolSize: config.databasePoolSize,
    beforeMigrating:
      backupDir === undefined
        ? undefined
        : async (apply) => {
            const { backupBeforeMigrating } = await import('./backup/before-migrating.js');
            const { file } = await backupBeforeMigrating(config.databaseUrl, backupDir, release.leaveOut);
            options.backedUp?.(file, apply);
          },
  });
}
