import type { Database } from '../storage/database.js';
import { int, sqlFor, time } from '../storage/sql.js';

/**
 * How a session was started: `password` alone, `password+totp` or `password+recovery_code` (a second factor after
 * the password), `password+passkey` (a password session whose person then registered a passkey in it), `passkey`,
 * or `oidc` (single sign-on). Everything but `password` satisfies REQUIRE_SECOND_FACTOR.
 */
export type SessionMethod = 'password' | 'password+totp' | 'password+recovery_code' | 'password+passkey' | 'passkey' | 'oidc';

export interface SessionRecord {
  userId: number;
  csrfToken: string;
  method: SessionMethod;
  createdAt: Date;
  seenAt: Date;
}

/** Server-side sessions (stored by the hash of their cookie) and failed sign-ins, shared by every instance. */
export interface SessionRepository {
  create(idHash: Buffer, record: SessionRecord): Promise<void>;
  find(idHash: Buffer): Promise<SessionRecord | null>;
  touch(idHash: Buffer, at: Date): Promise<void>;
  /** Records that the person of a `password` session proved a second factor in it (set one up); other sessions are left as they are. */
  setMethod(idHash: Buffer, method: SessionMethod): Promise<void>;
  delete(idHash: Buffer): Promise<void>;
  /** Ends every session of a person (and the expired ones of anyone); the number ended. */
  deleteForUser(userId: number): Promise<number>;
  deleteExpired(createdBefore: Date, seenBefore: Date): Promise<void>;
}

/** Attempt counters of throttle.ts, one row per subject and window, shared by every instance. */
export interface AttemptRepository {
  /**
   * Counts one attempt, in one statement: a window that started at or before
   * `windowEndedAt` starts again at `now`. The count with this attempt, and its window's start.
   */
  reserve(subject: string, now: Date, windowEndedAt: Date): Promise<{ count: number; windowStart: number }>;
  /** Gives one attempt back (one that succeeded). */
  release(subject: string): Promise<void>;
  clear(subject: string): Promise<void>;
  /** Forgets windows that started before an instant. */
  prune(before: Date): Promise<void>;
}

interface SessionRow {
  user_id: bigint;
  csrf_token: string;
  method: SessionMethod;
  created_at: bigint | Date;
  seen_at: bigint | Date;
}

export function openSessionRepository(database: Database): SessionRepository {
  const sql = sqlFor(database);
  return {
    create: async (idHash, r) => {
      await sql.run('INSERT INTO sessions (id_hash, user_id, csrf_token, method, created_at, seen_at) VALUES (?, ?, ?, ?, ?, ?)', [
        idHash,
        r.userId,
        r.csrfToken,
        r.method,
        r.createdAt,
        r.seenAt,
      ]);
    },
    find: async (idHash) => {
      const r = await sql.one<SessionRow>('SELECT user_id, csrf_token, method, created_at, seen_at FROM sessions WHERE id_hash = ?', [
        idHash,
      ]);
      return r
        ? { userId: int(r.user_id), csrfToken: r.csrf_token, method: r.method, createdAt: time(r.created_at), seenAt: time(r.seen_at) }
        : null;
    },
    touch: async (idHash, at) => {
      await sql.run('UPDATE sessions SET seen_at = ? WHERE id_hash = ?', [at, idHash]);
    },
    setMethod: async (idHash, method) => {
      await sql.run("UPDATE sessions SET method = ? WHERE id_hash = ? AND method = 'password'", [method, idHash]);
    },
    delete: async (idHash) => {
      await sql.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
    },
    deleteForUser: (userId) => sql.run('DELETE FROM sessions WHERE user_id = ?', [userId]),
    deleteExpired: async (createdBefore, seenBefore) => {
      await sql.run('DELETE FROM sessions WHERE created_at < ? OR seen_at < ?', [createdBefore, seenBefore]);
    },
  };
}

export function openAttemptRepository(database: Database): AttemptRepository {
  const sql = sqlFor(database);
  return {
    reserve: async (subject, now, windowEndedAt) => {
      const r = await sql.one<{ attempts: bigint | number; window_started_at: bigint | Date }>(
        `INSERT INTO throttle_attempts (subject, window_started_at, attempts) VALUES (?, ?, 1)
         ON CONFLICT (subject) DO UPDATE SET
           attempts = CASE WHEN throttle_attempts.window_started_at <= ? THEN 1 ELSE throttle_attempts.attempts + 1 END,
           window_started_at = CASE WHEN throttle_attempts.window_started_at <= ? THEN excluded.window_started_at ELSE throttle_attempts.window_started_at END
         RETURNING attempts, window_started_at`,
        [subject, now, windowEndedAt, windowEndedAt],
      );
      if (!r) throw new Error('INSERT … RETURNING gave no row');
      return { count: int(r.attempts), windowStart: time(r.window_started_at).getTime() };
    },
    release: async (subject) => {
      await sql.run('UPDATE throttle_attempts SET attempts = attempts - 1 WHERE subject = ? AND attempts > 0', [subject]);
    },
    clear: async (subject) => {
      await sql.run('DELETE FROM throttle_attempts WHERE subject = ?', [subject]);
    },
    prune: async (before) => {
      await sql.run('DELETE FROM throttle_attempts WHERE window_started_at < ?', [before]);
    },
  };
}
