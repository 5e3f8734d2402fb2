import type pg from 'pg';
import { isClaimCollision, priorClaimPostgres, recordClaimPostgres } from '../idempotency/postgres.js';
import type { PetStatus } from '../pets/schemas.js';
import type { PgDatabase } from '../storage/postgres/database.js';
import type { StoreEvents } from './events.js';
import type { NewOrderRecord, OrderRepository, PlaceOrderResult, TransitionResult } from './repository.js';
import type { OrderStatus } from './schemas.js';
import type { OrderStatements } from './sql.js';
import { ORDER_COLUMNS, TRANSITIONS, toOrder, type OrderRow } from './transitions.js';

/**
 * Takes the project's next order id (order_sequences) and inserts the order
 * with it; the counter row stays locked until commit, so ids ascend in commit order.
 */
const INSERT_ORDER = `
  WITH next AS (
    INSERT INTO order_sequences AS s (project_id, last_id) VALUES ($1::bigint, 1)
    ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + 1
    RETURNING last_id
  )
  INSERT INTO orders (project_id, id, pet_id, quantity, status, complete, created_at)
  SELECT $1::bigint, last_id, $2::bigint, $3::bigint, 'placed', false, $4::timestamptz FROM next
  RETURNING ${ORDER_COLUMNS}`;

/**
 * Under READ COMMITTED a conditional UPDATE that finds its row locked by another
 * transaction waits for it, then checks its WHERE again on the committed row:
 * of many concurrent placements for one pet (on any instance) exactly one
 * matches `status = 'available'`, and the others find it `pending`.
 */
const TAKE_PET = "UPDATE pets SET status = 'pending' WHERE project_id = $1 AND id = $2 AND status = 'available'";

async function placeIn(
  client: pg.PoolClient,
  events: StoreEvents,
  projectId: number,
  order: NewOrderRecord,
  now: Date,
  claim: Parameters<OrderRepository['place']>[3],
): Promise<PlaceOrderResult> {
  const byId = (id: bigint) =>
    client.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE project_id = $1 AND id = $2`, [projectId, id]);
  if (claim) {
    const prior = await priorClaimPostgres(client, projectId, claim, async (id) => (await byId(id)).rows.length > 0);
    if (prior.kind === 'in_use') return { kind: 'key_in_use' };
    if (prior.kind === 'reused') return { kind: 'key_reused' };
    if (prior.kind === 'replay') return { kind: 'replayed', order: toOrder((await byId(prior.id)).rows[0] as OrderRow) };
  }
  if ((await client.query(TAKE_PET, [projectId, order.petId])).rowCount === 0) {
    const pet = await client.query<{ status: PetStatus }>('SELECT status FROM pets WHERE project_id = $1 AND id = $2', [
      projectId,
      order.petId,
    ]);
    const status = pet.rows[0]?.status;
    return status === undefined ? { kind: 'pet_not_found' } : { kind: 'pet_not_available', petStatus: status };
  }
  const placed = toOrder((await client.query<OrderRow>(INSERT_ORDER, [projectId, order.petId, order.quantity, now])).rows[0] as OrderRow);
  if (claim) await recordClaimPostgres(client, projectId, claim, placed.id);
  await events.postgres(client, { type: 'pet.status_changed', projectId, petId: order.petId, from: 'available', to: 'pending' });
  await events.postgres(client, { type: 'order.placed', projectId, order: placed });
  return { kind: 'placed', order: placed };
}

/**
 * Orders in PostgreSQL, apart from SQLite's (sqlite.ts): each change is one transaction of conditional
 * updates (no read decides a write), the order's insert one statement with its id (a CTE). The reads both
 * engines share are in sql.ts.
 */
export function postgresOrders(db: PgDatabase, events: StoreEvents): Omit<OrderRepository, keyof OrderStatements> {
  return {
    place: async (projectId, order, now, claim) => {
      try {
        return await db.transaction((client) => placeIn(client, events, projectId, order, now, claim));
      } catch (err) {
        if (claim && isClaimCollision(err)) return { kind: 'key_in_use' };
        throw err;
      }
    },
    transition: (projectId, id, to) =>
      db.transaction(async (client): Promise<TransitionResult> => {
        const t = TRANSITIONS[to];
        const moved = await client.query<OrderRow>(
          `UPDATE orders SET status = $1, complete = $2 WHERE project_id = $3 AND id = $4 AND status = ANY($5::text[]) RETURNING ${ORDER_COLUMNS}`,
          [to, t.complete, projectId, id, t.from],
        );
        const row = moved.rows[0];
        if (!row) {
          const current = await client.query<{ status: OrderStatus }>('SELECT status FROM orders WHERE project_id = $1 AND id = $2', [
            projectId,
            id,
          ]);
          const status = current.rows[0]?.status;
          return status === undefined ? { kind: 'not_found' } : { kind: 'invalid', current: status };
        }
        const order = toOrder(row);
        if (t.pet) {
          const pet = await client.query('UPDATE pets SET status = $1 WHERE project_id = $2 AND id = $3 AND status = $4', [
            t.pet.to,
            projectId,
            order.petId,
            t.pet.from,
          ]);
          if ((pet.rowCount ?? 0) > 0)
            await events.postgres(client, { type: 'pet.status_changed', projectId, petId: order.petId, from: t.pet.from, to: t.pet.to });
        }
        await events.postgres(client, { type: t.event, projectId, order });
        return { kind: 'done', order };
      }),
  };
}
