import { INT64_MIN } from '../contract/primitives.js';
import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time } from '../storage/sql.js';
import type { Order } from './schemas.js';

export interface OrderRepository {
  list(projectId: number, query: { limit: number; after?: bigint }): Promise<Order[]>;
}

interface OrderRow {
  id: bigint;
  pet_id: bigint;
  quantity: bigint;
  status: Order['status'];
  complete: bigint | boolean;
  created_at: bigint | Date;
}

export function openOrderRepository(database: Database): OrderRepository {
  const sql = sqlFor(database);
  return {
    list: async (projectId, q) =>
      (
        await sql.all<OrderRow>(
          'SELECT id, pet_id, quantity, status, complete, created_at FROM orders WHERE project_id = ? AND id > ? ORDER BY id LIMIT ?',
          [projectId, q.after ?? INT64_MIN, q.limit],
        )
      ).map((r) => ({
        id: r.id,
        petId: r.pet_id,
        quantity: int(r.quantity),
        status: r.status,
        complete: flag(r.complete),
        createdAt: time(r.created_at).toISOString(),
      })),
  };
}
