import type pg from 'pg';
import { isClaimCollision, keyedWrites, priorClaimPostgres, recordClaimPostgres, type KeyedStatement } from '../idempotency/postgres.js';
import { idempotencyLockId, type IdempotencyClaim } from '../idempotency/keys.js';
import type { PetStatus } from '../pets/schemas.js';
import { batchedWrite, numberedPerProject } from '../storage/postgres/batches.js';
import type { PgDatabase } from '../storage/postgres/database.js';
import { eventCause, newEventId, pgDeliveriesOf } from '../events/outbox.js';
import type { StoreEvents } from './events.js';
import { storeEventData } from './outbox.js';
import type { NewOrderRecord, OrderRepository, PlaceOrderResult, TransitionResult } from './repository.js';
import type { Order, OrderStatus } from './schemas.js';
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

/**
 * A placement without an idempotency key as one statement, so it is one round trip and its locks (the
 * pet's row, the project's order counter) are released as soon as it ends: TAKE_PET, then INSERT_ORDER
 * from the pet it took, then the two events of the outbox (PG_EMIT's rows: the pet's move, then the
 * order, their sequence numbers in that order) and their deliveries. No row when the pet was not taken.
 * Parameters: project, pet, quantity, time, the two event ids, the pet's move's data, the order's data
 * around its id, the events' time, the events' cause (events/outbox.ts `eventCause`).
 */
const PLACE_WITH_EVENTS = `
  WITH took AS (
    UPDATE pets SET status = 'pending' WHERE project_id = $1::bigint AND id = $2::bigint AND status = 'available' RETURNING id
  ), next AS (
    INSERT INTO order_sequences AS s (project_id, last_id) SELECT $1::bigint, 1 FROM took
    ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + 1
    RETURNING last_id
  ), placed AS (
    INSERT INTO orders (project_id, id, pet_id, quantity, status, complete, created_at)
    SELECT $1::bigint, last_id, $2::bigint, $3::bigint, 'placed', false, $4::timestamptz FROM next
    RETURNING ${ORDER_COLUMNS}
  ), e AS (
    INSERT INTO events (id, project_id, type, data, created_at, traceparent)
    SELECT v.id, $1::bigint, v.type, v.data, $10::timestamptz, $11::text
    FROM placed CROSS JOIN LATERAL (VALUES
      (1, $5::text, 'pet.status_changed', $7::text),
      (2, $6::text, 'order.placed', $8::text || placed.id || $9::text)
    ) AS v (n, id, type, data)
    ORDER BY v.n
    RETURNING seq, project_id, type
  ), d AS (${pgDeliveriesOf('e', "',' || e.type || ','", '$10::timestamptz')}
  )
  SELECT ${ORDER_COLUMNS} FROM placed`;

/** The order.placed data of PLACE_WITH_EVENTS: storeEventData's text before and after the order's id. */
function placedDataAround(order: NewOrderRecord, now: Date): [string, string] {
  const data = storeEventData({
    type: 'order.placed',
    projectId: 0,
    order: { id: 0n, petId: order.petId, quantity: order.quantity, status: 'placed', complete: false, createdAt: now.toISOString() },
  });
  const head = '{"id":';
  return [head, data.slice(head.length + 1)];
}

/** Why a pet was not taken, read after the statement that tried (a new snapshot: it sees the placement that won). */
async function notTaken(db: PgDatabase, projectId: number, petId: bigint): Promise<PlaceOrderResult> {
  const pet = await db.prepared<{ status: PetStatus }>('SELECT status FROM pets WHERE project_id = $1 AND id = $2', [projectId, petId]);
  const status = pet.rows[0]?.status;
  return status === undefined ? { kind: 'pet_not_found' } : { kind: 'pet_not_available', petStatus: status };
}

async function placeInOneStatement(
  db: PgDatabase,
  projectId: number,
  order: NewOrderRecord,
  now: Date,
  cause: string | null,
): Promise<PlaceOrderResult> {
  const [before, after] = placedDataAround(order, now);
  const moved = storeEventData({ type: 'pet.status_changed', projectId, petId: order.petId, from: 'available', to: 'pending' });
  const res = await db.prepared<OrderRow>(PLACE_WITH_EVENTS, [
    projectId,
    order.petId,
    order.quantity,
    now,
    newEventId(),
    newEventId(),
    moved,
    before,
    after,
    new Date(),
    cause,
  ]);
  const row = res.rows[0];
  return row === undefined ? notTaken(db, projectId, order.petId) : { kind: 'placed', order: toOrder(row) };
}

