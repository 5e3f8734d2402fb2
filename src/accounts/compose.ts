import { composeAudit } from '../audit/compose.js';
import type { Ground } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { openAccountRepository, type AccountRepository } from './repository.js';
import { AccountService } from './service.js';
import { openSessionRepository, type SessionRepository } from './sessions-repository.js';

/**
 * The accounts service, as the server and the CLI use it; the server passes the repositories its sessions
 * service shares. `passwordHashCost` is PASSWORD_HASH_COST.
 */
export function composeAccounts(
  ground: Ground,
  passwordHashCost: number,
  repositories: { accounts?: AccountRepository; sessions?: SessionRepository } = {},
): AccountService {
  return new AccountService(
    repositories.accounts ?? ground.repository('accounts', openAccountRepository),
    repositories.sessions ?? ground.repository('sessions', openSessionRepository),
    ground.repository('projects', openProjectRepository),
    ground.clock,
    composeAudit(ground),
    passwordHashCost,
  );
}
