import type { Clock } from '../clock.js';
import { hashSecret, isWellFormedSecret } from './key-format.js';
import type { KeyRepository, Principal } from './repository.js';

const MAX_CACHED = 10_000;

/**
 * Resolves bearer secrets to principals. Valid keys are remembered for a short
 * time (at most 5 s), which bounds how long a revocation or a roll made
 * elsewhere (CLI, another instance) takes to be seen. Unknown keys are never cached, so a key
 * works the moment it is created.
 */
export class Authenticator {
  private readonly cache = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly keys: KeyRepository,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** The principal of a key remembered and still fresh, without waiting; undefined otherwise. */
  cached(secret: string): Principal | undefined {
    // Only keys found in storage are cached, so a hit needs no shape or checksum check.
    const hit = this.cache.get(secret);
    return hit && hit.until > this.clock.now() ? hit.principal : undefined;
  }

  async authenticate(secret: string): Promise<Principal | null> {
    const now = this.clock.now();
    const hit = this.cached(secret);
    if (hit) return hit;
    if (!isWellFormedSecret(secret)) return null;
    const principal = await this.keys.findActiveByHash(hashSecret(secret), new Date(now));
    if (!principal) {
      this.cache.delete(secret);
      return null;
    }
    if (this.ttlMs > 0) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      // A key that expires is remembered no longer than it lives, so its expiry is exact on this instance.
      this.cache.set(secret, { principal, until: Math.min(now + this.ttlMs, principal.expiresAt ?? Infinity) });
    }
    return principal;
  }

  /** Drops a key from the cache, so its next request reads the database again (after a ban, say). */
  forget(keyId: string): void {
    for (const [secret, entry] of this.cache) if (entry.principal.keyId === keyId) this.cache.delete(secret);
  }
}

const BEARER = /^Bearer +([^\s]+) *$/i;

// A client sends the same header with every request: the last one read is kept.
let lastHeader = '';
let lastToken: string | null = null;

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  if (header === lastHeader) return lastToken;
  const m = BEARER.exec(header);
  lastHeader = header;
  lastToken = m ? (m[1] ?? null) : null;
  return lastToken;
}
