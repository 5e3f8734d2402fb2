import type { Feature } from '../feature.js';
import { projectPlanCommand, projectsCommand } from './cli.js';
import { projectMigrations } from './migrations.js';

export const projectsFeature: Feature = {
  name: 'projects',
  dependsOn: ['audit'],
  migrations: projectMigrations,
  plugin: () => import('./plugin.js'),
  cli: [projectsCommand, projectPlanCommand],
};
