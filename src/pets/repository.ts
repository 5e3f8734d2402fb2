import type { Pet, PetStatus } from './schemas.js';

export interface PetQuery {
  limit: number;
  after?: bigint;
  status?: PetStatus;
}

export interface NewPetRecord {
  name: string;
  categoryId: bigint;
  status: PetStatus;
}

export interface IdempotencyClaim {
  key: string;
  requestHash: string;
  /** Records older than this are expired and treated as absent. */
  notBefore: Date;
  now: Date;
}

export type CreatePetResult =
  | { kind: 'created'; pet: Pet }
  | { kind: 'replayed'; pet: Pet }
  | { kind: 'key_reused' }
  | { kind: 'key_in_use' };

export interface PetRepository {
  /** Pets of a project in ascending id after `after`, at most `limit`. */
  list(projectId: number, query: PetQuery): Promise<Pet[]>;
  get(projectId: number, id: bigint): Promise<Pet | null>;
  /**
   * Inserts a pet durably. With an idempotency claim the insert and the claim
   * are one transaction, and an earlier claim with the same key decides the outcome.
   */
  create(projectId: number, pet: NewPetRecord, now: Date, idempotency?: IdempotencyClaim): Promise<CreatePetResult>;
  purgeIdempotencyKeys(olderThan: Date): Promise<number>;
}
