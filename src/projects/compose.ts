import { composeAudit } from '../audit/compose.js';
import type { Ground } from '../feature.js';
import { openProjectRepository } from './repository.js';
import { ProjectService } from './service.js';

/** The projects service, as the server and the CLI use it. */
export const composeProjects = (ground: Ground): ProjectService =>
  new ProjectService(ground.repository('projects', openProjectRepository), ground.clock, composeAudit(ground));