/**
 * PLACE_WITH_EVENTS for many placements at once (the group commit, storage/postgres/batches.ts). Of
 * placements for one pet only the first can take it. The pets are locked first, in one order (project,
 * id), and the counters after, also in order, so batches in flight at once wait for each other rather
 * than deadlock. Each project's counter moves once by its count of orders, which take the ids below it in
 * their order; events and deliveries follow in the same order. Parameters: arrays of the project, pet,
 * quantity, time, the two event ids, the pet's move's data and the order's data around its id of each
 * placement, then the events' time, then each placement's events' cause (outbox.ts `eventCause`; the 15th parameter
 * when keyed). Rows: the orders placed, each with its placement's position (`n`, from 1).
 */
const placeManyWithEvents = (keyed: boolean): string => `
  WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]${keyed ? ', $11::text[], $12::text[], $13::bigint[], $14::timestamptz[], $15::text[]' : ', $11::text[]'})
      WITH ORDINALITY AS i (project_id, pet_id, quantity, at, moved_id, placed_id, moved, before, after${keyed ? ', key, request_hash, lock_id, claimed_at' : ''}, traceparent, n)
  ), ${
    keyed
      ? `held AS MATERIALIZED (
    SELECT n, CASE WHEN n = min(n) OVER (PARTITION BY project_id, key) THEN pg_try_advisory_xact_lock(lock_id) ELSE false END AS held
    FROM input
  ), claimed AS MATERIALIZED (
    SELECT input.* FROM input JOIN held USING (n)
    WHERE held.held AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.project_id = input.project_id AND k.key = input.key)
  ), first AS (
    SELECT DISTINCT ON (project_id, pet_id) * FROM claimed ORDER BY project_id, pet_id, n`
      : `first AS (
    SELECT DISTINCT ON (project_id, pet_id) * FROM input ORDER BY project_id, pet_id, n`
  }
  ), locked AS MATERIALIZED (
    SELECT p.project_id, p.id FROM pets p JOIN first f ON p.project_id = f.project_id AND p.id = f.pet_id
    WHERE p.status = 'available' ORDER BY p.project_id, p.id FOR UPDATE OF p
  ), took AS (
    UPDATE pets p SET status = 'pending' FROM first f JOIN locked l ON l.project_id = f.project_id AND l.id = f.pet_id
    WHERE p.project_id = l.project_id AND p.id = l.id AND p.status = 'available'
    RETURNING f.*
  ), ${numberedPerProject('order_sequences', 'took')}, placed AS (
    INSERT INTO orders (project_id, id, pet_id, quantity, status, complete, created_at)
    SELECT project_id, id, pet_id, quantity, 'placed', false, at FROM numbered ORDER BY n
    RETURNING project_id, ${ORDER_COLUMNS}
  ), e AS (
    INSERT INTO events (id, project_id, type, data, created_at, traceparent)
    SELECT v.id, numbered.project_id, v.type, v.data, $10::timestamptz, numbered.traceparent
    FROM numbered CROSS JOIN LATERAL (VALUES
      (1, numbered.moved_id, 'pet.status_changed', numbered.moved),
      (2, numbered.placed_id, 'order.placed', numbered.before || numbered.id || numbered.after)
    ) AS v (k, id, type, data)
    ORDER BY numbered.n, v.k
    RETURNING seq, project_id, type
  ), d AS (${pgDeliveriesOf('e', "',' || e.type || ','", '$10::timestamptz')}
  )${
    keyed
      ? `, claim AS (
    INSERT INTO idempotency_keys (project_id, key, request_hash, pet_id, created_at)
    SELECT project_id, key, request_hash, id, claimed_at FROM numbered
  )
  SELECT held.n, held.held, claimed.n IS NOT NULL AS claimed, p.${ORDER_COLUMNS.split(', ').join(', p.')}
  FROM held LEFT JOIN claimed USING (n)
    LEFT JOIN (SELECT numbered.n, placed.* FROM placed JOIN numbered USING (project_id, id)) p USING (n)
  ORDER BY held.n`
      : `
  SELECT numbered.n, placed.* FROM placed JOIN numbered USING (project_id, id)`
  }`;

const PLACE_MANY_WITH_EVENTS = placeManyWithEvents(false);

/**
 * PLACE_MANY_WITH_EVENTS for placements with an idempotency key, as one statement, so no lock outlives it (the
 * pets' rows, the project's order counter: a transaction of several round trips held the counter across them,
 * and keyed placements in one project queued on it past the statement bound under load). Each placement first
 * takes its key's advisory lock (held to the statement's commit: another instance's request with the key
 * meanwhile is 409) and goes ahead only when no record of the key exists; its order, events, deliveries and
 * the key's record are written together. Extra parameters: arrays of the key, the request's hash, the key's
 * lock id and the record's time. A key sent twice in one batch is held by its first placement only (an advisory
 * lock is taken again by the transaction that holds it): the second is in use, as it would be from another
 * instance. Rows: one per placement, in order, with `held` (the key's lock),
 * `claimed` (no record of it existed) and the order when one was placed.
 */
const PLACE_KEYED_MANY_WITH_EVENTS = placeManyWithEvents(true);

interface Placement {
  projectId: number;
  order: NewOrderRecord;
  now: Date;
  /** The span that caused it, kept with its events (outbox.ts `eventCause`), taken as the request asks. */
  cause: string | null;
}

/** Placements without an idempotency key, in batches when they come at once. */
function placements(db: PgDatabase): (placement: Placement) => Promise<PlaceOrderResult> {
  return batchedWrite<Placement, PlaceOrderResult>({
    one: ({ projectId, order, now, cause }) => placeInOneStatement(db, projectId, order, now, cause),
    many: async (batch) => {
      const res = await db.prepared<OrderRow & { n: bigint }>(PLACE_MANY_WITH_EVENTS, [
        ...placementParameters(batch),
        batch.map((p) => p.cause),
      ]);
      const placed = new Map(res.rows.map((row) => [Number(row.n) - 1, row]));
      return Promise.all(
        batch.map(({ projectId, order }, i): PlaceOrderResult | Promise<PlaceOrderResult> => {
          const row = placed.get(i);
          return row === undefined ? notTaken(db, projectId, order.petId) : { kind: 'placed', order: toOrder(row) };
        }),
      );
    },
  });
}

interface KeyedPlacement extends Placement {
  claim: IdempotencyClaim;
}

/** The statement's parameters for these placements (PLACE_MANY_WITH_EVENTS's ten). */
function placementParameters(batch: readonly Placement[]): unknown[] {
  const data = batch.map(({ projectId, order, now }) => ({
    around: placedDataAround(order, now),
    moved: storeEventData({ type: 'pet.status_changed', projectId, petId: order.petId, from: 'available', to: 'pending' }),
  }));
  return [
    batch.map((p) => p.projectId),
    batch.map((p) => p.order.petId),
    batch.map((p) => p.order.quantity),
    batch.map((p) => p.now),
    batch.map(() => newEventId()),
    batch.map(() => newEventId()),
    data.map((d) => d.moved),
    data.map((d) => d.around[0]),
    data.map((d) => d.around[1]),
    new Date(),
  ];
}

/** Placements with an idempotency key, in batches when they come at once (PLACE_KEYED_MANY_WITH_EVENTS). */
function keyedPlacements(db: PgDatabase): (placement: KeyedPlacement) => Promise<KeyedStatement<Order | null>> {
  const many = async (batch: readonly KeyedPlacement[]): Promise<KeyedStatement<Order | null>[]> => {
    const res = await db.prepared<Partial<OrderRow> & { held: boolean; claimed: boolean }>(PLACE_KEYED_MANY_WITH_EVENTS, [
      ...placementParameters(batch),
      batch.map((p) => p.claim.key),
      batch.map((p) => p.claim.requestHash),
      batch.map((p) => idempotencyLockId(p.projectId, p.claim.key).toString()),
      batch.map((p) => p.claim.now),
      batch.map((p) => p.cause),
    ]);
    // A placement that went ahead (its key held, no record of it) but whose pet could not be taken wrote nothing: null.
    return res.rows.map((row): KeyedStatement<Order | null> => {
      if (row.id !== null && row.id !== undefined) return { kind: 'written', value: toOrder(row as OrderRow) };
      if (!row.held) return { kind: 'in_use' };
      return row.claimed ? { kind: 'written', value: null } : { kind: 'recorded' };
    });
  };
  return batchedWrite<KeyedPlacement, KeyedStatement<Order | null>>({
    many,
    one: async (placement) => (await many([placement]))[0] ?? { kind: 'in_use' },
  });
}

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
 * updates (no read decides a write), the order's insert one statement with its id (a CTE); a placement
 * without an idempotency key, with its events, one statement. The reads both
 * engines share are in sql.ts.
 */
export function postgresOrders(db: PgDatabase, events: StoreEvents): Omit<OrderRepository, keyof OrderStatements> {
  const place = placements(db);
  // A placement with an idempotency key: its order, the earlier one replayed, or a refusal of the key.
  const placeWithKey = keyedWrites(db, keyedPlacements(db), {
    select: `SELECT ${ORDER_COLUMNS} FROM orders WHERE project_id = $1 AND id = $2`,
    toValue: (row: OrderRow) => toOrder(row),
  });
  const placeKeyed = async (input: KeyedPlacement): Promise<PlaceOrderResult> => {
    const result = await placeWithKey(input);
    if (result.kind === 'written')
      return result.value === null ? notTaken(db, input.projectId, input.order.petId) : { kind: 'placed', order: result.value };
    if (result.kind === 'replayed') return { kind: 'replayed', order: result.value };
    return result;
  };
  return {
    place: async (projectId, order, now, claim) => {
      if (events.outboxRows === true) {
        const cause = eventCause();
        return claim ? placeKeyed({ projectId, order, now, claim, cause }) : place({ projectId, order, now, cause });
      }
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
