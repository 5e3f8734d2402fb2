import type { Feature } from '../feature.js';
import { keyUnbanCommand, keysCommand } from './cli.js';
import { KEY_PREFIX } from './key-format.js';
import { keyMigrations } from './migrations.js';

/** API keys, and the request steps that resolve a request's key and refuse one without a valid key. */
export const keysFeature: Feature = {
  name: 'keys',
  dependsOn: ['projects', 'audit', 'events'],
  migrations: keyMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).keyStages,
  cli: [keysCommand, keyUnbanCommand],
  secretPrefixes: [KEY_PREFIX],
  staging: { keeps: { api_keys: "staging's keys keep working after a reset" } },
};
