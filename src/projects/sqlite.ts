import type { SqliteDb } from '../storage/sqlite/database.js';
import { guard } from '../storage/sqlite/database.js';
import type { Plan } from './plans.js';
import type { Project, ProjectRepository } from './repository.js';

interface ProjectRow {
  id: number;
  slug: string;
  plan: Plan;
  per_minute: number;
  per_day: number;
  created_at: number;
}

const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  slug: r.slug,
  plan: r.plan,
  quota: { perMinute: r.per_minute, perDay: r.per_day },
  createdAt: new Date(r.created_at),
});

export function sqliteProjects(db: SqliteDb): ProjectRepository {
  const insert = db.prepare('INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *');
  const bySlug = db.prepare('SELECT * FROM projects WHERE slug = ?');
  const all = db.prepare('SELECT * FROM projects ORDER BY id');
  const setPlan = db.prepare('UPDATE projects SET plan = ?, per_minute = ?, per_day = ? WHERE slug = ? RETURNING *');
  return {
    create: (slug, plan, quota, now) =>
      guard(() => toProject(insert.get(slug, plan, quota.perMinute, quota.perDay, now.getTime()) as ProjectRow)),
    findBySlug: (slug) =>
      guard(() => {
        const row = bySlug.get(slug) as ProjectRow | undefined;
        return row ? toProject(row) : null;
      }),
    list: () => guard(() => (all.all() as ProjectRow[]).map(toProject)),
    setPlan: (slug, plan, quota) =>
      guard(() => {
        const row = setPlan.get(plan, quota.perMinute, quota.perDay, slug) as ProjectRow | undefined;
        return row ? toProject(row) : null;
      }),
  };
}
