import type { Feature } from '../feature.js';
import { tokenMigrations } from './migrations.js';
import { TOKEN_FORMAT } from './service.js';

/** Personal access tokens (`pst_…`) that act on the management API for their person. */
export const tokensFeature: Feature = {
  name: 'tokens',
  dependsOn: ['keys', 'accounts', 'management'],
  migrations: tokenMigrations,
  plugin: () => import('./plugin.js'),
  secretPrefixes: [TOKEN_FORMAT.prefix],
};
