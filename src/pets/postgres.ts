import { idempotencyLockId } from '../idempotency/keys.js';
import { keyedWrites, type KeyedStatement } from '../idempotency/postgres.js';
import { batchedWrite, numberedPerProject } from '../storage/postgres/batches.js';
import type { PgDatabase } from '../storage/postgres/database.js';
import { eventCause, newEventId, pgDeliveriesOf, subscriptionNeedle } from '../events/outbox.js';
import { petJson, petPageJson } from './json.js';
import type { Pet } from './schemas.js';
import type { IdempotencyClaim, NewPetRecord, PetRepository } from './repository.js';
import { COLUMNS, toPet, type PetRow } from './rows.js';
import type { PetStatements } from './sql.js';

/*
 * PostgreSQL's own pets statements, apart from SQLite's (sqlite.ts): the creation as one statement of
 * CTEs (the next id, the pet, its event and deliveries in one round trip), and the JSON reads built from
 * the shared rows (sql.ts), as PostgreSQL's own JSON text differs in spacing.
 */

export { idempotencyLockId } from '../idempotency/keys.js';

/**
 * One statement: takes the project's next id (pet_sequences), inserts the pet with it, and its `pet.created`
 * event and deliveries (the outbox, events/outbox.ts), so the write stays one round trip. The upsert locks the
 * project's counter row until the statement commits, so instances creating in one project at once get distinct
 * ids, in commit order: a reader paging by id never passes an id that commits later. The event's data is the
 * pet in petJson's form (pets/json.ts).
 * Parameters: the project, name, category, status and time, then the event id, the subscription needle and the
 * event's cause (outbox.ts `eventCause`).
 */
const INSERT_PET_WITH_EVENT = `
  WITH next AS (
    INSERT INTO pet_sequences AS s (project_id, last_id) VALUES ($1::bigint, 1)
    ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + 1
    RETURNING last_id
  ), pet AS (
    INSERT INTO pets (project_id, id, name, category_id, status, created_at)
    SELECT $1::bigint, last_id, $2::text, $3::bigint, $4::text, $5::timestamptz FROM next
    RETURNING ${COLUMNS}
  ), e AS (
    INSERT INTO events (id, project_id, type, data, created_at, traceparent)
    SELECT $6::text, $1::bigint, 'pet.created',
           '{"id":' || id || ',"name":' || to_json(name)::text || ',"categoryId":' || category_id || ',"status":' || to_json(status)::text || '}',
           $5::timestamptz, $8::text
    FROM pet RETURNING seq, project_id
  ), d AS (${pgDeliveriesOf('e', '$7::text', '$5::timestamptz')}
  )
  SELECT ${COLUMNS} FROM pet`;

/**
 * The CTEs of a batch statement that number the pets of `rows` (a CTE with project_id, name, category_id,
 * status, at, event_id and the write's position n) per project as `numbered`, insert them, and their
 * `pet.created` events and deliveries in the same order; `needle` is the subscription needle's parameter.
 */
const PETS_OF = (rows: string, needle: string) => `${numberedPerProject('pet_sequences', rows)}, pet AS (
    INSERT INTO pets (project_id, id, name, category_id, status, created_at)
    SELECT project_id, id, name, category_id, status, at FROM numbered ORDER BY n
  ), e AS (
    INSERT INTO events (id, project_id, type, data, created_at, traceparent)
    SELECT event_id, project_id, 'pet.created',
           '{"id":' || id || ',"name":' || to_json(name)::text || ',"categoryId":' || category_id || ',"status":' || to_json(status)::text || '}',
           at, traceparent
    FROM numbered ORDER BY n
    RETURNING seq, project_id, created_at
  ), d AS (${pgDeliveriesOf('e', `${needle}::text`, 'e.created_at')}
  )`;

/**
 * INSERT_PET_WITH_EVENT for many pets at once (the group commit, storage/postgres/batches.ts): each
 * project's counter moves once by its count of new pets, which take the ids below it in their order;
 * events and deliveries follow in the same order. Parameters: arrays of the project, name, category,
 * status, time and event id of each pet, then the subscription needle, then each pet's event's cause. Rows: the pets,
 * in their order.
 */
const INSERT_PETS_WITH_EVENTS = `
  WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[], $6::text[], $8::text[])
      WITH ORDINALITY AS i (project_id, name, category_id, status, at, event_id, traceparent, n)
  ), ${PETS_OF('input', '$7')}
  SELECT ${COLUMNS} FROM numbered ORDER BY n`;

/**
 * INSERT_PETS_WITH_EVENTS for creations with an Idempotency-Key, each with its claim in the same statement, so
 * that keyed creations are batched like the others and no lock outlives a statement. A write goes ahead when
 * it takes its key's advisory lock (held to the commit: another instance's request with the key meanwhile is
 * `in_use`) and no record of the key exists; the counters move only for those. The others return no pet:
 * `held` false when the key is in flight elsewhere, true when a record decides (read by the caller).
 * Parameters: arrays of the project, name, category, status, time, event id, key, request hash and lock id of
 * each pet, then the subscription needle, then each pet's event's cause. Rows: one per write, in their order.
 */
