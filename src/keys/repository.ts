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
}

/** What a request is allowed to do once its key is known. */
export interface Principal {
  keyId: string;
  projectId: number;
  projectSlug: string;
  plan: Plan;
  quota: Quota;
}

export interface KeyRepository {
  create(record: NewKeyRecord): Promise<void>;
  /** The principal of an active (not revoked) key with this secret hash, or null. */
  findActiveByHash(secretHash: Buffer): Promise<Principal | null>;
  list(projectId?: number): Promise<KeyInfo[]>;
  /** Marks a key revoked; false when no active key has this id. */
  revoke(id: string, at: Date): Promise<boolean>;
}
