import type { Feature } from '../feature.js';
import { deployCommands } from './cli.js';
import { deployMigrations } from './storage/migrations.js';

/** Publishing: deploys of a project's static site, served live at `<slug>.<PLATFORM_HOST>`. */
export const deploysFeature: Feature = {
  name: 'deploys',
  dependsOn: ['projects', 'management', 'audit', 'events'],
  migrations: deployMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).deployStages,
  cli: deployCommands,
  staging: {
    keeps: {
      deploys: 'shared: kept on the production row',
      deploy_live: 'shared: kept on the production row',
      deploy_sequences: "shared: the production row's deploy numbering",
    },
  },
  backupLeavesOut: { site_address: 'the address the last server to start published: the next server to start publishes its own' },
};
