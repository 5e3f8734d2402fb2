import type { Plan, Quota } from '../projects/plans.js';

export interface NewKeyRecord {
  id: string;
  projectId: number;
  name: string | null;
  secretHash: Buffer;
  /** The first characters of the secret, safe to show in listings. */
  hint: string;
  createdAt: Date;
}

export interface KeyInfo {
  id: string;
  project: string;
  name: string | null;
  hint: string;
  createdAt: Date;
  revokedAt: Date | null;
  /** Set while the key is banned for sending requests while rate limited. */
  bannedUntil: Date | null;
}

/** What a request is allowed to do once its key is known. */
export interface Principal {
  keyId: string;
  projectId: number;
  projectSlug: string;
  plan: Plan;
  quota: Quota;
  /** Epoch milliseconds until which the key is banned; null or past when it is not. */
  bannedUntil: number | null;
}

export interface KeyRepository {
  create(record: NewKeyRecord): Promise<void>;
  /** The principal of an active (not revoked) key with this secret hash, or null. */
  findActiveByHash(secretHash: Buffer): Promise<Principal | null>;
  list(projectId?: number): Promise<KeyInfo[]>;
  /** Marks a key revoked; false when no active key has this id. */
  revoke(id: string, at: Date): Promise<boolean>;
  /** Bans a key until the given instant. */
  ban(id: string, until: Date): Promise<void>;
  /** Lifts a ban early: 'lifted', 'not_banned' when no ban was running at `now`, null when no key has this id. */
  unban(id: string, now: Date): Promise<'lifted' | 'not_banned' | null>;
}
