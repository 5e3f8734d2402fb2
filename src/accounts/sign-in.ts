import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { SecondFactorService } from './factors/service.js';
import { DEFAULT_HASH_COST, decoyHash, scryptParams, verifyPassword } from './passwords.js';
import type { AccountRepository, User } from './repository.js';
import { normaliseEmail } from './service.js';
import type { SessionMethod, SessionRepository } from './sessions-repository.js';
import { MAX_FAILURES, Throttled, type AttemptLimit, type AttemptThrottle } from './throttle.js';

export { Throttled as SignInThrottled };

export const IDLE_TIMEOUT_MS = 12 * 3600_000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600_000;
/** A session's last use is written at most this often, so each request does not write. */
const SEEN_RESOLUTION_MS = 60_000;
/** Failed sign-ins per email from all addresses together in 15 minutes, before only addresses that have not failed may try. */
export const ACCOUNT_CEILING = 100;
/** Failed sign-ins per client address, whatever the emails, in 15 minutes. */
export const ADDRESS_LIMIT = 100;

export interface ActiveSession {
  user: User;
  csrfToken: string;
  /** How the session was started. */
  method: SessionMethod;
}

/** A sign-in with a password: the email, the password, and the second factor's code when the person has one. */
export interface PasswordSignIn {
  email: string;
  password: string;
  /** An authenticator code or a recovery code. */
  code?: string;
}

/** Who is signing in, as the throttle counts them (`address`, a subject of limits/client-address.ts) and the audit log records them. */
export interface SignInClient {
  address: string;
  ip: string;
}

export interface SignedIn extends ActiveSession {
  /** The cookie's value; only its hash is stored. */
  token: string;
}

const pairSubject = (email: string, address: string) => `sign-in:pair:${email}|${address}`;

/** What sessions started without a second factor may do while REQUIRE_SECOND_FACTOR is on: set one up. */
const SINGLE_FACTOR: ReadonlySet<SessionMethod> = new Set(['password']);

