import type { SqliteDb } from '../storage/sqlite/database.js';
import { guard } from '../storage/sqlite/database.js';
import type { OrderRepository } from './repository.js';
import type { Order } from './schemas.js';

interface OrderRow {
  id: bigint;
  pet_id: bigint;
  quantity: bigint;
  status: Order['status'];
  complete: bigint;
  created_at: bigint;
}

export function sqliteOrders(db: SqliteDb): OrderRepository {
  const list = db
    .prepare('SELECT id, pet_id, quantity, status, complete, created_at FROM orders WHERE project_id = ? AND id > ? ORDER BY id LIMIT ?')
    .safeIntegers(true);
  return {
    list: (projectId, q) =>
      guard(() =>
        (list.all(projectId, q.after ?? -(2n ** 63n), q.limit) as OrderRow[]).map((r) => ({
          id: r.id,
          petId: r.pet_id,
          quantity: Number(r.quantity),
          status: r.status,
          complete: r.complete !== 0n,
          createdAt: new Date(Number(r.created_at)).toISOString(),
        })),
      ),
  };
}
