import type { Database } from '../storage/database.js';
import type { ReadyDeploys } from './service.js';

/**
 * Whether a project has a ready deploy: the one place the domains capability
 * asks the deploys capability (its service's `hasReadyDeploy`). Deploys are
 * not stored in the database yet, so until they are, no project has one.
 */
export function readyDeploysOn(database: Database): ReadyDeploys {
  void database;
  return { hasReadyDeploy: async () => false };
}
