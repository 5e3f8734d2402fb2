import type { PgDatabase } from '../storage/postgres/database.js';
import type { OrderRepository } from './repository.js';
import type { Order } from './schemas.js';

interface OrderRow {
  id: bigint;
  pet_id: bigint;
  quantity: bigint;
  status: Order['status'];
  complete: boolean;
  created_at: Date;
}

export function postgresOrders(db: PgDatabase): OrderRepository {
  return {
    list: async (projectId, q) => {
      const res = await db.query<OrderRow>(
        'SELECT id, pet_id, quantity, status, complete, created_at FROM orders WHERE project_id = $1 AND id > $2 ORDER BY id LIMIT $3',
        [projectId, q.after ?? -(2n ** 63n), q.limit],
      );
      return res.rows.map((r) => ({
        id: r.id,
        petId: r.pet_id,
        quantity: Number(r.quantity),
        status: r.status,
        complete: r.complete,
        createdAt: r.created_at.toISOString(),
      }));
    },
  };
}
