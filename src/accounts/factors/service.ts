import type { Actor, AuditTrail } from '../../audit/actor.js';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors/domain-error.js';
import type { User } from '../repository.js';
import { MAX_FAILURES, Throttled, type AttemptThrottle } from '../throttle.js';
import type { PasskeyRepository } from './passkey-repository.js';
import type { FactorRepository } from './repository.js';
import type { TotpSealer } from './sealing.js';
import { isTotpCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from './totp.js';

/** How a second factor was proven at sign-in. */
export type ProvenFactor = 'totp' | 'recovery_code';

/** What a person has set up, as their security page shows it. */
export interface FactorStatus {
  totp: { enabled: boolean; confirmedAt: Date | null };
  recoveryCodesLeft: number;
  passkeys: number;
}

const wrongCode = () =>
  new DomainError('validation_failed', 'The code is wrong or was already used: enter the current code of the authenticator app.', [
    { in: 'body', field: 'code', message: 'is not a current code of the authenticator app, nor an unused recovery code' },
  ]);

/**
 * Authenticator apps (TOTP, RFC 6238) and their recovery codes. A code is accepted once: the time step of
 * each accepted code is kept per person and only a later step passes (one statement, so two requests with
 * the same code cannot both pass). Recovery codes are stored as SHA-256 hashes and each works once. Wrong codes
 * given to change the factors are counted like failed sign-ins (10 per 15 minutes per person).
 */
export class SecondFactorService {
  constructor(
    private readonly factors: FactorRepository,
    private readonly passkeys: PasskeyRepository,
    private readonly sealer: TotpSealer,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly attempts: AttemptThrottle,
    private readonly options: { issuer: string; requireSecondFactor: boolean },
  ) {}

  async status(user: User): Promise<FactorStatus> {
    const totp = await this.factors.findTotp(user.id);
    const confirmedAt = totp?.confirmedAt ?? null;
    return {
      totp: { enabled: confirmedAt !== null, confirmedAt },
      recoveryCodesLeft: confirmedAt === null ? 0 : await this.factors.recoveryCodesLeft(user.id),
      passkeys: await this.passkeys.count(user.id),
    };
  }

  /** Whether the person must give an authenticator code after their password. */
  async totpEnabled(userId: number): Promise<boolean> {
    return (await this.factors.findTotp(userId))?.confirmedAt != null;
  }

  /** Whether the person has a second factor: an authenticator app or a passkey. */
  async hasSecondFactor(userId: number): Promise<boolean> {
    return (await this.totpEnabled(userId)) || (await this.passkeys.count(userId)) > 0;
  }

  /** Starts setting up an authenticator app: a new secret, shown until it is confirmed with a code. */
  async beginTotp(user: User): Promise<{ secret: string; otpauthUrl: string } | DomainError> {
    const { secret, otpauthUrl } = newTotpSecret(user.email, this.options.issuer);
    if (!(await this.factors.beginTotp(user.id, this.sealer.seal(secret, user.id), new Date(this.clock.now())))) {
      return new DomainError('totp_already_enabled', 'An authenticator app is already set up: turn it off first (DELETE /api/v1/me/totp).');
    }
    return { secret, otpauthUrl };
  }

  /** Turns the authenticator on with its first code; the ten recovery codes, shown this once. */
  async confirmTotp(actor: Actor, user: User, code: string): Promise<{ recoveryCodes: string[] } | DomainError | Throttled> {
    const totp = await this.factors.findTotp(user.id);
    if (!totp || totp.confirmedAt !== null) {
      return new DomainError('not_found', 'No authenticator app is being set up: start with POST /api/v1/me/totp.');
    }
    const step = await this.counted(user, async () => totpStep(this.sealer.open(totp.secret, user.id), code, this.clock.now(), null));
    if (step instanceof Throttled) return step;
    if (step === null) return wrongCode();
    const recoveryCodes = newRecoveryCodes();
    if (!(await this.factors.confirmTotp(user.id, step, recoveryCodes.map(recoveryCodeHash), new Date(this.clock.now())))) {
      return new DomainError('not_found', 'No authenticator app is being set up: start with POST /api/v1/me/totp.');
    }
    await this.audit.record(actor, { person: user.id }, 'totp.enable', 'authenticator app');
    return { recoveryCodes };
  }

  /** Turns the authenticator off (and its recovery codes), given one of its codes or a recovery code. */
  async disableTotp(actor: Actor, user: User, code: string): Promise<true | DomainError | Throttled> {
    if (!(await this.totpEnabled(user.id))) return new DomainError('not_found', 'No authenticator app is set up.');
    if (this.options.requireSecondFactor && (await this.passkeys.count(user.id)) === 0) {
      return new DomainError(
        'last_second_factor',
        'This service requires a second factor and the authenticator app is your only one: add a passkey before turning it off.',
      );
    }
    const proven = await this.counted(user, () => this.useCode(actor, user, code));
    if (proven instanceof Throttled) return proven;
    if (proven === null) return wrongCode();
    await this.factors.removeTotp(user.id);
    await this.audit.record(actor, { person: user.id }, 'totp.disable', 'authenticator app');
    return true;
  }

  /** Ten new recovery codes in place of the old ones, given a current code (or a recovery code). */
  async regenerateRecoveryCodes(actor: Actor, user: User, code: string): Promise<{ recoveryCodes: string[] } | DomainError | Throttled> {
    if (!(await this.totpEnabled(user.id)))
      return new DomainError('not_found', 'No authenticator app is set up: recovery codes come with one.');
    const proven = await this.counted(user, () => this.useCode(actor, user, code));
    if (proven instanceof Throttled) return proven;
    if (proven === null) return wrongCode();
    const recoveryCodes = newRecoveryCodes();
    await this.factors.replaceRecoveryCodes(user.id, recoveryCodes.map(recoveryCodeHash), new Date(this.clock.now()));
    await this.audit.record(actor, { person: user.id }, 'recovery_codes.generate', `${String(recoveryCodes.length)} codes`);
    return { recoveryCodes };
  }

  /**
   * Uses a sign-in code: an authenticator code not used before, or an unused recovery code (then used up, and
   * recorded). Which it was, or null when it is neither. The caller counts the attempt (the sign-in throttle).
   */
  async useCode(actor: Actor, user: User, code: string): Promise<ProvenFactor | null> {
    if (isTotpCode(code)) {
      const totp = await this.factors.findTotp(user.id);
      if (!totp?.confirmedAt) return null;
      const step = await totpStep(this.sealer.open(totp.secret, user.id), code, this.clock.now(), totp.lastTimeStep);
      return step !== null && (await this.factors.useTimeStep(user.id, step)) ? 'totp' : null;
    }
    if (code.length > 64 || !(await this.factors.useRecoveryCode(user.id, recoveryCodeHash(code), new Date(this.clock.now())))) return null;
    const left = await this.factors.recoveryCodesLeft(user.id);
    await this.audit.record(actor, { person: user.id }, 'recovery_code.use', `${String(left)} left`);
    return 'recovery_code';
  }

  /**
   * The operator's way back in for a locked-out person: removes their authenticator app, recovery codes and
   * passkeys. What was removed.
   */
  async reset(actor: Actor, user: User): Promise<{ totp: boolean; passkeys: number }> {
    const totp = await this.factors.removeTotp(user.id);
    const passkeys = await this.passkeys.removeAll(user.id);
    await this.audit.record(
      actor,
      { person: user.id },
      'second_factor.reset',
      `${totp ? 'authenticator app, ' : ''}${String(passkeys)} passkey${passkeys === 1 ? '' : 's'}`,
    );
    return { totp, passkeys };
  }

  /** Runs a check of a code behind the person's own throttle: a failure (null) stays counted. */
  private async counted<T>(user: User, check: () => Promise<T | null>): Promise<T | null | Throttled> {
    const reservation = await this.attempts.attempt([{ subject: `factor-code:user:${String(user.id)}`, limit: MAX_FAILURES }]);
    if (reservation instanceof Throttled) return reservation;
    const result = await check();
    if (result !== null) await reservation.succeeded();
    return result;
  }
}
