import type { SqliteDb } from '../storage/sqlite/database.js';
import { guard } from '../storage/sqlite/database.js';
import { GroupCommit } from '../storage/sqlite/group-commit.js';
import { ReadCache } from '../storage/sqlite/read-cache.js';
import { LIMIT } from '../storage/sql.js';
import { sqliteOutbox } from '../events/outbox.js';
import { petJson } from './json.js';
import { sqliteIdempotency } from '../idempotency/sqlite.js';
import type { CreatePetResult, IdempotencyClaim, NewPetRecord, PetPageJson, PetQuery, PetRepository } from './repository.js';
import { BEFORE_FIRST, COLUMNS, toPet, type PetRow } from './rows.js';
import type { PetStatements } from './sql.js';

/*
 * SQLite's own pets statements, apart from PostgreSQL's (postgres.ts): the reads the front door makes
 * without a promise (listJsonNow, getJsonNow, pets/early.ts), as JSON SQLite writes itself, behind the
 * read cache; and the creation, one synchronous write of the group commit. The statements both engines
 * share are in sql.ts.
 */

/**
 * SQLite writes a pet's JSON itself, byte for byte what petJson (pets/json.ts)
 * writes (test/pets/json.test.ts checks it): reading rows as text skips building
 * an object and two BigInts per row only to serialise them again.
 */
const PET_JSON = "json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status)";
const ID_PREFIX = '{"id":';

/** Pages and pets served from memory until the next commit (storage/sqlite/read-cache.ts). */
const READ_CACHE_BYTES = 4 * 1024 * 1024;

/** The id of a pet in PET_JSON form: its first member. */
function idOfJson(pet: string): bigint {
  return BigInt(pet.slice(ID_PREFIX.length, pet.indexOf(',', ID_PREFIX.length)));
}

/** A page from up to limit + 1 pets as JSON text: the extra one only proves that more follow. */
function pageOf(rows: string[], limit: number): PetPageJson {
  if (rows.length <= limit) return { json: `[${rows.join(',')}]`, lastIdIfMore: null };
  rows.length = limit;
  return { json: `[${rows.join(',')}]`, lastIdIfMore: idOfJson(rows[limit - 1] ?? '') };
}

/** Pets in SQLite; creations go through `writes`, so concurrent ones share a commit (and its fsync). */
export function sqlitePets(db: SqliteDb, writes: GroupCommit = new GroupCommit(db)): Omit<PetRepository, keyof PetStatements> {
  const getOne = db.prepare(`SELECT ${COLUMNS} FROM pets WHERE id = ? AND project_id = ?`).safeIntegers(true);
  const listAllJson = db.prepare(`SELECT ${PET_JSON} FROM pets WHERE project_id = ? AND id > ? ORDER BY id ${LIMIT}`).pluck();
  const listByStatusJson = db
    .prepare(`SELECT ${PET_JSON} FROM pets WHERE project_id = ? AND status = ? AND id > ? ORDER BY id ${LIMIT}`)
    .pluck();
  const getOneJson = db.prepare(`SELECT ${PET_JSON} FROM pets WHERE id = ? AND project_id = ?`).pluck();
  const nextId = db
    .prepare(
      `INSERT INTO pet_sequences (project_id, last_id) VALUES (?, 1)
       ON CONFLICT (project_id) DO UPDATE SET last_id = last_id + 1 RETURNING last_id`,
    )
    .pluck()
    .safeIntegers(true);
  const insert = db
    .prepare(`INSERT INTO pets (project_id, id, name, category_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`)
    .safeIntegers(true);
  const claims = sqliteIdempotency(db);
  const emit = sqliteOutbox(db);
  const pages = new ReadCache<PetPageJson>(db, READ_CACHE_BYTES, (page) => page.json.length);
  const single = new ReadCache<string | null>(db, READ_CACHE_BYTES, (pet) => pet?.length ?? 0);

  // Atomic because GroupCommit runs every write in a savepoint of its batch transaction. Each project
  // numbers its pets itself (pet_sequences); one writer at a time, so ids ascend in commit order.
  const createRows = (projectId: number, pet: NewPetRecord, now: Date, claim?: IdempotencyClaim): CreatePetResult => {
    if (claim) {
      const prior = claims.prior(projectId, claim, (id) => getOne.get(id, projectId) !== undefined);
      if (prior.kind === 'reused') return { kind: 'key_reused' };
      if (prior.kind === 'replay') return { kind: 'replayed', pet: toPet(getOne.get(prior.id, projectId) as PetRow) };
    }
    const id = nextId.get(projectId) as bigint;
    const row = insert.get(projectId, id, pet.name, pet.categoryId, pet.status, now.getTime()) as PetRow;
    if (claim) claims.record(projectId, claim, row.id);
    const created = toPet(row);
    emit(projectId, 'pet.created', petJson(created), now.getTime());
    return { kind: 'created', pet: created };
  };

  // The reads both paths make: the regular one through a promise (`guard`), the front door without one.
  const listJsonNow = (projectId: number, q: PetQuery): PetPageJson => {
    const after = q.after ?? BEFORE_FIRST;
    return pages.get(`${String(projectId)}|${q.status ?? ''}|${String(after)}|${String(q.limit)}`, () => {
      const rows = (
        q.status ? listByStatusJson.all(projectId, q.status, after, q.limit + 1) : listAllJson.all(projectId, after, q.limit + 1)
      ) as string[];
      return pageOf(rows, q.limit);
    });
  };
  const getJsonNow = (projectId: number, id: bigint): string | null =>
    single.get(`${String(projectId)}|${String(id)}`, () => (getOneJson.get(id, projectId) as string | undefined) ?? null);

  return {
    listJson: (projectId: number, q: PetQuery) => guard(() => listJsonNow(projectId, q)),
    getJson: (projectId, id) => guard(() => getJsonNow(projectId, id)),
    listJsonNow,
    getJsonNow,
    create: (projectId, pet, now, claim) => writes.run(() => createRows(projectId, pet, now, claim)),
  };
}