/** The limits of sign-in (see `SessionService.signIn`) for a normalised email and a client address. */
function signInLimits(email: string, address: string): AttemptLimit[] {
  const pair = pairSubject(email, address);
  return [
    { subject: pair, limit: MAX_FAILURES },
    { subject: `sign-in:address:${address}`, limit: ADDRESS_LIMIT },
    { subject: `sign-in:account:${email}`, limit: ACCOUNT_CEILING, unlessFirstFor: pair },
  ];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest();
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** True when the header carries the session's CSRF token (compared in constant time). */
export function csrfMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Sign-in, sessions and sign-out. Sessions live in the database, so every
 * instance accepts them and a revocation is seen by all at once; they end
 * after 12 hours without use and 30 days after sign-in.
 */
export class SessionService {
  /** The hash unknown emails are checked against, at the cost of new hashes (`PASSWORD_HASH_COST`). */
  private readonly decoy: string;

  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionRepository,
    private readonly attempts: AttemptThrottle,
    private readonly clock: Clock,
    private readonly factors: SecondFactorService,
    private readonly audit: AuditTrail,
    private readonly options: { passwordHashCost?: number; requireSecondFactor: boolean },
  ) {
    this.decoy = decoyHash(scryptParams(options.passwordHashCost ?? DEFAULT_HASH_COST));
  }

  /**
   * Signs in; an unknown email and a wrong password look the same. Each
   * attempt is counted before the password is checked (throttle.ts), so
   * concurrent guesses cannot pass the limits together. Limits, per 15
   * minutes: 10 failures per email and client address; 100 per client
   * address; 100 per email from all addresses, after which only an address
   * that has not failed for the email may try (so guessing from many
   * addresses cannot lock its owner out). A success clears its address's
   * failures for the email.
   *
   * A person with an authenticator app also gives its `code` (or a recovery code): without one the answer is
   * `second_factor_required` (the attempt is given back: the password was right); a wrong one is
   * `invalid_code` and counts as a failure, under the same limits and 10 per 15 minutes per email from every
   * address together, so a known password does not let codes be guessed from many addresses. With
   * REQUIRE_SECOND_FACTOR, a person whose only second factor is a passkey signs in with it, not a password.
   */
  async signIn(input: PasswordSignIn, client: SignInClient): Promise<SignedIn | DomainError | Throttled> {
    const normalised = normaliseEmail(input.email);
    const pair = pairSubject(normalised, client.address);
    const reservation = await this.attempts.attempt(signInLimits(normalised, client.address));
    if (reservation instanceof Throttled) return reservation;
    const user = await this.accounts.findUserByEmail(normalised);
    // Unknown emails are checked against the decoy hash, so both answers take the same time.
    const matches = await verifyPassword(input.password, user?.passwordHash ?? this.decoy);
    if (!user || !matches) {
      await this.attempts.prune();
      return new DomainError('invalid_credentials', 'The email or password is wrong.');
    }
    const { passwordHash: _hash, ...plain } = user;
    let method: SessionMethod = 'password';
    if (await this.factors.totpEnabled(user.id)) {
      if (input.code === undefined) {
        await reservation.succeeded();
        return new DomainError(
          'second_factor_required',
          'The password is right; also send the code of your authenticator app (or a recovery code) as `code`.',
        );
      }
      const codeReservation = await this.attempts.attempt([{ subject: `sign-in:code:${normalised}`, limit: MAX_FAILURES }]);
      if (codeReservation instanceof Throttled) return codeReservation;
      const proven = await this.factors.useCode({ type: 'user', email: user.email, ip: client.ip }, plain, input.code);
      if (proven === null) {
        await this.attempts.prune();
        return new DomainError('invalid_code', 'The code is wrong, expired or was already used: wait for the next one and try again.');
      }
      await codeReservation.succeeded();
      method = proven === 'totp' ? 'password+totp' : 'password+recovery_code';
    } else if (this.options.requireSecondFactor && (await this.factors.hasSecondFactor(user.id))) {
      await reservation.succeeded();
      return new DomainError(
        'second_factor_required',
        'The password is right; this service requires a second factor, and yours is a passkey: sign in with it (POST /api/v1/session/passkey).',
      );
    }
    await reservation.succeeded();
    await this.attempts.clear(pair);
    return this.start(plain, method, client.ip);
  }

  /**
   * The throttle of every other door that takes an email and a password
   * (sign-up, accepting an invitation): reserves one attempt under the same
   * limits as sign-in plus 10 per address whatever the emails, atomically,
   * and answers `Throttled` when one is over, else null. The attempt stays
   * counted whatever its outcome.
   */
  async throttle(email: string, address: string): Promise<Throttled | null> {
    // Sign-up and invitations also take at most 10 attempts per address, whatever the emails: each names a new one.
    const limits = [...signInLimits(normaliseEmail(email), address), { subject: `door:address:${address}`, limit: MAX_FAILURES }];
    const reservation = await this.attempts.attempt(limits);
    return reservation instanceof Throttled ? reservation : null;
  }

  /** A failed attempt of such a door: already counted by `throttle`, which reserved it before it was made. */
  async recordFailure(_email: string, _address: string): Promise<void> {
    await this.attempts.prune();
  }

  /** Starts a session for a person whose credentials were just checked (`method`: how), and records the sign-in in their log. */
  async start(user: User, method: SessionMethod, ip: string | null): Promise<SignedIn> {
    const now = this.clock.now();
    await this.sessions.deleteExpired(new Date(now - ABSOLUTE_TIMEOUT_MS), new Date(now - IDLE_TIMEOUT_MS));
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    await this.sessions.create(hashToken(token), { userId: user.id, csrfToken, method, createdAt: new Date(now), seenAt: new Date(now) });
    await this.audit.record({ type: 'user', email: user.email, ip }, { person: user.id }, 'session.create', method);
    return { token, csrfToken, user, method };
  }

  /**
   * Whether REQUIRE_SECOND_FACTOR keeps this session to setting up a second factor: it was started with a
   * password alone. Such a session may set one up only while its person has none (otherwise they sign in
   * again with it: 'sign_in_again').
   */
  async secondFactorGate(session: ActiveSession): Promise<'open' | 'set_up' | 'sign_in_again'> {
    if (!this.options.requireSecondFactor || !SINGLE_FACTOR.has(session.method)) return 'open';
    return (await this.factors.hasSecondFactor(session.user.id)) ? 'sign_in_again' : 'set_up';
  }

  /** Records in a password session that its person proved a second factor in it (they just set one up); other sessions stay as they were. */
  async provenInSession(token: string, method: Extract<SessionMethod, 'password+totp' | 'password+passkey'>): Promise<void> {
    if (TOKEN.test(token)) await this.sessions.setMethod(hashToken(token), method);
  }

  /** The session of a cookie value, or null when it is unknown, ended or expired (an expired one is deleted). */
  async session(token: string): Promise<ActiveSession | null> {
    if (!TOKEN.test(token)) return null;
    const idHash = hashToken(token);
    const record = await this.sessions.find(idHash);
    if (!record) return null;
    const now = this.clock.now();
    if (now - record.createdAt.getTime() >= ABSOLUTE_TIMEOUT_MS || now - record.seenAt.getTime() >= IDLE_TIMEOUT_MS) {
      await this.sessions.delete(idHash);
      return null;
    }
    const user = await this.accounts.findUserById(record.userId);
    if (!user) return null;
    if (now - record.seenAt.getTime() >= SEEN_RESOLUTION_MS) await this.sessions.touch(idHash, new Date(now));
    return { user, csrfToken: record.csrfToken, method: record.method };
  }

  async signOut(token: string): Promise<void> {
    if (TOKEN.test(token)) await this.sessions.delete(hashToken(token));
  }
}
