import type { SqliteDb } from '../storage/sqlite/database.js';
import { guard } from '../storage/sqlite/database.js';
import type { Plan } from '../projects/plans.js';
import type { KeyInfo, KeyRepository } from './repository.js';

interface KeyRow {
  id: string;
  slug: string;
  name: string | null;
  hint: string;
  created_at: number;
  revoked_at: number | null;
  banned_until: number | null;
}

export function sqliteKeys(db: SqliteDb): KeyRepository {
  const insert = db.prepare('INSERT INTO api_keys (id, project_id, name, secret_hash, hint, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const byHash = db.prepare(
    `SELECT k.id AS key_id, p.id AS project_id, p.slug, p.plan, p.per_minute, p.per_day, k.banned_until
       FROM api_keys k JOIN projects p ON p.id = k.project_id
      WHERE k.secret_hash = ? AND k.revoked_at IS NULL`,
  );
  const listSql = `SELECT k.id, p.slug, k.name, k.hint, k.created_at, k.revoked_at, k.banned_until
                     FROM api_keys k JOIN projects p ON p.id = k.project_id`;
  const listAll = db.prepare(`${listSql} ORDER BY k.created_at, k.id`);
  const listProject = db.prepare(`${listSql} WHERE k.project_id = ? ORDER BY k.created_at, k.id`);
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const ban = db.prepare('UPDATE api_keys SET banned_until = ? WHERE id = ?');
  const bannedUntil = db.prepare('SELECT banned_until FROM api_keys WHERE id = ?');
  const unban = db.transaction((id: string, now: number): 'lifted' | 'not_banned' | null => {
    const row = bannedUntil.get(id) as { banned_until: number | null } | undefined;
    if (!row) return null;
    ban.run(null, id);
    return row.banned_until !== null && row.banned_until > now ? 'lifted' : 'not_banned';
  });

  const toInfo = (r: KeyRow): KeyInfo => ({
    id: r.id,
    project: r.slug,
    name: r.name,
    hint: r.hint,
    createdAt: new Date(r.created_at),
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
    bannedUntil: r.banned_until === null ? null : new Date(r.banned_until),
  });

  return {
    create: (k) =>
      guard(() => {
        insert.run(k.id, k.projectId, k.name, k.secretHash, k.hint, k.createdAt.getTime());
      }),
    findActiveByHash: (hash) =>
      guard(() => {
        const r = byHash.get(hash) as
          | {
              key_id: string;
              project_id: number;
              slug: string;
              plan: Plan;
              per_minute: number;
              per_day: number;
              banned_until: number | null;
            }
          | undefined;
        return r
          ? {
              keyId: r.key_id,
              projectId: r.project_id,
              projectSlug: r.slug,
              plan: r.plan,
              quota: { perMinute: r.per_minute, perDay: r.per_day },
              bannedUntil: r.banned_until,
            }
          : null;
      }),
    list: (projectId) => guard(() => ((projectId === undefined ? listAll.all() : listProject.all(projectId)) as KeyRow[]).map(toInfo)),
    revoke: (id, at) => guard(() => revoke.run(at.getTime(), id).changes > 0),
    ban: (id, until) =>
      guard(() => {
        ban.run(until.getTime(), id);
      }),
    unban: (id, now) => guard(() => unban.immediate(id, now.getTime())),
  };
}
