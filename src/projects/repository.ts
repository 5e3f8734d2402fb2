import type { Database } from '../storage/database.js';
import { int, sqlFor, time, type SqlStatement } from '../storage/sql.js';
import type { Plan, Quota } from './plans.js';

export interface Project {
  id: number;
  slug: string;
  plan: Plan;
  quota: Quota;
  createdAt: Date;
}

export interface ProjectRepository {
  create(slug: string, plan: Plan, quota: Quota, now: Date): Promise<Project>;
  findBySlug(slug: string): Promise<Project | null>;
  list(): Promise<Project[]>;
  setPlan(slug: string, plan: Plan, quota: Quota): Promise<Project | null>;
}

export interface ProjectRow {
  id: bigint;
  slug: string;
  plan: Plan;
  per_minute: bigint;
  per_day: bigint;
  created_at: bigint | Date;
}

const COLUMNS = 'id, slug, plan, per_minute, per_day, created_at';

export const toProject = (r: ProjectRow): Project => ({
  id: int(r.id),
  slug: r.slug,
  plan: r.plan,
  quota: { perMinute: int(r.per_minute), perDay: int(r.per_day) },
  createdAt: time(r.created_at),
});

/**
 * Adds a project unless its slug is taken, returning its ProjectRow (none when taken): for a capability that
 * adds a project together with rows of its own, in one transaction.
 */
export const insertProject = (slug: string, plan: Plan, quota: Quota, now: Date): SqlStatement => [
  `INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (slug) DO NOTHING RETURNING ${COLUMNS}`,
  [slug, plan, quota.perMinute, quota.perDay, now],
];

export function openProjectRepository(database: Database): ProjectRepository {
  const sql = sqlFor(database);
  const one = async (text: string, params: unknown[]) => {
    const row = await sql.one<ProjectRow>(text, params);
    return row ? toProject(row) : null;
  };
  return {
    create: async (slug, plan, quota, now) => {
      const project = await one(
        `INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES (?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
        [slug, plan, quota.perMinute, quota.perDay, now],
      );
      if (!project) throw new Error('INSERT … RETURNING gave no row');
      return project;
    },
    findBySlug: (slug) => one(`SELECT ${COLUMNS} FROM projects WHERE slug = ?`, [slug]),
    list: async () => (await sql.all<ProjectRow>(`SELECT ${COLUMNS} FROM projects ORDER BY id`)).map(toProject),
    setPlan: (slug, plan, quota) =>
      one(`UPDATE projects SET plan = ?, per_minute = ?, per_day = ? WHERE slug = ? RETURNING ${COLUMNS}`, [
        plan,
        quota.perMinute,
        quota.perDay,
        slug,
      ]),
  };
}
