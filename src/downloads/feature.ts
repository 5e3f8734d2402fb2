import type { Feature } from '../feature.js';

/** GET /downloads/petstore-cli.tgz: the CLI package (@petstore/cli) for laptops and CI, without auth. */
export const downloadsFeature: Feature = { name: 'downloads', plugin: () => import('./plugin.js') };
