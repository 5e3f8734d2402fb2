import type { Feature } from '../feature.js';
import { secretMigrations } from './migrations.js';

/**
 * Keys the service signs with: derived from SECRETS_KEY, or from a key generated
 * on first start and kept in the database so every instance shares it.
 */
export const secretsFeature: Feature = {
  name: 'secrets',
  dependsOn: [],
  migrations: secretMigrations,
  plugin: () => import('./plugin.js'),
};
