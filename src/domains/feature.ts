import type { Feature } from '../feature.js';
import { domainsCommand, redirectsCommand } from './cli/commands.js';
import { domainMigrations } from './migrations.js';

export const domainsFeature: Feature = {
  name: 'domains',
  dependsOn: ['projects', 'secrets', 'management', 'audit', 'deploys', 'events'],
  migrations: domainMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).domainStages,
  cli: [domainsCommand, redirectsCommand],
  staging: {
    keeps: {
      domains: 'shared: kept on the production row',
      domain_redirects: 'shared: kept on the production row',
      acme_orders: 'shared: kept on the production row',
      domain_claims: 'shared: kept on the production row',
      domain_releases: 'shared: kept on the production row',
    },
  },
};
