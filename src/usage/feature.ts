import type { Feature } from '../feature.js';
import { usageCommand } from './cli.js';
import { deprecationsCommand } from './deprecations-cli.js';
import { usageMigrations } from './migrations.js';
import { clearUsage } from './repository.js';

/** Requests per project per minute and per day: counted in memory, written every 10 s. */
export const usageFeature: Feature = {
  name: 'usage',
  dependsOn: ['projects', 'keys', 'management', 'events'],
  migrations: usageMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).usageStages,
  cli: [usageCommand, deprecationsCommand],
  staging: { reset: clearUsage },
};
