import { composeAudit } from '../audit/compose.js';
import type { Ground } from '../feature.js';
import { composeProjects } from '../projects/compose.js';
import { openStagingRepository } from './repository.js';
import { StagingService } from './service.js';

/** The staging service, as the server and the CLI use it; `changed` changes a project row's shared pets version. */
export const composeStaging = (ground: Ground, changed: (projectId: number) => Promise<void>): StagingService =>
  new StagingService(
    composeProjects(ground),
    ground.repository('staging', openStagingRepository(ground.declared)),
    ground.clock,
    composeAudit(ground),
    changed,
  );
