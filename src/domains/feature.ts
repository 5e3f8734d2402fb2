import type { Feature } from '../feature.js';
import { domainsCommand, redirectsCommand } from './cli/commands.js';
import { domainMigrations } from './migrations.js';

export const domainsFeature: Feature = {
  name: 'domains',
  migrations: domainMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).domainStages,
  cli: [domainsCommand, redirectsCommand],
};
