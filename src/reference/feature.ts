import type { Feature } from '../feature.js';

/** /docs: the interactive API reference, rendered from the served contracts with assets served locally. */
export const referenceFeature: Feature = { name: 'reference', dependsOn: [], plugin: () => import('./plugin.js') };
