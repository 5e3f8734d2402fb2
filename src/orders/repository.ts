import type { Order } from './schemas.js';

export interface OrderRepository {
  list(projectId: number, query: { limit: number; after?: bigint }): Promise<Order[]>;
}
