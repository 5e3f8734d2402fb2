import type { Feature } from '../feature.js';
import { membersCommand, usersCommand } from './cli.js';
import { invitationsCommand, memberRolesCommand, protectCommand } from './roles-cli.js';
import { accountMigrations } from './migrations.js';

/** People, their memberships of projects, and sign-in sessions. */
export const accountsFeature: Feature = {
  name: 'accounts',
  migrations: accountMigrations,
  plugin: () => import('./plugin.js'),
  cli: [usersCommand, membersCommand, memberRolesCommand, invitationsCommand, protectCommand],
  backupLeavesOut: { throttle_attempts: 'sign-in throttle counters: a restored service starts counting afresh' },
};
