import type { Database } from '../storage/database.js';
import { int, sqlFor, time, type SqlStatement } from '../storage/sql.js';

export interface UsageCount {
  projectId: number;
  /** The start of the minute (or day) the requests fell in. */
  at: Date;
  requests: number;
}

/** Requests with one key in one day. */
export interface KeyUsageCount extends UsageCount {
  keyId: string;
}

/** A key's requests since a day, and its name and hint (null once the key is gone). */
export interface KeyUsage {
  keyId: string;
  name: string | null;
  hint: string | null;
  today: number;
  last30Days: number;
}

export interface UsageRepository {
  /** Adds counts to the minute, day and key-day buckets in one transaction: if it fails, none is added. */
  add(minutes: UsageCount[], days: UsageCount[], keyDays?: KeyUsageCount[]): Promise<void>;
  /** A project's requests per key from `from` (and from `today`), the busiest key first. */
  byKey(projectId: number, from: Date, today: Date): Promise<KeyUsage[]>;
  minutes(projectId: number, from: Date): Promise<{ at: Date; requests: number }[]>;
  days(projectId: number, from: Date): Promise<{ at: Date; requests: number }[]>;
  /** Forgets minute buckets before one instant and day buckets before another. */
  prune(minutesBefore: Date, daysBefore: Date): Promise<void>;
}

interface BucketRow {
  at: bigint | Date;
  requests: bigint | string;
}

const toBucket = (r: BucketRow) => ({ at: time(r.at), requests: int(BigInt(r.requests)) });

const ADD_MINUTES = `INSERT INTO usage_minutes (project_id, minute_at, requests) VALUES (?, ?, ?)
  ON CONFLICT (project_id, minute_at) DO UPDATE SET requests = usage_minutes.requests + excluded.requests`;
const ADD_DAYS = `INSERT INTO usage_days (project_id, day_at, requests) VALUES (?, ?, ?)
  ON CONFLICT (project_id, day_at) DO UPDATE SET requests = usage_days.requests + excluded.requests`;

const ADD_KEY_DAYS = `INSERT INTO usage_key_days (project_id, key_id, day_at, requests) VALUES (?, ?, ?, ?)
  ON CONFLICT (project_id, day_at, key_id) DO UPDATE SET requests = usage_key_days.requests + excluded.requests`;

interface KeyUsageRow {
  key_id: string;
  name: string | null;
  hint: string | null;
  today: bigint | string | null;
  total: bigint | string;
}

export function openUsageRepository(database: Database): UsageRepository {
  const sql = sqlFor(database);
  return {
    // One transaction: written bucket by bucket, a failure between the minutes and the days left minutes added that
    // the next flush (which retries the whole flush) added again; on SQLite each statement was also a commit (an fsync).
    add: async (minutes, days, keyDays = []) => {
      await sql.runAll([
        ...minutes.map((c): SqlStatement => [ADD_MINUTES, [c.projectId, c.at, c.requests]]),
        ...days.map((c): SqlStatement => [ADD_DAYS, [c.projectId, c.at, c.requests]]),
        ...keyDays.map((c): SqlStatement => [ADD_KEY_DAYS, [c.projectId, c.keyId, c.at, c.requests]]),
      ]);
    },
    byKey: async (projectId, from, today) =>
      (
        await sql.all<KeyUsageRow>(
          `SELECT u.key_id, k.name, k.hint, SUM(CASE WHEN u.day_at >= ? THEN u.requests ELSE 0 END) AS today, SUM(u.requests) AS total
             FROM usage_key_days u LEFT JOIN api_keys k ON k.id = u.key_id
            WHERE u.project_id = ? AND u.day_at >= ?
            GROUP BY u.key_id, k.name, k.hint
            ORDER BY total DESC, u.key_id`,
          [today, projectId, from],
        )
      ).map((r) => ({
        keyId: r.key_id,
        name: r.name,
        hint: r.hint,
        today: int(BigInt(r.today ?? 0)),
        last30Days: int(BigInt(r.total)),
      })),
    minutes: async (projectId, from) =>
      (
        await sql.all<BucketRow>(
          'SELECT minute_at AS at, requests FROM usage_minutes WHERE project_id = ? AND minute_at >= ? ORDER BY minute_at',
          [projectId, from],
        )
      ).map(toBucket),
    days: async (projectId, from) =>
      (
        await sql.all<BucketRow>('SELECT day_at AS at, requests FROM usage_days WHERE project_id = ? AND day_at >= ? ORDER BY day_at', [
          projectId,
          from,
        ])
      ).map(toBucket),
    prune: async (minutesBefore, daysBefore) => {
      await sql.run('DELETE FROM usage_minutes WHERE minute_at < ?', [minutesBefore]);
      await sql.run('DELETE FROM usage_days WHERE day_at < ?', [daysBefore]);
      await sql.run('DELETE FROM usage_key_days WHERE day_at < ?', [daysBefore]);
      await sql.run('DELETE FROM usage_deprecated_calls WHERE day_at < ?', [daysBefore]);
    },
  };
}

/** Empties one project row of its usage counts (a staging reset: staging/service.ts). */
export const clearUsage = (projectId: number): SqlStatement[] => [
  ['DELETE FROM usage_deprecated_calls WHERE project_id = ?', [projectId]],
  ['DELETE FROM usage_key_days WHERE project_id = ?', [projectId]],
  ['DELETE FROM usage_days WHERE project_id = ?', [projectId]],
  ['DELETE FROM usage_minutes WHERE project_id = ?', [projectId]],
];
