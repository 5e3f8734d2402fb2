import type { Feature } from '../feature.js';
import { stagingCommand } from './cli.js';

/**
 * Every project's staging environment as a whole: reset, and a copy of production's pets. The environment
 * itself is a project row linked to its production row (projects/repository.ts); each capability keeps its
 * data apart as it keeps two projects' (docs/decisions.md).
 */
export const stagingFeature: Feature = {
  name: 'staging',
  dependsOn: ['projects', 'limits', 'management', 'audit'],
  plugin: () => import('./plugin.js'),
  cli: [stagingCommand],
};
