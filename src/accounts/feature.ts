import type { Feature } from '../feature.js';
import { membersCommand, usersCommand } from './cli.js';
import { invitationsCommand, memberRolesCommand, protectCommand } from './roles-cli.js';
import { accountMigrations } from './migrations.js';

/** People, their memberships of projects, and sign-in sessions. */
export const accountsFeature: Feature = {
  name: 'accounts',
  dependsOn: ['projects', 'secrets', 'audit'],
  migrations: accountMigrations,
  plugin: () => import('./plugin.js'),
  cli: [usersCommand, membersCommand, memberRolesCommand, invitationsCommand, protectCommand],
  staging: {
    keeps: {
      project_members: 'shared: kept on the production row',
      invitations: 'shared: kept on the production row',
      self_made_projects: 'shared: kept on the production row',
    },
  },
  backupLeavesOut: { throttle_attempts: 'sign-in throttle counters: a restored service starts counting afresh' },
};
