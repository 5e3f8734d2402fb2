import type { Feature } from '../feature.js';
import { backupCommands } from './cli.js';
import { backupMigrations } from './migrations.js';
import type { ReleaseFacts } from './release.js';

/**
 * Backups of the whole database in one engine-independent file, restore into either engine, and scheduled
 * backups. `release` is asked when a backup or restore runs: the composition root lists this capability
 * among those it describes.
 */
export function backupFeature(release: () => ReleaseFacts): Feature {
  return {
    name: 'backup',
    dependsOn: [],
    migrations: backupMigrations,
    plugin: async () => ({ default: (await import('./plugin.js')).backupPlugin(release) }),
    cli: backupCommands(release),
    backupLeavesOut: { backup_lease: 'which instance writes scheduled backups: a lease, taken again by whoever runs next' },
  };
}
