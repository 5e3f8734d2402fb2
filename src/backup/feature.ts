import type { Feature } from '../feature.js';
import { backupCommand, restoreCommand } from './cli.js';
import { backupMigrations } from './migrations.js';

/** Backups of the whole database in one engine-independent file, restore into either engine, and scheduled backups. */
export const backupFeature: Feature = {
  name: 'backup',
  migrations: backupMigrations,
  plugin: () => import('./plugin.js'),
  cli: [backupCommand, restoreCommand],
  backupLeavesOut: { backup_lease: 'which instance writes scheduled backups: a lease, taken again by whoever runs next' },
};
