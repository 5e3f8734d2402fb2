import { composeAudit } from '../audit/compose.js';
import type { Ground } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { openKeyRepository, type KeyRepository } from './repository.js';
import { KeyService } from './service.js';

/** The keys service, as the server and the CLI use it; the server passes the repository its authenticator reads too. */
export const composeKeys = (ground: Ground, keys: KeyRepository = ground.repository('keys', openKeyRepository)): KeyService =>
  new KeyService(keys, ground.repository('projects', openProjectRepository), ground.clock, composeAudit(ground));
