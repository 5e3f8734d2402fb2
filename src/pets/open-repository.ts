import type { Database } from '../storage/database.js';
import { sqlFor } from '../storage/sql.js';
import { postgresPets } from './postgres.js';
import type { PetRepository } from './repository.js';
import { petStatements } from './sql.js';
import { sqlitePets } from './sqlite.js';

/** The pets repository on the engine the database runs on: the statements both share, and each engine's own. */
export function openPetRepository(database: Database): PetRepository {
  const shared = petStatements(sqlFor(database));
  return {
    ...shared,
    ...(database.engine === 'sqlite' ? sqlitePets(database.sqlite, database.writes) : postgresPets(database.pg, shared)),
  };
}
