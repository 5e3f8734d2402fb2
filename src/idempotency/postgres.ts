import type pg from 'pg';
import { idempotencyLockId, type IdempotencyClaim, type PriorClaim } from './keys.js';

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
  const prior = await client.query<{ request_hash: string; pet_id: bigint; created_at: Date }>(
    'SELECT request_hash, pet_id, created_at FROM idempotency_keys WHERE project_id = $1 AND key = $2',
    [projectId, claim.key],
  );
  const found = prior.rows[0];
  if (!found) return { kind: 'none' };
  if (found.created_at.getTime() >= claim.notBefore.getTime()) {
    if (found.request_hash !== claim.requestHash) return { kind: 'reused' };
    if (await exists(found.pet_id)) return { kind: 'replay', id: found.pet_id };
  }
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
