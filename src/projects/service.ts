import type { Actor, AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Environment } from '../http/pipeline/environments.js';
import { isPlan, quotaFor, type Plan, type Quota } from './plans.js';
import type { Project, ProjectRepository } from './repository.js';

/** Slugs are DNS labels, because published projects are served at <slug>.<platform host>. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', `Invalid ${field}: ${message}.`, [{ in: 'body', field, message }]);

export const projectNotFound = (slug: string) => new DomainError('not_found', `No project "${slug}" exists.`);
export const projectExists = (slug: string) => new DomainError('project_exists', `A project "${slug}" already exists.`);

/** A new project as checked, ready to store. */
export interface NewProject {
  slug: string;
  plan: Plan;
  quota: Quota;
}

function checkedQuota(plan: string, custom: Partial<Quota>): { plan: Plan; quota: Quota } | DomainError {
  if (!isPlan(plan)) return invalid('plan', `"${plan}" is not a plan; use free, pro, business or enterprise`);
  const hasCustom = custom.perMinute !== undefined || custom.perDay !== undefined;
  if (plan !== 'enterprise' && hasCustom) {
    return invalid('quota', 'custom per-minute and per-day quotas are only for the enterprise plan; other plans have fixed quotas');
  }
  if (plan === 'enterprise' && (custom.perMinute === undefined || custom.perDay === undefined)) {
    return invalid('quota', 'the enterprise plan needs both a per-minute and a per-day quota');
  }
  return { plan, quota: quotaFor(plan, custom) };
}

/**
 * The slug a refused one was probably meant as: lowercased, accents dropped, every run of anything but letters and
 * digits one hyphen (`My Web--Shop` → `my-web-shop`), at most 63 characters; null when nothing is left.
 */
export function suggestedSlug(name: string): string | null {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug === '' ? null : slug;
}

/** A refused slug's message, with the slug it was probably meant as. */
function invalidSlug(slug: string, why: string, detail: string): DomainError {
  const suggestion = suggestedSlug(slug);
  const hint = suggestion === null || suggestion === slug ? '' : `; try "${suggestion}"`;
  return new DomainError('invalid_slug', `Invalid slug "${slug}": ${why}${hint}.`, [
    { in: 'body', field: 'slug', message: `${detail}${hint}` },
  ]);
}

/** A new project's slug, plan and quota as checked, or why they are refused. */
export function checkNewProject(slug: string, plan: string, custom: Partial<Quota> = {}): NewProject | DomainError {
  if (!SLUG.test(slug)) {
    const message = 'must be 1-63 lowercase letters, digits and inner hyphens';
    return invalidSlug(slug, message, message);
  }
  if (slug.includes('--'))
    return invalidSlug(slug, '"--" is reserved for preview addresses (<slug>--deploy-<number>)', 'must not contain "--"');
  const checked = checkedQuota(plan, custom);
  return checked instanceof DomainError ? checked : { slug, ...checked };
}

/** What another capability needs of projects: one found by its slug (not_found otherwise), and in an environment. */
export type ProjectLookup = Pick<ProjectService, 'find' | 'inEnvironment'>;

/** Projects (tenants) and their plans; each change is recorded in the audit log with its actor. */
export class ProjectService {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async create(actor: Actor, slug: string, plan: string, custom: Partial<Quota> = {}): Promise<Project | DomainError> {
    const checked = checkNewProject(slug, plan, custom);
    if (checked instanceof DomainError) return checked;
    if (await this.projects.findBySlug(slug)) return projectExists(slug);
    const project = await this.projects.create(slug, checked.plan, checked.quota, new Date(this.clock.now()));
    await this.audit.record(actor, project.id, 'project.create', project.slug);
    return project;
  }

  async setPlan(actor: Actor, slug: string, plan: string, custom: Partial<Quota> = {}): Promise<Project | DomainError> {
    const checked = checkedQuota(plan, custom);
    if (checked instanceof DomainError) return checked;
    const project = await this.projects.setPlan(slug, checked.plan, checked.quota);
    if (!project) return projectNotFound(slug);
    await this.audit.record(actor, project.id, 'plan.change', `${project.slug} -> ${project.plan}`);
    return project;
  }

  /** Turns protected production on or off; a change is recorded (`project.protection_change`, target `on` or `off`). */
  async setProductionProtected(actor: Actor, project: Project, protectedProduction: boolean): Promise<Project | DomainError> {
    if (project.productionProtected === protectedProduction) return project;
    const changed = await this.projects.setProductionProtected(project.slug, protectedProduction);
    if (!changed) return projectNotFound(project.slug);
    await this.audit.record(actor, changed.id, 'project.protection_change', `${changed.slug}: ${protectedProduction ? 'on' : 'off'}`);
    return changed;
  }

  /** A project in one of its environments: itself, or its staging environment (made on first use). */
  async inEnvironment(project: Project, environment: Environment): Promise<Project> {
    if (project.environment === environment) return project;
    if (environment === 'production') return (await this.projects.findBySlug(project.slug)) ?? project;
    return this.projects.staging(project, new Date(this.clock.now()));
  }

  async find(slug: string): Promise<Project | DomainError> {
    return (await this.projects.findBySlug(slug)) ?? projectNotFound(slug);
  }

  list(): Promise<Project[]> {
    return this.projects.list();
  }
}
