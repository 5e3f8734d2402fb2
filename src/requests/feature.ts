import type { Feature } from '../feature.js';
import { requestsCommand } from './cli.js';
import { requestLogMigrations } from './migrations.js';
import { clearRequestLog } from './repository.js';

/** Each project's request log: recorded in memory, written every second, kept REQUEST_LOG_DAYS, searchable. */
export const requestsFeature: Feature = {
  name: 'requests',
  dependsOn: ['projects', 'keys', 'management'],
  migrations: requestLogMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).requestLogStages,
  cli: [requestsCommand],
  staging: { reset: clearRequestLog },
};
