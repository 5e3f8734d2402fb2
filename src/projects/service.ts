import type { Store } from '../storage/store.js';
import { isPlan, quotaFor, type Quota } from './plans.js';
import type { Project } from './repository.js';

export class ProjectError extends Error {}

/** Slugs are DNS labels, because published projects are served at <slug>.<platform host>. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function checkedQuota(plan: string, custom: Partial<Quota>): { plan: Project['plan']; quota: Quota } {
  if (!isPlan(plan)) throw new ProjectError(`unknown plan "${plan}": use free, pro, business or enterprise`);
  const hasCustom = custom.perMinute !== undefined || custom.perDay !== undefined;
  if (plan !== 'enterprise' && hasCustom) {
    throw new ProjectError('--per-minute and --per-day are only for the enterprise plan; other plans have fixed quotas');
  }
  if (plan === 'enterprise' && (custom.perMinute === undefined || custom.perDay === undefined)) {
    throw new ProjectError('the enterprise plan needs both --per-minute N and --per-day N');
  }
  return { plan, quota: quotaFor(plan, custom) };
}

export async function createProject(
  store: Store,
  slug: string,
  plan: string,
  custom: Partial<Quota> = {},
  now = new Date(),
): Promise<Project> {
  if (!SLUG.test(slug)) throw new ProjectError(`invalid slug "${slug}": use 1-63 lowercase letters, digits and inner hyphens`);
  const checked = checkedQuota(plan, custom);
  if (await store.projects.findBySlug(slug)) throw new ProjectError(`project "${slug}" already exists`);
  return store.projects.create(slug, checked.plan, checked.quota, now);
}

export async function setProjectPlan(store: Store, slug: string, plan: string, custom: Partial<Quota> = {}): Promise<Project> {
  const checked = checkedQuota(plan, custom);
  const project = await store.projects.setPlan(slug, checked.plan, checked.quota);
  if (!project) throw new ProjectError(`project "${slug}" does not exist`);
  return project;
}
