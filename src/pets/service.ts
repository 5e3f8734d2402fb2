import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyKeys } from '../idempotency/keys.js';
import type { CreatePetResult, PetPageJson, PetQuery, PetRepository } from './repository.js';
import type { NewPet, Pet } from './schemas.js';

export { IDEMPOTENCY_TTL_MS };

export type CreatedPet = { kind: 'created' | 'replayed'; pet: Pet };

const keyInUse = () =>
  new DomainError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry later.');

/** Pet operations independent of HTTP: listing, reading, idempotent creation. */
export class PetService {
  private readonly keys = new IdempotencyKeys();

  constructor(
    private readonly pets: PetRepository,
    private readonly clock: Clock,
  ) {}

  /** A page as the JSON array the API sends; `limit` pets at most. */
  listJson(projectId: number, query: PetQuery): Promise<PetPageJson> {
    return this.pets.listJson(projectId, query);
  }

  /** The pet as the JSON object the API sends, or a not_found failure. */
  async getJson(projectId: number, id: bigint): Promise<string | DomainError> {
    return (
      (await this.pets.getJson(projectId, id)) ?? new DomainError('not_found', `No animal with id ${id.toString()} exists in this project.`)
    );
  }

  /**
   * Creates a pet. With an idempotency key, an equivalent retry within 24 h
   * replays the first result; another body with the same key is refused, and
   * so is a retry while the first request is still being processed.
   */
  async create(projectId: number, input: NewPet, idempotencyKey?: string): Promise<CreatedPet | DomainError> {
    const record = { name: input.name, categoryId: input.categoryId, status: input.status ?? 'available' };
    const now = new Date(this.clock.now());
    const result = await this.keys.run(projectId, idempotencyKey, [record.name, record.categoryId, record.status], now, (claim) =>
      this.pets.create(projectId, record, now, claim),
    );
    return result === 'in_use' ? keyInUse() : this.outcome(result);
  }

  private outcome(result: CreatePetResult): CreatedPet | DomainError {
    if (result.kind === 'key_reused') {
      return new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.');
    }
    if (result.kind === 'key_in_use') return keyInUse();
    return result;
  }

  purgeExpiredKeys(): Promise<number> {
    return this.pets.purgeIdempotencyKeys(new Date(this.clock.now() - IDEMPOTENCY_TTL_MS));
  }
}
