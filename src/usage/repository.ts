import type { Database, PostgresDatabase, SqliteDatabase } from '../storage/database.js';
import { int, sqlFor, time } from '../storage/sql.js';

export interface UsageCount {
  projectId: number;
  /** The start of the minute (or day) the requests fell in. */
  at: Date;
  requests: number;
}

export interface UsageRepository {
  /** Adds counts to the minute buckets and the day buckets in one transaction: if it fails, none is added. */
  add(minutes: UsageCount[], days: UsageCount[]): Promise<void>;
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

const ADD = {
  minutes: (p: (n: number) => string) =>
    `INSERT INTO usage_minutes (project_id, minute_at, requests) VALUES (${p(1)}, ${p(2)}, ${p(3)})
       ON CONFLICT (project_id, minute_at) DO UPDATE SET requests = usage_minutes.requests + excluded.requests`,
  days: (p: (n: number) => string) =>
    `INSERT INTO usage_days (project_id, day_at, requests) VALUES (${p(1)}, ${p(2)}, ${p(3)})
       ON CONFLICT (project_id, day_at) DO UPDATE SET requests = usage_days.requests + excluded.requests`,
};

/**
 * One flush's counts in one transaction. Written bucket by bucket, a failure
 * between the minutes and the days left minutes added that the next flush
 * (which retries the whole flush) added again; on SQLite each statement was
 * also a commit of its own, an fsync each.
 */
function addCounts(database: Database): UsageRepository['add'] {
  if (database.engine === 'sqlite') return addOnSqlite(database);
  return addOnPostgres(database);
}

function addOnSqlite({ sqlite, writes }: SqliteDatabase): UsageRepository['add'] {
  const minute = sqlite.prepare(ADD.minutes(() => '?'));
  const day = sqlite.prepare(ADD.days(() => '?'));
  return (minutes, days) =>
    writes.run(() => {
      for (const c of minutes) minute.run(c.projectId, c.at.getTime(), c.requests);
      for (const c of days) day.run(c.projectId, c.at.getTime(), c.requests);
    });
}

function addOnPostgres({ pg }: PostgresDatabase): UsageRepository['add'] {
  const minute = ADD.minutes((n) => `$${String(n)}`);
  const day = ADD.days((n) => `$${String(n)}`);
  return (minutes, days) =>
    pg.transaction(async (client) => {
      for (const c of minutes) await client.query(minute, [c.projectId, c.at, c.requests]);
      for (const c of days) await client.query(day, [c.projectId, c.at, c.requests]);
    });
}

export function openUsageRepository(database: Database): UsageRepository {
  const sql = sqlFor(database);
  return {
    add: addCounts(database),
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
    },
  };
}
