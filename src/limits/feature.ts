import type { Feature } from '../feature.js';

/** Plan quotas per project (and per client address without a valid key), limit headers, 429s and bans. */
export const limitsFeature: Feature = {
  name: 'limits',
  dependsOn: ['projects', 'keys'],
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).limitStages,
  contract: async () => ({ meteredResponseHeaders: (await import('./headers.js')).rateLimitHeaderDocs }),
};
