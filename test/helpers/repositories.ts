import { openAppStorage } from '../../src/features.js';
import { openKeyRepository, type KeyRepository } from '../../src/keys/repository.js';
import { openOrderRepository } from '../../src/orders/open-repository.js';
import type { OrderRepository } from '../../src/orders/repository.js';
import { openPetRepository } from '../../src/pets/open-repository.js';
import type { PetRepository } from '../../src/pets/repository.js';
import { openProjectRepository, type ProjectRepository } from '../../src/projects/repository.js';
import type { Storage } from '../../src/storage/open.js';

/** The capabilities' repositories on one database, for tests that work below the HTTP layer. */
export interface Repositories {
  storage: Storage;
  projects: ProjectRepository;
  keys: KeyRepository;
  pets: PetRepository;
  orders: OrderRepository;
  close(): Promise<void>;
}

/** Opens (and migrates) the database at `databaseUrl` with every capability's migrations. */
export async function openRepositories(databaseUrl: string, options: { poolSize?: number } = {}): Promise<Repositories> {
  const storage = await openAppStorage({ databaseUrl, databasePoolSize: options.poolSize ?? 10 });
  const { database } = storage;
  return {
    storage,
    projects: openProjectRepository(database),
    keys: openKeyRepository(database),
    pets: openPetRepository(database),
    orders: openOrderRepository(database),
    close: () => storage.close(),
  };
}
