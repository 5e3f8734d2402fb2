import type { Clock } from '../clock.js';
import type { AttemptRepository } from './sessions-repository.js';

/** Failed sign-ins allowed per email and client address in 15 minutes. */
export const MAX_FAILURES = 10;

/** How long a subject's attempts are counted, from its first one. */
export const ATTEMPT_WINDOW_MS = 15 * 60_000;

/** A limit on attempts: at most `limit` per window for `subject` (e.g. `sign-in:pair:<email>|<address>`). */
export interface AttemptLimit {
  subject: string;
  limit: number;
  /**
   * Over its limit, the attempt is still allowed when this subject of the
   * same attempt has counted nothing else (a ceiling that spares a client
   * that has not failed: see `SignInService`).
   */
  unlessFirstFor?: string;
}

/** Too many attempts: retry after this many seconds. */
export class Throttled {
  constructor(readonly retryAfterSeconds: number) {}
}

/** An attempt let through: `succeeded` gives its reservation back; a failed one stays counted. */
export interface Reservation {
  succeeded(): Promise<void>;
}

/**
 * Counts attempts (sign-in, sign-up) in the database, shared by every
 * instance. Each attempt is reserved before its outcome is known, in one
 * statement per subject (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so
 * concurrent attempts each see their own count: 200 at once against a limit
 * of 10 let exactly 10 through, on SQLite and on PostgreSQL, with any number
 * of instances. Windows are fixed: they start at a subject's first attempt.
 */
export class AttemptThrottle {
  constructor(
    private readonly attempts: AttemptRepository,
    private readonly clock: Clock,
  ) {}

  /** Reserves one attempt under every limit; `Throttled` (nothing counted as success later) when one is over. */
  async attempt(limits: readonly AttemptLimit[]): Promise<Reservation | Throttled> {
    const now = this.clock.now();
    const counts = new Map<string, { count: number; windowStart: number }>();
    for (const { subject } of limits) {
      if (!counts.has(subject)) counts.set(subject, await this.attempts.reserve(subject, new Date(now), new Date(now - ATTEMPT_WINDOW_MS)));
    }
    let retryAt = 0;
    for (const { subject, limit, unlessFirstFor } of limits) {
      const c = counts.get(subject) as { count: number; windowStart: number };
      if (c.count <= limit) continue;
      if (unlessFirstFor !== undefined && counts.get(unlessFirstFor)?.count === 1) continue;
      retryAt = Math.max(retryAt, c.windowStart + ATTEMPT_WINDOW_MS);
    }
    if (retryAt > 0) return new Throttled(Math.max(1, Math.ceil((retryAt - now) / 1000)));
    return {
      succeeded: async () => {
        for (const subject of counts.keys()) await this.attempts.release(subject);
      },
    };
  }

  /** Forgets a subject's attempts (a successful sign-in clears its own address's failures). */
  async clear(subject: string): Promise<void> {
    await this.attempts.clear(subject);
  }

  /** Forgets windows that have ended. */
  async prune(): Promise<void> {
    await this.attempts.prune(new Date(this.clock.now() - ATTEMPT_WINDOW_MS));
  }
}
