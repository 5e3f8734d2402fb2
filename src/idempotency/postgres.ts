import type pg from 'pg';
import type { PgDatabase } from '../storage/postgres/database.js';
import { idempotencyLockId, type IdempotencyClaim, type PriorClaim } from './keys.js';

/** A record of an idempotency key; `pet_id` holds the id of whatever the first request created. */
interface KeyRecord {
  request_hash: string;
  pet_id: bigint;
  created_at: Date;
}

const RECORD_OF_KEY = 'SELECT request_hash, pet_id, created_at FROM idempotency_keys WHERE project_id = $1 AND key = $2';

/** What a record says to a request with its key: another request used it, it names this one's result, or it has expired. */
function standingOf(found: KeyRecord, claim: IdempotencyClaim): 'reused' | 'current' | 'expired' {
  if (found.created_at.getTime() < claim.notBefore.getTime()) return 'expired';
  return found.request_hash === claim.requestHash ? 'current' : 'reused';
}

/**
 * Inside the creating transaction: takes the key's advisory lock (held until
 * commit, so another instance processing the same key answers `in_use`), then
 * says what an earlier record decides, dropping an expired one.
 * `exists(id)`: whether what the record names is still there.
 */
export async function priorClaimPostgres(
  client: pg.PoolClient,
  projectId: number,
  claim: IdempotencyClaim,
  exists: (id: bigint) => Promise<boolean>,
): Promise<PriorClaim> {
  const lock = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
    idempotencyLockId(projectId, claim.key),
  ]);
  if (!lock.rows[0]?.locked) return { kind: 'in_use' };
  const found = (await client.query<KeyRecord>(RECORD_OF_KEY, [projectId, claim.key])).rows[0];
  if (!found) return { kind: 'none' };
  const standing = standingOf(found, claim);
  if (standing === 'reused') return { kind: 'reused' };
  if (standing === 'current' && (await exists(found.pet_id))) return { kind: 'replay', id: found.pet_id };
  await client.query('DELETE FROM idempotency_keys WHERE project_id = $1 AND key = $2', [projectId, claim.key]);
  return { kind: 'none' };
}

export async function recordClaimPostgres(client: pg.PoolClient, projectId: number, claim: IdempotencyClaim, id: bigint): Promise<void> {
  await client.query('INSERT INTO idempotency_keys (project_id, key, request_hash, pet_id, created_at) VALUES ($1, $2, $3, $4, $5)', [
    projectId,
    claim.key,
    claim.requestHash,
    id,
    claim.now,
  ]);
}

const UNIQUE_VIOLATION = '23505';

/** Only reachable if two lock ids collide: the other request holds the key. */
export const isClaimCollision = (err: unknown): boolean => (err as { code?: unknown }).code === UNIQUE_VIOLATION;

/** What a keyed write's statement made of it (the write's key lock taken in the statement): written, in use, or recorded. */
export type KeyedStatement<W> = { kind: 'written'; value: W } | { kind: 'in_use' } | { kind: 'recorded' };

/** What a keyed write comes to: what it wrote, the replay of what an earlier one wrote, or a refusal of the key. */
export type KeyedWrite<W, R> =
  { kind: 'written'; value: W } | { kind: 'replayed'; value: R } | { kind: 'key_in_use' } | { kind: 'key_reused' };

/** Tries before a key whose record keeps changing under it is answered as in use. */
const KEYED_ATTEMPTS = 3;

/**
 * A write with an idempotency key whose statement takes the key's advisory lock and writes only when no record
 * of the key exists (pets' and orders' batch statements). The write comes first (most keys are new); when a
 * record exists, it decides: the same request within the TTL replays what it names (`replay`, null when that
 * is gone), another request is `key_reused`, and an expired record (or one whose row is gone) is removed and
 * the write tried again.
 */
export async function writeKeyed<W, R>(
  db: Pick<PgDatabase, 'query'>,
  projectId: number,
  claim: IdempotencyClaim,
  write: () => Promise<KeyedStatement<W>>,
  replay: (id: bigint) => Promise<R | null>,
): Promise<KeyedWrite<W, R>> {
  for (let attempt = 0; attempt < KEYED_ATTEMPTS; attempt++) {
    let outcome: KeyedStatement<W>;
    try {
      outcome = await write();
    } catch (err) {
      // The record was committed after the statement began (a unique violation): it decides, as below.
      if (!isClaimCollision(err)) throw err;
      outcome = { kind: 'recorded' };
    }
    if (outcome.kind === 'written') return outcome;
    if (outcome.kind === 'in_use') return { kind: 'key_in_use' };
    const found = (await db.query<KeyRecord>(RECORD_OF_KEY, [projectId, claim.key])).rows[0];
    if (!found) continue;
    const standing = standingOf(found, claim);
    if (standing === 'reused') return { kind: 'key_reused' };
    if (standing === 'current') {
      const earlier = await replay(found.pet_id);
      if (earlier !== null) return { kind: 'replayed', value: earlier };
    }
    // Only the record read: one another request put in its place meanwhile stays.
    await db.query('DELETE FROM idempotency_keys WHERE project_id = $1 AND key = $2 AND pet_id = $3 AND created_at = $4', [
      projectId,
      claim.key,
      found.pet_id,
      found.created_at,
    ]);
  }
  return { kind: 'key_in_use' };
}

/**
 * `writeKeyed` of one input through its statement (`write`, batched by the caller), what an earlier request
 * wrote replayed from its row read by `replay.select` (`$1` the project, `$2` the id): pets' creation and
 * orders' placement.
 */
export const keyedWrites =
  <I extends { projectId: number; claim: IdempotencyClaim }, W, Row extends pg.QueryResultRow, R>(
    db: Pick<PgDatabase, 'query'>,
    write: (input: I) => Promise<KeyedStatement<W>>,
    replay: { select: string; toValue: (row: Row) => R },
  ) =>
  (input: I): Promise<KeyedWrite<W, R>> =>
    writeKeyed(
      db,
      input.projectId,
      input.claim,
      () => write(input),
      async (id) => {
        const row = (await db.query<Row>(replay.select, [input.projectId, id])).rows[0];
        return row ? replay.toValue(row) : null;
      },
    );
