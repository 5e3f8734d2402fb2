import type { Feature } from '../feature.js';
import { eventsCommand, webhooksCommand } from './cli.js';
import { eventMigrations } from './migrations.js';

/** Events written with the changes that cause them (the outbox), and signed webhooks delivering them. */
export const eventsFeature: Feature = {
  name: 'events',
  migrations: eventMigrations,
  plugin: () => import('./plugin.js'),
  cli: [webhooksCommand, eventsCommand],
};
