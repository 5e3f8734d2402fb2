import type { Feature } from '../feature.js';
import { orderMigrations } from './migrations.js';
import { clearOrders } from './sql.js';

/**
 * Store orders (beta): place an order for an available pet, approve, deliver,
 * cancel, list, and the inventory. Each change moves the order and its pet
 * together in one transaction of conditional updates (see repository.ts).
 */
export const ordersFeature: Feature = {
  name: 'orders',
  dependsOn: ['keys', 'pets', 'events'],
  migrations: orderMigrations,
  plugin: () => import('./plugin.js'),
  staging: { reset: clearOrders },
  restoreChecks: [
    {
      table: 'orders',
      breach: 'an order is for a pet its project does not have',
      sql: `SELECT o.id FROM orders o
             WHERE NOT EXISTS (SELECT 1 FROM pets p WHERE p.project_id = o.project_id AND p.id = o.pet_id) LIMIT 1`,
    },
    {
      table: 'order_sequences',
      breach: "a project's order counter is behind the ids of its orders (its next order would reuse one)",
      sql: `SELECT o.project_id FROM orders o LEFT JOIN order_sequences s ON s.project_id = o.project_id
             GROUP BY o.project_id, s.last_id HAVING MAX(o.id) > COALESCE(s.last_id, 0) LIMIT 1`,
    },
  ],
  contract: async () => {
    const { InventorySchema, NewOrderSchema, OrderSchema, OrderStatusSchema, OrderUpdateSchema } = await import('./schemas.js');
    return {
      v1Components: [
        [OrderSchema, 'Order'],
        [OrderStatusSchema, 'OrderStatus'],
        [NewOrderSchema, 'NewOrder'],
        [OrderUpdateSchema, 'OrderUpdate'],
        [InventorySchema, 'Inventory'],
      ],
    };
  },
};
