import type { Database } from '../storage/database.js';
import { sqlFor } from '../storage/sql.js';
import { postgresPets } from './postgres.js';
import type { PetRepository } from './repository.js';
import { petStatements } from './sql.js';
import { sqlitePets } from './sqlite.js';

/**
 * The pets repository on the engine the database runs on: the statements both share, and each engine's
 * own; prepared on PostgreSQL too (the API's hottest reads).
 */
export function openPetRepository(database: Database): PetRepository {
  const shared = petStatements(sqlFor(database, { prepared: true }));
  return {
    ...shared,
    ...(database.engine === 'sqlite' ? sqlitePets(database.sqlite, database.writes) : postgresPets(database.pg, shared)),
  };
}
