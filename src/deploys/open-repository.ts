import type { Database } from '../storage/database.js';
import { postgresDeploys } from './storage/postgres.js';
import type { DeployRepository } from './storage/repository.js';
import { sqliteDeploys } from './storage/sqlite.js';

/** The deploys repository on the engine the database runs on. */
export function openDeployRepository(database: Database): DeployRepository {
  return database.engine === 'sqlite' ? sqliteDeploys(database) : postgresDeploys(database.pg);
}
