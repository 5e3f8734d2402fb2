import { createHash } from 'node:crypto';

/**
 * Idempotency-Key, shared by the operations that create something (createPet,
 * placeOrder). One namespace per project: a key names one request, and the
 * request hash includes what the request is, so a key first used on one
 * operation and then on another is refused as reused (as Stripe does).
 * The records live in the `idempotency_keys` table (pets' migrations), whose
 * `pet_id` column holds the id of whatever the first request created.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyClaim {
  key: string;
  requestHash: string;
  /** Records older than this are expired and treated as absent. */
  notBefore: Date;
  now: Date;
}

/** What an earlier record of the key decides, read inside the creating transaction. */
export type PriorClaim = { kind: 'none' } | { kind: 'reused' } | { kind: 'replay'; id: bigint } | { kind: 'in_use' };

/**
 * The transaction-scoped advisory lock that marks an idempotency key as in flight
 * on every instance sharing a PostgreSQL database: a 64-bit hash of project and key.
 */
export function idempotencyLockId(projectId: number, key: string): bigint {
  return createHash('sha256')
    .update(`idempotency\u0000${String(projectId)}\u0000${key}`)
    .digest()
    .readBigInt64BE(0);
}

/** The hash a record keeps of what was asked: JSON of the request's parts, with bigints as decimals. */
export function requestHashOf(parts: readonly (string | number | bigint)[]): string {
  return createHash('sha256')
    .update(JSON.stringify(parts.map((p) => (typeof p === 'bigint' ? p.toString() : p))))
    .digest('hex');
}

/**
 * The in-process half: a key being processed by this instance is refused at
 * once (the database half, a lock or the write transaction, covers other instances).
 */
export class IdempotencyKeys {
  private readonly inFlight = new Set<string>();

  /**
   * Runs `create` with the claim for `key` (without one when `key` is undefined);
   * 'in_use' when the same project and key is already being processed here.
   */
  async run<R>(
    projectId: number,
    key: string | undefined,
    request: readonly (string | number | bigint)[],
    now: Date,
    create: (claim?: IdempotencyClaim) => Promise<R>,
  ): Promise<R | 'in_use'> {
    if (key === undefined) return create();
    const slot = `${String(projectId)}\u0000${key}`;
    if (this.inFlight.has(slot)) return 'in_use';
    this.inFlight.add(slot);
    try {
      const notBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
      return await create({ key, requestHash: requestHashOf(request), notBefore, now });
    } finally {
      this.inFlight.delete(slot);
    }
  }
}
