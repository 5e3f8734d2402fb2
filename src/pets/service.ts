import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import { ApiError } from '../http/errors.js';
import type { CreatePetResult, PetPageJson, PetQuery, PetRepository } from './repository.js';
import type { NewPet, Pet } from './schemas.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const notFound = (id: bigint) => new ApiError('not_found', `No animal with id ${id.toString()} exists in this project.`);

/** Pet operations independent of HTTP: listing, reading, idempotent creation. */
export class PetService {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly pets: PetRepository,
    private readonly clock: Clock,
  ) {}

  list(projectId: number, query: PetQuery): Promise<Pet[]> {
    return this.pets.list(projectId, query);
  }

  /** A page as the JSON array the API sends; `limit` pets at most. */
  listJson(projectId: number, query: PetQuery): Promise<PetPageJson> {
    return this.pets.listJson(projectId, query);
  }

  async get(projectId: number, id: bigint): Promise<Pet> {
    const pet = await this.pets.get(projectId, id);
    if (!pet) throw notFound(id);
    return pet;
  }

  /** The pet as the JSON object the API sends. */
  async getJson(projectId: number, id: bigint): Promise<string> {
    const pet = await this.pets.getJson(projectId, id);
    if (pet === null) throw notFound(id);
    return pet;
  }

  /**
   * Creates a pet. With an idempotency key, an equivalent retry within 24 h
   * replays the first result; another body with the same key is refused, and
   * so is a retry while the first request is still being processed.
   */
  async create(
    projectId: number,
    input: NewPet,
    idempotencyKey?: string,
  ): Promise<Exclude<CreatePetResult, { kind: 'key_reused' | 'key_in_use' }>> {
    const record = { name: input.name, categoryId: input.categoryId, status: input.status ?? 'available' };
    const now = new Date(this.clock.now());
    if (idempotencyKey === undefined) return this.unwrap(await this.pets.create(projectId, record, now));

    const slot = `${String(projectId)}\u0000${idempotencyKey}`;
    if (this.inFlight.has(slot)) throw new ApiError('idempotency_key_in_use');
    this.inFlight.add(slot);
    try {
      const requestHash = createHash('sha256')
        .update(JSON.stringify([record.name, record.categoryId.toString(), record.status]))
        .digest('hex');
      const notBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
      return this.unwrap(await this.pets.create(projectId, record, now, { key: idempotencyKey, requestHash, notBefore, now }));
    } finally {
      this.inFlight.delete(slot);
    }
  }

  private unwrap(result: CreatePetResult) {
    if (result.kind === 'key_reused') throw new ApiError('idempotency_key_reused');
    if (result.kind === 'key_in_use') throw new ApiError('idempotency_key_in_use');
    return result;
  }

  purgeExpiredKeys(): Promise<number> {
    return this.pets.purgeIdempotencyKeys(new Date(this.clock.now() - IDEMPOTENCY_TTL_MS));
  }
}
