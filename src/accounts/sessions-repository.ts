import type { Database } from '../storage/database.js';
import { int, sqlFor, time } from '../storage/sql.js';

export interface SessionRecord {
  userId: number;
  csrfToken: string;
  createdAt: Date;
  seenAt: Date;
}

/** Server-side sessions (stored by the hash of their cookie) and failed sign-ins, shared by every instance. */
export interface SessionRepository {
  create(idHash: Buffer, record: SessionRecord): Promise<void>;
  find(idHash: Buffer): Promise<SessionRecord | null>;
  touch(idHash: Buffer, at: Date): Promise<void>;
  delete(idHash: Buffer): Promise<void>;
  /** Ends every session of a person (and the expired ones of anyone); the number ended. */
  deleteForUser(userId: number): Promise<number>;
  deleteExpired(createdBefore: Date, seenBefore: Date): Promise<void>;
  recordFailure(subjects: string[], at: Date): Promise<void>;
  /** Failures of a subject after an instant: how many, and the oldest of them. */
  failuresSince(subject: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  clearFailures(subject: string): Promise<void>;
  /** Forgets failures older than an instant. */
  pruneFailures(before: Date): Promise<void>;
}

interface SessionRow {
  user_id: bigint;
  csrf_token: string;
  created_at: bigint | Date;
  seen_at: bigint | Date;
}

export function openSessionRepository(database: Database): SessionRepository {
  const sql = sqlFor(database);
  return {
    create: async (idHash, r) => {
      await sql.run('INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, seen_at) VALUES (?, ?, ?, ?, ?)', [
        idHash,
        r.userId,
        r.csrfToken,
        r.createdAt,
        r.seenAt,
      ]);
    },
    find: async (idHash) => {
      const r = await sql.one<SessionRow>('SELECT user_id, csrf_token, created_at, seen_at FROM sessions WHERE id_hash = ?', [idHash]);
      return r ? { userId: int(r.user_id), csrfToken: r.csrf_token, createdAt: time(r.created_at), seenAt: time(r.seen_at) } : null;
    },
    touch: async (idHash, at) => {
      await sql.run('UPDATE sessions SET seen_at = ? WHERE id_hash = ?', [at, idHash]);
    },
    delete: async (idHash) => {
      await sql.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
    },
    deleteForUser: (userId) => sql.run('DELETE FROM sessions WHERE user_id = ?', [userId]),
    deleteExpired: async (createdBefore, seenBefore) => {
      await sql.run('DELETE FROM sessions WHERE created_at < ? OR seen_at < ?', [createdBefore, seenBefore]);
    },
    recordFailure: async (subjects, at) => {
      for (const subject of subjects) await sql.run('INSERT INTO sign_in_failures (subject, failed_at) VALUES (?, ?)', [subject, at]);
    },
    failuresSince: async (subject, since) => {
      const r = await sql.one<{ n: bigint | string; oldest: bigint | Date | null }>(
        'SELECT COUNT(*) AS n, MIN(failed_at) AS oldest FROM sign_in_failures WHERE subject = ? AND failed_at > ?',
        [subject, since],
      );
      return { count: r ? Number(r.n) : 0, oldest: r?.oldest == null ? null : time(r.oldest) };
    },
    clearFailures: async (subject) => {
      await sql.run('DELETE FROM sign_in_failures WHERE subject = ?', [subject]);
    },
    pruneFailures: async (before) => {
      await sql.run('DELETE FROM sign_in_failures WHERE failed_at < ?', [before]);
    },
  };
}
