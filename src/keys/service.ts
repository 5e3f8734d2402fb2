import type { Actor, AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { ProjectRepository } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import { generateKeyId, generateSecret, hashSecret, secretHint } from './key-format.js';
import type { KeyInfo, KeyRepository } from './repository.js';

export interface CreatedKey extends KeyInfo {
  /** The secret; shown once, stored only as a hash. */
  key: string;
}

const keyNotFound = (id: string) => new DomainError('not_found', `No active API key "${id}" exists.`);

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

  async create(actor: Actor, projectSlug: string, name: string | null): Promise<CreatedKey | DomainError> {
    const project = await this.projects.findBySlug(projectSlug);
    if (!project) return projectNotFound(projectSlug);
    const now = new Date(this.clock.now());
    const key = generateSecret();
    const id = generateKeyId();
    const hint = secretHint(key);
    await this.keys.create({ id, projectId: project.id, name, secretHash: hashSecret(key), hint, createdAt: now });
    await this.audit.record(actor, project.id, 'key.create', id);
    return { id, key, project: project.slug, name, hint, createdAt: now, revokedAt: null, bannedUntil: null, lastUsedAt: null };
  }

  /** Every key, or a project's keys. */
  async list(projectSlug?: string): Promise<KeyInfo[] | DomainError> {
    if (projectSlug === undefined) return this.keys.list();
    const project = await this.projects.findBySlug(projectSlug);
    if (!project) return projectNotFound(projectSlug);
    return this.keys.list(project.id);
  }

  /** Revokes a key; given a project, only a key of that project (another's is not found). */
  async revoke(actor: Actor, id: string, projectSlug?: string): Promise<true | DomainError> {
    const now = new Date(this.clock.now());
    let projectId: number | null;
    if (projectSlug === undefined) {
      if (!(await this.keys.revoke(id, now))) return keyNotFound(id);
      projectId = await this.keys.projectOf(id);
    } else {
      const project = await this.projects.findBySlug(projectSlug);
      if (!project) return projectNotFound(projectSlug);
      if (!(await this.keys.revoke(id, now, project.id))) return keyNotFound(id);
      projectId = project.id;
    }
    if (projectId !== null) await this.audit.record(actor, projectId, 'key.revoke', id);
    return true;
  }

  /** Lifts a key's ban before it ends; false when the key was not banned (nothing is recorded then). */
  async unban(actor: Actor, id: string): Promise<boolean | DomainError> {
    const result = await this.keys.unban(id, new Date(this.clock.now()));
    if (result === null) return new DomainError('not_found', `No API key "${id}" exists.`);
    if (result === 'not_banned') return false;
    const projectId = await this.keys.projectOf(id);
    if (projectId !== null) await this.audit.record(actor, projectId, 'key.unban', id);
    return true;
  }
}
