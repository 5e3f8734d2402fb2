import type { Feature } from '../feature.js';

/** The management API (/api/v1): sessions, projects, API keys; its contract. */
export const managementFeature: Feature = {
  name: 'management',
  dependsOn: ['projects', 'keys', 'limits', 'accounts', 'tokens', 'audit', 'deploys'],
  plugin: () => import('./plugin.js'),
};
