import type pg from 'pg';
import { isClaimCollision, priorClaimPostgres, recordClaimPostgres } from '../idempotency/postgres.js';
import { batchedWrite, numberedPerProject } from '../storage/postgres/batches.js';
import type { PgDatabase } from '../storage/postgres/database.js';
import { emitPg, newEventId, pgDeliveriesOf, subscriptionNeedle } from '../events/outbox.js';
import { petJson, petPageJson } from './json.js';
import type { Pet } from './schemas.js';
import type { CreatePetResult, IdempotencyClaim, NewPetRecord, PetRepository } from './repository.js';
import { COLUMNS, toPet, type PetRow } from './rows.js';
import type { PetStatements } from './sql.js';

/*
 * PostgreSQL's own pets statements, apart from SQLite's (sqlite.ts): the creation as one statement of
 * CTEs (the next id, the pet, its event and deliveries in one round trip), and the JSON reads built from
 * the shared rows (sql.ts), as PostgreSQL's own JSON text differs in spacing.
 */

export { idempotencyLockId } from '../idempotency/keys.js';

/**
 * One statement: takes the project's next id (pet_sequences) and inserts the pet with it.
 * The upsert locks the project's counter row until the transaction commits, so
 * instances creating in one project at once get distinct ids, in commit order:
 * a reader paging by id never passes an id that commits later.
 */
const INSERT_PET = `
  WITH next AS (
    INSERT INTO pet_sequences AS s (project_id, last_id) VALUES ($1::bigint, 1)
    ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + 1
    RETURNING last_id
  )
  INSERT INTO pets (project_id, id, name, category_id, status, created_at)
  SELECT $1::bigint, last_id, $2::text, $3::bigint, $4::text, $5::timestamptz FROM next
  RETURNING ${COLUMNS}`;

/**
 * INSERT_PET with its `pet.created` event and deliveries in the same statement
 * (the outbox, events/outbox.ts), so the write stays one round trip. The event's data is
 * the pet in petJson's form (pets/json.ts).
 * Parameters: those of INSERT_PET, then the event id and the subscription needle.
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
    INSERT INTO events (id, project_id, type, data, created_at)
    SELECT $6::text, $1::bigint, 'pet.created',
           '{"id":' || id || ',"name":' || to_json(name)::text || ',"categoryId":' || category_id || ',"status":' || to_json(status)::text || '}',
           $5::timestamptz
    FROM pet RETURNING seq, project_id
  ), d AS (${pgDeliveriesOf('e', '$7::text', '$5::timestamptz')}
  )
  SELECT ${COLUMNS} FROM pet`;

/**
 * INSERT_PET_WITH_EVENT for many pets at once (the group commit, storage/postgres/batches.ts): each
 * project's counter moves once by its count of new pets, which take the ids below it in their order;
 * events and deliveries follow in the same order. Parameters: arrays of the project, name, category,
 * status, time and event id of each pet, then the subscription needle. Rows: the pets, in their order.
 */
const INSERT_PETS_WITH_EVENTS = `
  WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[], $6::text[])
      WITH ORDINALITY AS i (project_id, name, category_id, status, at, event_id, n)
  ), ${numberedPerProject('pet_sequences', 'input')}, pet AS (
    INSERT INTO pets (project_id, id, name, category_id, status, created_at)
    SELECT project_id, id, name, category_id, status, at FROM numbered ORDER BY n
  ), e AS (
    INSERT INTO events (id, project_id, type, data, created_at)
    SELECT event_id, project_id, 'pet.created',
           '{"id":' || id || ',"name":' || to_json(name)::text || ',"categoryId":' || category_id || ',"status":' || to_json(status)::text || '}',
           at
    FROM numbered ORDER BY n
    RETURNING seq, project_id, created_at
  ), d AS (${pgDeliveriesOf('e', '$7::text', 'e.created_at')}
  )
  SELECT ${COLUMNS} FROM numbered ORDER BY n`;

interface PetWrite {
  projectId: number;
  pet: NewPetRecord;
  now: Date;
}

/** Pets created without an idempotency key, in batches when they come at once. */
function petWrites(db: PgDatabase): (write: PetWrite) => Promise<Pet> {
  return batchedWrite<PetWrite, Pet>({
    one: async ({ projectId, pet, now }) => {
      const res = await db.prepared<PetRow>(INSERT_PET_WITH_EVENT, [
        projectId,
        pet.name,
        pet.categoryId,
        pet.status,
        now,
        newEventId(),
        subscriptionNeedle('pet.created'),
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
      ]);
      return res.rows.map(toPet);
    },
  });
}

async function createWithClaim(
  client: pg.PoolClient,
  projectId: number,
  pet: NewPetRecord,
  now: Date,
  claim: IdempotencyClaim,
): Promise<CreatePetResult> {
  const byId = (id: bigint) => client.query<PetRow>(`SELECT ${COLUMNS} FROM pets WHERE id = $1 AND project_id = $2`, [id, projectId]);
  const prior = await priorClaimPostgres(client, projectId, claim, async (id) => (await byId(id)).rows.length > 0);
  if (prior.kind === 'in_use') return { kind: 'key_in_use' };
  if (prior.kind === 'reused') return { kind: 'key_reused' };
  if (prior.kind === 'replay') return { kind: 'replayed', pet: toPet((await byId(prior.id)).rows[0] as PetRow) };
  const inserted = await client.query<PetRow>(INSERT_PET, [projectId, pet.name, pet.categoryId, pet.status, now]);
  const row = inserted.rows[0] as PetRow;
  await emitPg(client, projectId, 'pet.created', petJson(toPet(row)), now);
  await recordClaimPostgres(client, projectId, claim, row.id);
  return { kind: 'created', pet: toPet(row) };
}

export function postgresPets(db: PgDatabase, shared: PetStatements): Omit<PetRepository, keyof PetStatements> {
  const write = petWrites(db);
  return {
    listJson: async (projectId, q) => petPageJson(await shared.list(projectId, { ...q, limit: q.limit + 1 }), q.limit),
    getJson: async (projectId, id) => {
      const pet = await shared.get(projectId, id);
      return pet ? petJson(pet) : null;
    },
    create: async (projectId, pet, now, claim) => {
      if (!claim) return { kind: 'created', pet: await write({ projectId, pet, now }) };
      try {
        return await db.transaction((client) => createWithClaim(client, projectId, pet, now, claim));
      } catch (err) {
        if (isClaimCollision(err)) return { kind: 'key_in_use' };
        throw err;
      }
    },
  };
}
