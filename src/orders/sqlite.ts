import { sqliteIdempotency } from '../idempotency/sqlite.js';
import type { PetStatus } from '../pets/schemas.js';
import type { SqliteDb } from '../storage/sqlite/database.js';
import type { GroupCommit } from '../storage/sqlite/group-commit.js';
import type { StoreEvent, StoreEvents } from './events.js';
import type { OrderRepository, OrderTarget, PlaceOrderResult, TransitionResult } from './repository.js';
import type { Order, OrderStatus } from './schemas.js';
import type { OrderStatements } from './sql.js';
import { ORDER_COLUMNS, TRANSITIONS, toOrder, type OrderRow } from './transitions.js';

/**
 * Orders in SQLite, apart from PostgreSQL's (postgres.ts): the changes, each one synchronous write of the
 * group commit, where PostgreSQL runs a transaction of awaited statements. The reads both engines share
 * are in sql.ts. Every change runs inside one write of the group commit
 * (storage/sqlite/group-commit.ts): a savepoint of the batch transaction, the
 * only writer of the database while it runs, and the updates are conditional
 * (`… AND status = 'available'`), so they hold across processes too. The pets
 * read cache (storage/sqlite/read-cache.ts) sees every such commit on this
 * connection, so a listing read after a 201 is read after the change.
 */
export function sqliteOrders(db: SqliteDb, writes: GroupCommit, events: StoreEvents): Omit<OrderRepository, keyof OrderStatements> {
  const prepare = (text: string) => db.prepare(text).safeIntegers(true);
  const getOne = prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE project_id = ? AND id = ?`);
  const statusOf = db.prepare('SELECT status FROM orders WHERE project_id = ? AND id = ?').pluck();
  const petStatusOf = db.prepare('SELECT status FROM pets WHERE project_id = ? AND id = ?').pluck();
  const takePet = db.prepare("UPDATE pets SET status = 'pending' WHERE project_id = ? AND id = ? AND status = 'available'");
  const movePet = db.prepare('UPDATE pets SET status = ? WHERE project_id = ? AND id = ? AND status = ?');
  const nextId = db
    .prepare(
      `INSERT INTO order_sequences (project_id, last_id) VALUES (?, 1)
       ON CONFLICT (project_id) DO UPDATE SET last_id = last_id + 1 RETURNING last_id`,
    )
    .pluck()
    .safeIntegers(true);
  const insert = db.prepare(
    "INSERT INTO orders (project_id, id, pet_id, quantity, status, complete, created_at) VALUES (?, ?, ?, ?, 'placed', 0, ?)",
  );
  const moves = Object.fromEntries(
    (Object.keys(TRANSITIONS) as OrderTarget[]).map((to) => {
      const t = TRANSITIONS[to];
      const from = t.from.map((s) => `'${s}'`).join(', ');
      return [
        to,
        prepare(
          `UPDATE orders SET status = ?, complete = ? WHERE project_id = ? AND id = ? AND status IN (${from}) RETURNING ${ORDER_COLUMNS}`,
        ),
      ];
    }),
  ) as Record<OrderTarget, ReturnType<typeof prepare>>;
  const claims = sqliteIdempotency(db);

  const place: OrderRepository['place'] = (projectId, order, now, claim) =>
    writes.run((): PlaceOrderResult => {
      if (claim) {
        const prior = claims.prior(projectId, claim, (id) => getOne.get(projectId, id) !== undefined);
        if (prior.kind === 'reused') return { kind: 'key_reused' };
        if (prior.kind === 'replay') return { kind: 'replayed', order: toOrder(getOne.get(projectId, prior.id) as OrderRow) };
      }
      if (takePet.run(projectId, order.petId).changes === 0) {
        const status = petStatusOf.get(projectId, order.petId) as PetStatus | undefined;
        return status === undefined ? { kind: 'pet_not_found' } : { kind: 'pet_not_available', petStatus: status };
      }
      const id = nextId.get(projectId) as bigint;
      insert.run(projectId, id, order.petId, order.quantity, now.getTime());
      // The row as written: no need to read it back.
      const placed: Order = {
        id,
        petId: order.petId,
        quantity: order.quantity,
        status: 'placed',
        complete: false,
        createdAt: now.toISOString(),
      };
      if (claim) claims.record(projectId, claim, id);
      const moved: StoreEvent = { type: 'pet.status_changed', projectId, petId: order.petId, from: 'available', to: 'pending' };
      const made: StoreEvent = { type: 'order.placed', projectId, order: placed };
      if (events.sqliteTwo) events.sqliteTwo(db, moved, made);
      else {
        events.sqlite(db, moved);
        events.sqlite(db, made);
      }
      return { kind: 'placed', order: placed };
    });

  const transition: OrderRepository['transition'] = (projectId, id, to) =>
    writes.run((): TransitionResult => {
      const t = TRANSITIONS[to];
      const row = moves[to].get(to, t.complete ? 1 : 0, projectId, id) as OrderRow | undefined;
      if (!row) {
        const current = statusOf.get(projectId, id) as OrderStatus | undefined;
        return current === undefined ? { kind: 'not_found' } : { kind: 'invalid', current };
      }
      const order = toOrder(row);
      if (t.pet && movePet.run(t.pet.to, projectId, order.petId, t.pet.from).changes > 0)
        events.sqlite(db, { type: 'pet.status_changed', projectId, petId: order.petId, from: t.pet.from, to: t.pet.to });
      events.sqlite(db, { type: t.event, projectId, order });
      return { kind: 'done', order };
    });

  return { place, transition };
}
