import type { Environment } from '../http/pipeline/environments.js';
import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time, type SqlStatement } from '../storage/sql.js';
import type { Plan, Quota } from './plans.js';

/**
 * A project in one of its environments. Its production row is the project its people know (slug, members,
 * plan, deploys, domains, audit); its staging environment is a second row linked to it (`production_id`),
 * so that every capability keyed by project keeps staging's data apart the way it keeps two projects'
 * (docs/decisions.md). A staging row's stored slug is a placeholder no slug can equal; as a Project it
 * carries its production's slug, id and plan.
 */
export interface Project {
  /** The row this environment's data is keyed by. */
  id: number;
  slug: string;
  plan: Plan;
  quota: Quota;
  createdAt: Date;
  environment: Environment;
  /** The production row's id: `id` itself for production. */
  sharedId: number;
  /** Only admins and owners change production (keys, domains, webhooks, promotion); developers deploy previews. */
  productionProtected: boolean;
}

export interface ProjectRepository {
  create(slug: string, plan: Plan, quota: Quota, now: Date): Promise<Project>;
  /** A project (its production row) by slug. */
  findBySlug(slug: string): Promise<Project | null>;
  /** Every project (production rows), oldest first. */
  list(): Promise<Project[]>;
  /** Changes a project's plan, in both its environments at once. */
  setPlan(slug: string, plan: Plan, quota: Quota): Promise<Project | null>;
  /** A project's staging environment, its row made on first use. */
  staging(production: Project, now: Date): Promise<Project>;
  /** Turns protected production on or off; the project as it is now, or null when there is none. */
  setProductionProtected(slug: string, protectedProduction: boolean): Promise<Project | null>;
}

export interface ProjectRow {
  id: bigint;
  slug: string;
  plan: Plan;
  per_minute: bigint;
  per_day: bigint;
  created_at: bigint | Date;
  production_protected: bigint | boolean;
}

const COLUMNS = 'id, slug, plan, per_minute, per_day, created_at, production_protected';

/** A production row as a Project (`COLUMNS`; rows with `production_id IS NULL`). */
export const toProject = (r: ProjectRow): Project => ({
  id: int(r.id),
  slug: r.slug,
  plan: r.plan,
  quota: { perMinute: int(r.per_minute), perDay: int(r.per_day) },
  createdAt: time(r.created_at),
  environment: 'production',
  sharedId: int(r.id),
  productionProtected: flag(r.production_protected),
});

/** A staging row's stored slug: `:` is in no slug nor host label, so no person, site host or URL names it. */
const stagingSlug = (production: Pick<Project, 'slug'>) => `${production.slug}:staging`;

/** SQL: the slug of the project row `alias` as its people know it (a staging row's is its production row's). */
export const slugOfRow = (alias: string) => `COALESCE((SELECT h.slug FROM projects h WHERE h.id = ${alias}.production_id), ${alias}.slug)`;

/** SQL: the environment of the project row `alias` (production rows have no `production_id`). */
export const environmentOfRow = (alias: string) => `CASE WHEN ${alias}.production_id IS NULL THEN 'production' ELSE 'staging' END`;

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
    findBySlug: (slug) => one(`SELECT ${COLUMNS} FROM projects WHERE slug = ? AND production_id IS NULL`, [slug]),
    list: async () => (await sql.all<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE production_id IS NULL ORDER BY id`)).map(toProject),
    setPlan: async (slug, plan, quota) => {
      // Both rows in one statement: staging has the plan's limits (its own counts).
      const rows = await sql.all<ProjectRow & { production_id: bigint | null }>(
        `UPDATE projects SET plan = ?, per_minute = ?, per_day = ?
          WHERE (slug = ? AND production_id IS NULL) OR production_id = (SELECT id FROM projects WHERE slug = ? AND production_id IS NULL)
          RETURNING ${COLUMNS}, production_id`,
        [plan, quota.perMinute, quota.perDay, slug, slug],
      );
      const production = rows.find((r) => r.production_id === null);
      return production ? toProject(production) : null;
    },
    staging: async (production, now) => {
      const find = () => sql.one<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE production_id = ?`, [production.id]);
      const row =
        (await find()) ??
        (await sql.one<ProjectRow>(
          `INSERT INTO projects (slug, plan, per_minute, per_day, created_at, production_id) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
          [stagingSlug(production), production.plan, production.quota.perMinute, production.quota.perDay, now, production.id],
        )) ??
        // Made at the same moment by another request or instance.
        (await find());
      if (!row) throw new Error(`the staging row of project ${String(production.id)} could not be made`);
      return { ...production, id: int(row.id), createdAt: time(row.created_at), environment: 'staging', sharedId: production.id };
    },
    setProductionProtected: (slug, protectedProduction) =>
      one(`UPDATE projects SET production_protected = ? WHERE slug = ? AND production_id IS NULL RETURNING ${COLUMNS}`, [
        protectedProduction,
        slug,
      ]),
  };
}
