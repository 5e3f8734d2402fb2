import type { SqliteDb } from '../storage/sqlite/database.js';
import { guard } from '../storage/sqlite/database.js';
import { GroupCommit } from '../storage/sqlite/group-commit.js';
import { ReadCache } from '../storage/sqlite/read-cache.js';
import type { CreatePetResult, IdempotencyClaim, NewPetRecord, PetPageJson, PetQuery, PetRepository } from './repository.js';
import { BEFORE_FIRST, COLUMNS, toPet, type PetRow } from './rows.js';

/**
 * SQLite writes a pet's JSON itself, byte for byte what petJson (pets/json.ts)
 * writes (test/pets/json.test.ts checks it): reading rows as text skips building
 * an object and two BigInts per row only to serialise them again.
 */
const PET_JSON = "json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status)";
const ID_PREFIX = '{"id":';
/**
 * `LIMIT ? + 0`, not `LIMIT ?`: SQLite plans with the value bound to a bare
 * LIMIT parameter, so rebinding it re-prepares the statement on every run,
 * which cost more than reading the page. An expression keeps the plan.
 */
const LIMIT = 'LIMIT ? + 0';

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
export function sqlitePets(db: SqliteDb, writes: GroupCommit = new GroupCommit(db)): PetRepository {
  const listAll = db.prepare(`SELECT ${COLUMNS} FROM pets WHERE project_id = ? AND id > ? ORDER BY id ${LIMIT}`).safeIntegers(true);
  const listByStatus = db
    .prepare(`SELECT ${COLUMNS} FROM pets WHERE project_id = ? AND status = ? AND id > ? ORDER BY id ${LIMIT}`)
    .safeIntegers(true);
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
  const findClaim = db
    .prepare('SELECT request_hash, pet_id, created_at FROM idempotency_keys WHERE project_id = ? AND key = ?')
    .safeIntegers(true);
  const dropClaim = db.prepare('DELETE FROM idempotency_keys WHERE project_id = ? AND key = ?');
  const insertClaim = db.prepare('INSERT INTO idempotency_keys (project_id, key, request_hash, pet_id, created_at) VALUES (?, ?, ?, ?, ?)');
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  const pages = new ReadCache<PetPageJson>(db, READ_CACHE_BYTES, (page) => page.json.length);
  const single = new ReadCache<string | null>(db, READ_CACHE_BYTES, (pet) => pet?.length ?? 0);

  // Atomic because GroupCommit runs every write in a savepoint of its batch transaction. Each project
  // numbers its pets itself (pet_sequences); one writer at a time, so ids ascend in commit order.
  const createRows = (projectId: number, pet: NewPetRecord, now: Date, claim?: IdempotencyClaim): CreatePetResult => {
    if (claim) {
      const prior = findClaim.get(projectId, claim.key) as { request_hash: string; pet_id: bigint; created_at: bigint } | undefined;
      if (prior && Number(prior.created_at) >= claim.notBefore.getTime()) {
        if (prior.request_hash !== claim.requestHash) return { kind: 'key_reused' };
        const first = getOne.get(prior.pet_id, projectId) as PetRow | undefined;
        if (first) return { kind: 'replayed', pet: toPet(first) };
      }
      if (prior) dropClaim.run(projectId, claim.key);
    }
    const id = nextId.get(projectId) as bigint;
    const row = insert.get(projectId, id, pet.name, pet.categoryId, pet.status, now.getTime()) as PetRow;
    if (claim) insertClaim.run(projectId, claim.key, claim.requestHash, row.id, claim.now.getTime());
    return { kind: 'created', pet: toPet(row) };
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
    list: (projectId: number, q: PetQuery) =>
      guard(() => {
        const after = q.after ?? BEFORE_FIRST;
        const rows = (
          q.status ? listByStatus.all(projectId, q.status, after, q.limit) : listAll.all(projectId, after, q.limit)
        ) as PetRow[];
        return rows.map(toPet);
      }),
    listJson: (projectId: number, q: PetQuery) => guard(() => listJsonNow(projectId, q)),
    get: (projectId, id) =>
      guard(() => {
        const row = getOne.get(id, projectId) as PetRow | undefined;
        return row ? toPet(row) : null;
      }),
    getJson: (projectId, id) => guard(() => getJsonNow(projectId, id)),
    listJsonNow,
    getJsonNow,
    create: (projectId, pet, now, claim) => writes.run(() => createRows(projectId, pet, now, claim)),
    purgeIdempotencyKeys: (olderThan) => guard(() => purge.run(olderThan.getTime()).changes),
  };
}
