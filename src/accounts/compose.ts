import { composeAudit } from '../audit/compose.js';
import type { Config } from '../config.js';
import type { Ground } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { openPasskeyRepository } from './factors/passkey-repository.js';
import { PasskeyService } from './factors/passkeys.js';
import { openFactorRepository } from './factors/repository.js';
import { totpSealer } from './factors/sealing.js';
import { SecondFactorService } from './factors/service.js';
import { openAccountRepository, type AccountRepository } from './repository.js';
import { AccountService } from './service.js';
import { openAttemptRepository, openSessionRepository, type SessionRepository } from './sessions-repository.js';
import { AttemptThrottle } from './throttle.js';

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

/** The attempt counters of sign-in and every other guessable form, shared by every instance. */
export const composeThrottle = (ground: Ground): AttemptThrottle =>
  new AttemptThrottle(ground.repository('attempts', openAttemptRepository), ground.clock);

/** Second factors: authenticator apps with their recovery codes, and passkeys. */
export function composeFactors(
  ground: Ground,
  config: Pick<Config, 'secretsKey' | 'requireSecondFactor'>,
  throttle: AttemptThrottle = composeThrottle(ground),
): { factors: SecondFactorService; passkeys: PasskeyService } {
  const factorRepository = ground.repository('factors', openFactorRepository);
  const passkeyRepository = ground.repository('passkeys', openPasskeyRepository);
  const audit = composeAudit(ground);
  const { requireSecondFactor } = config;
  return {
    factors: new SecondFactorService(factorRepository, passkeyRepository, totpSealer(config.secretsKey), ground.clock, audit, throttle, {
      issuer: 'Petstore',
      requireSecondFactor,
    }),
    passkeys: new PasskeyService(
      passkeyRepository,
      factorRepository,
      ground.repository('accounts', openAccountRepository),
      ground.clock,
      audit,
      {
        requireSecondFactor,
      },
    ),
  };
}
