import type { Feature } from '../feature.js';

export const deploysFeature: Feature = {
  name: 'deploys',
  plugin: () => import('./plugin.js'),
};
