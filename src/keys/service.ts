import type { Actor, AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Environment } from '../http/pipeline/environments.js';
import type { Project, ProjectRepository } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import { generateKeyId, generateSecret, hashSecret, secretHint } from './key-format.js';
import { keyNameError } from './key-name.js';
import type { KeyInfo, KeyRepository, KeyScope, NewKeyRecord } from './repository.js';

/** A new key's scope (default `write`), lifetime in days (default: it never expires) and environment (default production). */
export interface KeyOptions {
  scope?: KeyScope;
  expiresInDays?: number;
  environment?: Environment;
}

/** How long a rolled key keeps working by default, and at most (Stripe's rolling keeps one up to 7 days). */
export const ROLL_OVERLAP_HOURS = { default: 24, max: 168 } as const;

export interface RolledKey extends Omit<CreatedKey, 'replaces'> {
  /** The key it replaces, and when that one stops working. */
  replaces: { id: string; hint: string; expiresAt: Date };
}

const HOUR_MS = 3600_000;

export interface CreatedKey extends KeyInfo {
  /** The secret; shown once, stored only as a hash. */
  key: string;
}

const keyNotFound = (id: string) => new DomainError('not_found', `No active API key "${id}" exists.`);

const alreadyRolled = (key: KeyInfo, successor: { id: string; hint: string }) =>
  new DomainError(
    'key_already_rolled',
    `API key "${key.id}" was already rolled: key "${successor.id}" (${successor.hint}) replaces it${
      key.expiresAt ? `, and it stops working at ${key.expiresAt.toISOString()}` : ''
    }. A key is rolled once: roll the key that replaced it instead.`,
  );

/**
 * API keys of projects: created with a secret shown once, listed without it, revoked, unbanned. Each change is
 * recorded in the audit log with its actor.
 */
