import type { PgDatabase } from '../storage/postgres/database.js';
import type { Plan } from './plans.js';
import type { Project, ProjectRepository } from './repository.js';

interface ProjectRow {
  id: bigint;
  slug: string;
  plan: Plan;
  per_minute: bigint;
  per_day: bigint;
  created_at: Date;
}

const toProject = (r: ProjectRow): Project => ({
  id: Number(r.id),
  slug: r.slug,
  plan: r.plan,
  quota: { perMinute: Number(r.per_minute), perDay: Number(r.per_day) },
  createdAt: r.created_at,
});

export function postgresProjects(db: PgDatabase): ProjectRepository {
  const one = async (text: string, values: unknown[]) => {
    const res = await db.query<ProjectRow>(text, values);
    return res.rows[0] ? toProject(res.rows[0]) : null;
  };
  return {
    create: async (slug, plan, quota, now) => {
      const project = await one(
        'INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
        [slug, plan, quota.perMinute, quota.perDay, now],
      );
      if (!project) throw new Error('INSERT … RETURNING gave no row');
      return project;
    },
    findBySlug: (slug) => one('SELECT * FROM projects WHERE slug = $1', [slug]),
    list: async () => (await db.query<ProjectRow>('SELECT * FROM projects ORDER BY id')).rows.map(toProject),
    setPlan: (slug, plan, quota) =>
      one('UPDATE projects SET plan = $1, per_minute = $2, per_day = $3 WHERE slug = $4 RETURNING *', [
        plan,
        quota.perMinute,
        quota.perDay,
        slug,
      ]),
  };
}
