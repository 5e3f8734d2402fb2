import { INT64_MIN } from '../contract/primitives.js';
import type { PetStatus } from '../pets/schemas.js';
import { LIMIT, type Sql, type SqlStatement } from '../storage/sql.js';
import type { OrderRepository } from './repository.js';
import type { Inventory } from './schemas.js';
import { ORDER_COLUMNS, toOrder, type OrderRow } from './transitions.js';

/** What both engines do with one statement text (storage/sql.ts): the reads. */
export type OrderStatements = Pick<OrderRepository, 'list' | 'get' | 'inventory'>;

export function orderStatements(sql: Sql): OrderStatements {
  return {
    list: async (projectId, q) => {
      const after = q.after ?? INT64_MIN;
      const rows = q.status
        ? await sql.all<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE project_id = ? AND status = ? AND id > ? ORDER BY id ${LIMIT}`,
            [projectId, q.status, after, q.limit],
          )
        : await sql.all<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE project_id = ? AND id > ? ORDER BY id ${LIMIT}`, [
            projectId,
            after,
            q.limit,
          ]);
      return rows.map(toOrder);
    },
    get: async (projectId, id) => {
      const row = await sql.one<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE project_id = ? AND id = ?`, [projectId, id]);
      return row ? toOrder(row) : null;
    },
    inventory: async (projectId) => {
      const rows = await sql.all<{ status: PetStatus; n: bigint }>(
        'SELECT status, COUNT(*) AS n FROM pets WHERE project_id = ? GROUP BY status',
        [projectId],
      );
      const counts: Inventory = { available: 0n, pending: 0n, sold: 0n };
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },
  };
}

/** Empties one project row of its orders and their numbering (a staging reset: staging/service.ts). */
export const clearOrders = (projectId: number): SqlStatement[] => [
  ['DELETE FROM orders WHERE project_id = ?', [projectId]],
  ['DELETE FROM order_sequences WHERE project_id = ?', [projectId]],
];
