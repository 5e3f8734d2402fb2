import type { Feature } from '../feature.js';
import { eventsCommand, webhooksCommand } from './cli.js';
import { eventMigrations } from './migrations.js';
import { clearEvents } from './storage/repository.js';

/** Events written with the changes that cause them (the outbox), and signed webhooks delivering them. */
export const eventsFeature: Feature = {
  name: 'events',
  dependsOn: ['projects', 'management', 'audit'],
  migrations: eventMigrations,
  plugin: () => import('./plugin.js'),
  cli: [webhooksCommand, eventsCommand],
  staging: {
    reset: clearEvents,
    keeps: {
      webhook_endpoints: "staging's endpoints stay subscribed",
      webhook_budget: 'the attempts made today are not given back by a reset',
    },
  },
};
