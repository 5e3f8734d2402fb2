import type { Feature } from '../feature.js';
import { orderMigrations } from './migrations.js';

/**
 * Store orders (beta): place an order for an available pet, approve, deliver,
 * cancel, list, and the inventory. Each change moves the order and its pet
 * together in one transaction of conditional updates (see repository.ts).
 */
export const ordersFeature: Feature = {
  name: 'orders',
  migrations: orderMigrations,
  plugin: () => import('./plugin.js'),
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
