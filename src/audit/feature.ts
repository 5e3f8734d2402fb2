import type { Feature } from '../feature.js';
import { auditCommand } from './cli.js';
import { auditMigrations } from './migrations.js';

/** The audit log: every change through the management API or the CLI, kept 90 days. */
export const auditFeature: Feature = {
  name: 'audit',
  dependsOn: ['projects', 'management'],
  migrations: auditMigrations,
  plugin: () => import('./plugin.js'),
  cli: [auditCommand],
  staging: { keeps: { audit_log: 'shared: one log per project, each entry naming its environment' } },
};
