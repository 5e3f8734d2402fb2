import type { Database } from '../storage/database.js';
import { postgresPets } from './postgres.js';
import type { PetRepository } from './repository.js';
import { sqlitePets } from './sqlite.js';

/** The pets repository on the engine the database runs on. */
export function openPetRepository(database: Database): PetRepository {
  return database.engine === 'sqlite' ? sqlitePets(database.sqlite, database.writes) : postgresPets(database.pg);
}