const INSERT_KEYED_PETS_WITH_EVENTS = `
  WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::bigint[], $11::text[])
      WITH ORDINALITY AS i (project_id, name, category_id, status, at, event_id, key, request_hash, lock_id, traceparent, n)
  ), locked AS MATERIALIZED (
    SELECT n, pg_try_advisory_xact_lock(lock_id) AS held FROM input
  ), claimed AS (
    SELECT input.* FROM input JOIN locked USING (n)
    WHERE locked.held
      AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.project_id = input.project_id AND k.key = input.key)
  ), ${PETS_OF('claimed', '$10')}, claim AS (
    INSERT INTO idempotency_keys (project_id, key, request_hash, pet_id, created_at)
    SELECT project_id, key, request_hash, id, at FROM numbered
  )
  SELECT locked.held, numbered.id, numbered.name, numbered.category_id, numbered.status
  FROM locked LEFT JOIN numbered USING (n) ORDER BY locked.n`;

interface PetWrite {
  projectId: number;
  pet: NewPetRecord;
  now: Date;
  /** The span that caused it, kept with its event (outbox.ts `eventCause`), taken as the request asks. */
  cause: string | null;
}

/** Pets created without an idempotency key, in batches when they come at once. */
function petWrites(db: PgDatabase): (write: PetWrite) => Promise<Pet> {
  return batchedWrite<PetWrite, Pet>({
    one: async (write) => {
      const { projectId, pet, now } = write;
      const res = await db.prepared<PetRow>(INSERT_PET_WITH_EVENT, [
        projectId,
        pet.name,
        pet.categoryId,
        pet.status,
        now,
        newEventId(),
        subscriptionNeedle('pet.created'),
        write.cause,
      ]);
      return toPet(res.rows[0] as PetRow);
    },
    many: async (writes) => {
      const res = await db.prepared<PetRow>(INSERT_PETS_WITH_EVENTS, [
        writes.map((w) => w.projectId),
        writes.map((w) => w.pet.name),
        writes.map((w) => w.pet.categoryId),
        writes.map((w) => w.pet.status),
        writes.map((w) => w.now),
        writes.map(() => newEventId()),
        subscriptionNeedle('pet.created'),
        writes.map((w) => w.cause),
      ]);
      return res.rows.map(toPet);
    },
  });
}

interface KeyedPetWrite extends PetWrite {
  claim: IdempotencyClaim;
}

/** Pets created with an idempotency key, in batches when they come at once (INSERT_KEYED_PETS_WITH_EVENTS). */
function keyedPetWrites(db: PgDatabase): (write: KeyedPetWrite) => Promise<KeyedStatement<Pet>> {
  const many = async (writes: readonly KeyedPetWrite[]): Promise<KeyedStatement<Pet>[]> => {
    const res = await db.prepared<PetRow & { held: boolean; id: bigint | null }>(INSERT_KEYED_PETS_WITH_EVENTS, [
      writes.map((w) => w.projectId),
      writes.map((w) => w.pet.name),
      writes.map((w) => w.pet.categoryId),
      writes.map((w) => w.pet.status),
      writes.map((w) => w.now),
      writes.map(() => newEventId()),
      writes.map((w) => w.claim.key),
      writes.map((w) => w.claim.requestHash),
      writes.map((w) => idempotencyLockId(w.projectId, w.claim.key).toString()),
      subscriptionNeedle('pet.created'),
      writes.map((w) => w.cause),
    ]);
    return res.rows.map((row) =>
      row.id !== null ? { kind: 'written', value: toPet(row) } : row.held ? { kind: 'recorded' } : { kind: 'in_use' },
    );
  };
  return batchedWrite<KeyedPetWrite, KeyedStatement<Pet>>({
    many,
    one: async (write) => (await many([write]))[0] ?? { kind: 'in_use' },
  });
}

export function postgresPets(db: PgDatabase, shared: PetStatements): Omit<PetRepository, keyof PetStatements> {
  const write = petWrites(db);
  // A creation with an idempotency key: its pet, the earlier one replayed, or a refusal of the key.
  const createKeyed = keyedWrites(db, keyedPetWrites(db), {
    select: `SELECT ${COLUMNS} FROM pets WHERE project_id = $1 AND id = $2`,
    toValue: (row: PetRow) => toPet(row),
  });
  return {
    listJson: async (projectId, q) => petPageJson(await shared.list(projectId, { ...q, limit: q.limit + 1 }), q.limit),
    getJson: async (projectId, id) => {
      const pet = await shared.get(projectId, id);
      return pet ? petJson(pet) : null;
    },
    create: async (projectId, pet, now, claim) => {
      if (!claim) return { kind: 'created', pet: await write({ projectId, pet, now, cause: eventCause() }) };
      const result = await createKeyed({ projectId, pet, now, claim, cause: eventCause() });
      if (result.kind === 'written') return { kind: 'created', pet: result.value };
      if (result.kind === 'replayed') return { kind: 'replayed', pet: result.value };
      return result;
    },
  };
}
