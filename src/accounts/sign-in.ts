import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import { decoyHash, verifyPassword } from './passwords.js';
import type { AccountRepository, User } from './repository.js';
import { normaliseEmail } from './service.js';
import type { SessionRepository } from './sessions-repository.js';

export const IDLE_TIMEOUT_MS = 12 * 3600_000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600_000;
/** A session's last use is written at most this often, so each request does not write. */
const SEEN_RESOLUTION_MS = 60_000;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES = 10;

export interface ActiveSession {
  user: User;
  csrfToken: string;
}

export interface SignedIn extends ActiveSession {
  /** The cookie's value; only its hash is stored. */
  token: string;
}

/** Too many failed sign-ins for the email or the address: retry after this many seconds. */
export class SignInThrottled {
  constructor(readonly retryAfterSeconds: number) {}
}

const subjectsOf = (email: string, address: string) => [`email:${normaliseEmail(email)}`, `address:${address}`];

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
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The throttle of sign-in and of every other door that takes an email and a
   * password (sign-up, accepting an invitation): a SignInThrottled while the
   * email or the address has too many recent failures, else null.
   */
  async throttle(email: string, address: string): Promise<SignInThrottled | null> {
    const now = this.clock.now();
    const since = new Date(now - FAILURE_WINDOW_MS);
    let retryAt = 0;
    for (const subject of subjectsOf(email, address)) {
      const { count, oldest } = await this.sessions.failuresSince(subject, since);
      if (count >= MAX_FAILURES && oldest) retryAt = Math.max(retryAt, oldest.getTime() + FAILURE_WINDOW_MS);
    }
    return retryAt > 0 ? new SignInThrottled(Math.max(1, Math.ceil((retryAt - now) / 1000))) : null;
  }

  /** Counts a failed attempt against the email and the address. */
  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.clock.now();
    await this.sessions.pruneFailures(new Date(now - FAILURE_WINDOW_MS));
    await this.sessions.recordFailure(subjectsOf(email, address), new Date(now));
  }

  /** Signs in. Failures are counted per email and per client address; an unknown email and a wrong password look the same. */
  async signIn(email: string, password: string, address: string): Promise<SignedIn | DomainError | SignInThrottled> {
    const normalised = normaliseEmail(email);
    const throttled = await this.throttle(normalised, address);
    if (throttled) return throttled;

    const user = await this.accounts.findUserByEmail(normalised);
    // Unknown emails are checked against a decoy hash, so both answers take the same time.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !matches) {
      await this.recordFailure(normalised, address);
      return new DomainError('invalid_credentials', 'The email or password is wrong.');
    }
    await this.sessions.clearFailures(subjectsOf(normalised, address)[0] ?? '');
    const { passwordHash: _hash, ...plain } = user;
    return this.start(plain);
  }

  /** Starts a session for a person whose credentials were just checked (sign-in, sign-up, an accepted invitation). */
  async start(user: User): Promise<SignedIn> {
    const now = this.clock.now();
    await this.sessions.deleteExpired(new Date(now - ABSOLUTE_TIMEOUT_MS), new Date(now - IDLE_TIMEOUT_MS));
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    await this.sessions.create(hashToken(token), { userId: user.id, csrfToken, createdAt: new Date(now), seenAt: new Date(now) });
    return { token, csrfToken, user };
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
    return { user, csrfToken: record.csrfToken };
  }

  async signOut(token: string): Promise<void> {
    if (TOKEN.test(token)) await this.sessions.delete(hashToken(token));
  }
}
