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
  { kind: 'created'; pet: Pet } | { kind: 'replayed'; pet: Pet } | { kind: 'key_reused' } | { kind: 'key_in_use' };

/** A page of pets already serialised as the API returns it. */
export interface PetPageJson {
  /** The JSON array of at most `limit` Pet objects, ascending id, int64 values exact. */
  json: string;
  /** The id of the page's last pet when more pets follow it, else null. */
  lastIdIfMore: bigint | null;
}

export interface PetRepository {
  /** Pets of a project in ascending id after `after`, at most `limit`. */
  list(projectId: number, query: PetQuery): Promise<Pet[]>;
  /**
   * The same page as `list`, as the JSON the API sends (see pets/json.ts for the
   * exact form), so the read path does not build objects only to serialise them.
   */
  listJson(projectId: number, query: PetQuery): Promise<PetPageJson>;
  get(projectId: number, id: bigint): Promise<Pet | null>;
  /** The pet as the JSON object the API sends, or null. */
  getJson(projectId: number, id: bigint): Promise<string | null>;
  /**
   * `listJson` and `getJson` without a promise, for engines that read without
   * one (SQLite): what answers before Fastify read (pets/early.ts). They throw
   * where the promise methods reject. Absent on other engines.
   */
  listJsonNow?(projectId: number, query: PetQuery): PetPageJson;
  getJsonNow?(projectId: number, id: bigint): string | null;
  /**
   * Inserts a pet durably. With an idempotency claim the insert and the claim
   * are one transaction, and an earlier claim with the same key decides the outcome.
   */
  create(projectId: number, pet: NewPetRecord, now: Date, idempotency?: IdempotencyClaim): Promise<CreatePetResult>;
  purgeIdempotencyKeys(olderThan: Date): Promise<number>;
}
