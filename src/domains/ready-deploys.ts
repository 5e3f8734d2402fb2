import { openDeployRepository } from '../deploys/open-repository.js';
import type { Database } from '../storage/database.js';
import type { ReadyDeploys } from './service.js';

/**
 * Whether a project has a ready deploy: the one place the domains capability
 * asks the deploys capability. The newest ready deploy is always live, so a
 * project has one exactly when it has a live site.
 */
export function readyDeploysOn(database: Database): ReadyDeploys {
  const deploys = openDeployRepository(database);
  return { hasReadyDeploy: async (projectId) => (await deploys.liveSite(projectId)) !== null };
}
