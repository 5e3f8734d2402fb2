import type { SqliteDb } from '../storage/sqlite/database.js';
import type { IdempotencyClaim, PriorClaim } from './keys.js';

/**
 * Idempotency records in SQLite, used inside the write that creates (one
 * writer at a time, so no lock is needed): `prior` says what an earlier
 * record decides and drops an expired one; `record` keeps the new one.
 */
export function sqliteIdempotency(db: SqliteDb) {
  const find = db
    .prepare('SELECT request_hash, pet_id, created_at FROM idempotency_keys WHERE project_id = ? AND key = ?')
    .safeIntegers(true);
  const drop = db.prepare('DELETE FROM idempotency_keys WHERE project_id = ? AND key = ?');
  const insert = db.prepare('INSERT INTO idempotency_keys (project_id, key, request_hash, pet_id, created_at) VALUES (?, ?, ?, ?, ?)');
  return {
    /** `exists(id)`: whether what the record names is still there (else the key is treated as new). */
    prior(projectId: number, claim: IdempotencyClaim, exists: (id: bigint) => boolean): PriorClaim {
      const found = find.get(projectId, claim.key) as { request_hash: string; pet_id: bigint; created_at: bigint } | undefined;
      if (!found) return { kind: 'none' };
      if (Number(found.created_at) >= claim.notBefore.getTime()) {
        if (found.request_hash !== claim.requestHash) return { kind: 'reused' };
        if (exists(found.pet_id)) return { kind: 'replay', id: found.pet_id };
      }
      drop.run(projectId, claim.key);
      return { kind: 'none' };
    },
    record(projectId: number, claim: IdempotencyClaim, id: bigint): void {
      insert.run(projectId, claim.key, claim.requestHash, id, claim.now.getTime());
    },
  };
}
