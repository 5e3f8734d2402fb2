import { composeAudit } from '../audit/compose.js';
import type { Ground } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { DEFAULT_DEPLOY_MAX_FILES } from './upload/collector.js';
import { openDeployRepository } from './open-repository.js';
import { DeployService } from './service.js';

/** The deploys service, as the server and the CLI use it; `deployMaxBytes` is DEPLOY_MAX_BYTES. */
export const composeDeploys = (ground: Ground, deployMaxBytes: number): DeployService =>
  new DeployService(
    ground.repository('deploys', openDeployRepository),
    ground.repository('projects', openProjectRepository),
    { maxBytes: deployMaxBytes, maxFiles: DEFAULT_DEPLOY_MAX_FILES },
    ground.clock,
    composeAudit(ground),
  );
