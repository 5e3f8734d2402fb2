import type { KeyRepository } from '../keys/repository.js';
import type { OrderRepository } from '../orders/repository.js';
import type { PetRepository } from '../pets/repository.js';
import type { ProjectRepository } from '../projects/repository.js';

/** Every repository over one database connection, whatever the engine. */
export interface Store {
  readonly engine: 'sqlite' | 'postgres';
  readonly projects: ProjectRepository;
  readonly keys: KeyRepository;
  readonly pets: PetRepository;
  readonly orders: OrderRepository;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The schema version after migrations. */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}
