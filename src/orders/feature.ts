import type { Feature } from '../feature.js';
import { orderMigrations } from './migrations.js';

/**
 * Store orders. No service layer: the one operation is a read-only page with
 * no rule beyond paging, so the route reads the repository directly; orders
 * gain a service when they can be placed.
 */
export const ordersFeature: Feature = {
  name: 'orders',
  migrations: orderMigrations,
  plugin: () => import('./plugin.js'),
};
