import type { PgDatabase } from '../storage/postgres/database.js';
import type { Plan } from '../projects/plans.js';
import type { KeyInfo, KeyRepository } from './repository.js';

interface KeyRow {
  id: string;
  slug: string;
  name: string | null;
  hint: string;
  created_at: Date;
  revoked_at: Date | null;
  banned_until: Date | null;
}

const LIST = `SELECT k.id, p.slug, k.name, k.hint, k.created_at, k.revoked_at, k.banned_until
                FROM api_keys k JOIN projects p ON p.id = k.project_id`;

const toInfo = (r: KeyRow): KeyInfo => ({
  id: r.id,
  project: r.slug,
  name: r.name,
  hint: r.hint,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  bannedUntil: r.banned_until,
});

export function postgresKeys(db: PgDatabase): KeyRepository {
  return {
    create: async (k) => {
      await db.query('INSERT INTO api_keys (id, project_id, name, secret_hash, hint, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        k.id,
        k.projectId,
        k.name,
        k.secretHash,
        k.hint,
        k.createdAt,
      ]);
    },
    findActiveByHash: async (hash) => {
      const res = await db.query<{
        key_id: string;
        project_id: bigint;
        slug: string;
        plan: Plan;
        per_minute: bigint;
        per_day: bigint;
        banned_until: Date | null;
      }>(
        `SELECT k.id AS key_id, p.id AS project_id, p.slug, p.plan, p.per_minute, p.per_day, k.banned_until
           FROM api_keys k JOIN projects p ON p.id = k.project_id
          WHERE k.secret_hash = $1 AND k.revoked_at IS NULL`,
        [hash],
      );
      const r = res.rows[0];
      return r
        ? {
            keyId: r.key_id,
            projectId: Number(r.project_id),
            projectSlug: r.slug,
            plan: r.plan,
            quota: { perMinute: Number(r.per_minute), perDay: Number(r.per_day) },
            bannedUntil: r.banned_until === null ? null : r.banned_until.getTime(),
          }
        : null;
    },
    list: async (projectId) => {
      const res =
        projectId === undefined
          ? await db.query<KeyRow>(`${LIST} ORDER BY k.created_at, k.id`)
          : await db.query<KeyRow>(`${LIST} WHERE k.project_id = $1 ORDER BY k.created_at, k.id`, [projectId]);
      return res.rows.map(toInfo);
    },
    revoke: async (id, at) =>
      ((await db.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])).rowCount ?? 0) > 0,
    ban: async (id, until) => {
      await db.query('UPDATE api_keys SET banned_until = $1 WHERE id = $2', [until, id]);
    },
    unban: async (id, now) => {
      // One statement: the old value comes from the row as it was before the update.
      const res = await db.query<{ was: Date | null }>(
        `UPDATE api_keys k SET banned_until = NULL FROM api_keys old
          WHERE k.id = $1 AND old.id = k.id RETURNING old.banned_until AS was`,
        [id],
      );
      const row = res.rows[0];
      if (!row) return null;
      return row.was !== null && row.was.getTime() > now.getTime() ? 'lifted' : 'not_banned';
    },
  };
}