export class KeyService {
  constructor(
    private readonly keys: KeyRepository,
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /** Marks keys used at `at` (usage's counts, written every few seconds, carry the keys they saw). */
  touch(ids: string[], at: Date): Promise<void> {
    return this.keys.touch(ids, at);
  }

  async create(actor: Actor, projectSlug: string, name: string | null, options: KeyOptions = {}): Promise<CreatedKey | DomainError> {
    const days = options.expiresInDays;
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650)) {
      return new DomainError('validation_failed', 'A key expires after a whole number of days from 1 to 3650.');
    }
    const badName = name === null ? null : keyNameError(name);
    if (badName) return badName;
    const project = await this.project(projectSlug, options.environment ?? 'production');
    if (project instanceof DomainError) return project;
    const now = this.clock.now();
    const expiresAt = options.expiresInDays === undefined ? null : new Date(now + options.expiresInDays * 24 * HOUR_MS);
    const created = await this.issue(project, name, options.scope ?? 'write', expiresAt, new Date(now));
    await this.audit.record(actor, project, 'key.create', created.id);
    return created;
  }

  /** A project in one of its environments (its staging row made on first use). */
  private async project(slug: string, environment: Environment): Promise<Project | DomainError> {
    const production = await this.projects.findBySlug(slug);
    if (!production) return projectNotFound(slug);
    return environment === 'production' ? production : this.projects.staging(production, new Date(this.clock.now()));
  }

  /** The project, in the environment a key of it belongs to; null when the key is neither environment's. */
  environmentOf(production: Project, id: string): Promise<Project | null> {
    return this.keyProject(production, id);
  }

  /** The environment of a project a key belongs to (key ids are unique across both); null when it is neither's. */
  private async keyProject(production: Project, id: string): Promise<Project | null> {
    const projectId = await this.keys.projectOf(id);
    if (projectId === production.id) return production;
    if (projectId === null) return null;
    const staging = await this.projects.staging(production, new Date(this.clock.now()));
    return projectId === staging.id ? staging : null;
  }

  /**
   * Replaces an active key of the project with a new one of the same name, scope and expiry rule; the old key
   * keeps working for `overlapHours` (0 to 168, default 24), or less if it was to expire sooner. A key that
   * expires gives its successor the same lifetime, counted from the roll (a 90-day key rolled on its 80th day
   * is replaced by one valid 90 days). A key is rolled once (`key_already_rolled`), even when rolled from
   * several places at once.
   */
  async roll(
    actor: Actor,
    projectSlug: string,
    id: string,
    overlapHours: number = ROLL_OVERLAP_HOURS.default,
  ): Promise<RolledKey | DomainError> {
    if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > ROLL_OVERLAP_HOURS.max) {
      return new DomainError(
        'validation_failed',
        `The overlap must be a whole number of hours from 0 to ${String(ROLL_OVERLAP_HOURS.max)}.`,
      );
    }
    const production = await this.projects.findBySlug(projectSlug);
    if (!production) return projectNotFound(projectSlug);
    const project = await this.keyProject(production, id);
    if (!project) return keyNotFound(id);
    const now = this.clock.now();
    const old = await this.keys.find(id, project.id);
    if (!old) return keyNotFound(id);
    if (old.replacedBy) return alreadyRolled(old, old.replacedBy);
    if (old.revokedAt || (old.expiresAt && old.expiresAt.getTime() <= now)) return keyNotFound(id);
    const stops = new Date(Math.min(now + overlapHours * HOUR_MS, old.expiresAt?.getTime() ?? Infinity));
    const lifetime = old.expiresAt && old.expiresAt.getTime() - old.createdAt.getTime();
    const { created, record } = this.newKey(project, old.name, old.scope, lifetime ? new Date(now + lifetime) : null, now);
    if (!(await this.keys.roll({ id: old.id, projectId: project.id, stops, now: new Date(now), successor: record }))) {
      // Another roll (or a revocation) came first.
      const current = await this.keys.find(id, project.id);
      return current?.replacedBy ? alreadyRolled(current, current.replacedBy) : keyNotFound(id);
    }
    await this.audit.record(actor, project, 'key.roll', old.id);
    return { ...created, replaces: { id: old.id, hint: old.hint, expiresAt: stops } };
  }

  private async issue(
    project: Project,
    name: string | null,
    scope: KeyScope,
    expiresAt: Date | null,
    createdAt: Date,
  ): Promise<CreatedKey> {
    const { created, record } = this.newKey(project, name, scope, expiresAt, createdAt.getTime());
    await this.keys.create(record);
    return created;
  }

  /** A new key's secret (of the project's environment) and record, not yet stored. */
  private newKey(project: Project, name: string | null, scope: KeyScope, expiresAt: Date | null, now: number) {
    const { environment } = project;
    const key = generateSecret(environment);
    const id = generateKeyId();
    const hint = secretHint(key);
    const createdAt = new Date(now);
    const record: NewKeyRecord = { id, projectId: project.id, name, scope, expiresAt, secretHash: hashSecret(key), hint, createdAt };
    const created: CreatedKey = {
      id,
      key,
      project: project.slug,
      environment,
      name,
      scope,
      hint,
      createdAt,
      expiresAt,
      revokedAt: null,
      bannedUntil: null,
      lastUsedAt: null,
      replacedBy: null,
      replaces: null,
    };
    return { created, record };
  }

  /** Every key, or a project's keys of one environment (default production). */
  async list(projectSlug?: string, environment: Environment = 'production'): Promise<KeyInfo[] | DomainError> {
    if (projectSlug === undefined) return this.keys.list();
    const project = await this.project(projectSlug, environment);
    if (project instanceof DomainError) return project;
    return this.keys.list(project.id);
  }

  /** Revokes a key; given a project, only a key of that project, in either environment (another's is not found). */
  async revoke(actor: Actor, id: string, projectSlug?: string): Promise<true | DomainError> {
    const now = new Date(this.clock.now());
    let project: Project | null;
    if (projectSlug === undefined) {
      if (!(await this.keys.revoke(id, now))) return keyNotFound(id);
      project = await this.ownerOf(id);
    } else {
      const production = await this.projects.findBySlug(projectSlug);
      if (!production) return projectNotFound(projectSlug);
      project = await this.keyProject(production, id);
      if (!project || !(await this.keys.revoke(id, now, project.id))) return keyNotFound(id);
    }
    if (project !== null) await this.audit.record(actor, project, 'key.revoke', id);
    return true;
  }

  /** The project (in the key's environment) of a key found by its id alone. */
  private async ownerOf(id: string): Promise<Project | null> {
    const info = await this.keys.byId(id);
    if (!info) return null;
    const production = await this.projects.findBySlug(info.project);
    return production && (await this.keyProject(production, id));
  }

  /** Lifts a key's ban before it ends; false when the key was not banned (nothing is recorded then). */
  async unban(actor: Actor, id: string): Promise<boolean | DomainError> {
    const result = await this.keys.unban(id, new Date(this.clock.now()));
    if (result === null) return new DomainError('not_found', `No API key "${id}" exists.`);
    if (result === 'not_banned') return false;
    const project = await this.ownerOf(id);
    if (project !== null) await this.audit.record(actor, project, 'key.unban', id);
    return true;
  }
}
