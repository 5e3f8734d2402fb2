import { randomBytes } from 'node:crypto';
import type { User } from '../accounts/repository.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import { hashSecret, secretFormat } from '../keys/key-format.js';
import type { TokenGrant, TokenInfo, TokenRepository, TokenScope } from './repository.js';

/** Personal access tokens: `pst_` + 32 random base62 characters + a checksum, like API keys (about 190 bits). */
export const TOKEN_FORMAT = secretFormat('pst_');
export const DEFAULT_EXPIRY_DAYS = 90;
/** A token's last use is written at most this often. */
export const LAST_USE_RESOLUTION_MS = 60_000;
const MAX_CACHED = 10_000;
const DAY_MS = 24 * 3600_000;

export interface NewToken {
  name: string;
  scope?: TokenScope;
  projects?: string[];
  expiresInDays?: number;
}

export interface CreatedToken extends TokenInfo {
  /** The secret, shown once; only its hash is stored. */
  token: string;
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const tokenId = () => `tok_${[...randomBytes(16)].map((b) => ID_ALPHABET[b % 62] ?? '0').join('')}`;

/**
 * Creates, lists and revokes a person's tokens, and resolves a bearer secret
 * to its grant. Valid tokens are remembered for `ttlMs` (KEY_CACHE_TTL_MS, at
 * most 5 s), which bounds how late a revocation made on another instance is
 * seen; unknown ones are never remembered. The last use is written at most once
 * a minute per token, after the answer's work is scheduled (never awaited).
 */
/** Active (neither revoked nor expired) access tokens a person may have at once. */
export const MAX_ACTIVE_TOKENS = 50;

export class TokenService {
  private readonly cache = new Map<string, { grant: TokenGrant; until: number }>();
  /** When each token's last use was last written by this instance. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly tokens: TokenRepository,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    /** True when the person may manage the project (its member, or an admin). */
    private readonly canManage: (user: User, slug: string) => Promise<boolean>,
    private readonly onTouchError: (err: unknown) => void = () => undefined,
  ) {}

  /** At most MAX_ACTIVE_TOKENS tokens neither revoked nor expired per person. */
  async create(user: User, input: NewToken): Promise<CreatedToken | DomainError> {
    const projects = input.projects === undefined ? null : [...new Set(input.projects)];
    for (const slug of projects ?? []) {
      if (!(await this.canManage(user, slug))) return new DomainError('not_found', `No project "${slug}" exists.`);
    }
    const now = this.clock.now();
    const token = TOKEN_FORMAT.generate();
    const info = {
      id: tokenId(),
      name: input.name,
      scope: input.scope ?? 'write',
      projects,
      hint: TOKEN_FORMAT.hint(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + (input.expiresInDays ?? DEFAULT_EXPIRY_DAYS) * DAY_MS),
    };
    if (!(await this.tokens.create(user.id, info, hashSecret(token), MAX_ACTIVE_TOKENS))) {
      return new DomainError(
        'token_limit',
        `You already have ${String(MAX_ACTIVE_TOKENS)} active access tokens, the most allowed: revoke one first.`,
      );
    }
    return { ...info, token, revokedAt: null, lastUsedAt: null };
  }

  list(user: User): Promise<TokenInfo[]> {
    return this.tokens.list(user.id);
  }

  async revoke(user: User, id: string): Promise<true | DomainError> {
    const revoked = await this.tokens.revoke(user.id, id, new Date(this.clock.now()));
    if (!revoked) return new DomainError('not_found', `No active access token "${id}" exists.`);
    for (const [secret, entry] of this.cache) if (entry.grant.id === id) this.cache.delete(secret);
    return true;
  }

  /** The grant of a live token, or null for anything else (malformed, unknown, revoked, expired). */
  async authenticate(secret: string): Promise<TokenGrant | null> {
    const now = this.clock.now();
    let grant = this.cache.get(secret);
    if (!grant || grant.until <= now) {
      this.cache.delete(secret);
      // The shape and checksum are checked first: a malformed or oversized string never reaches the database.
      if (!TOKEN_FORMAT.isWellFormed(secret)) return null;
      const found = await this.tokens.findActiveByHash(hashSecret(secret));
      if (!found) return null;
      grant = { grant: found, until: now + this.ttlMs };
      if (this.ttlMs > 0) {
        if (this.cache.size >= MAX_CACHED) this.cache.clear();
        this.cache.set(secret, grant);
      }
      if (found.lastUsedAt !== null && !this.written.has(found.id)) this.written.set(found.id, found.lastUsedAt);
    }
    if (grant.grant.expiresAt <= now) return null;
    this.noteUse(grant.grant.id, now);
    return grant.grant;
  }

  /** Writes the last use when the one written is a minute old; the request does not wait for it. */
  private noteUse(id: string, now: number): void {
    const last = this.written.get(id);
    if (last !== undefined && now - last < LAST_USE_RESOLUTION_MS) return;
    if (this.written.size >= MAX_CACHED) this.written.clear();
    this.written.set(id, now);
    setImmediate(() => {
      this.tokens.touch(id, new Date(now)).catch((err: unknown) => {
        this.written.delete(id);
        this.onTouchError(err);
      });
    });
  }
}
