import type { Feature } from '../feature.js';

/**
 * GET /downloads/petstore-cli.tgz (the CLI, @petstore/cli, for laptops and CI) and /downloads/petstore-client.tgz (the
 * typed client, @petstore/client, for the API's callers), each with its SHA-256, without auth.
 */
export const downloadsFeature: Feature = { name: 'downloads', dependsOn: [], plugin: () => import('./plugin.js') };
