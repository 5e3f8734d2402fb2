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

/** API keys of projects: created with a secret shown once, listed without it, revoked, unbanned. */
export class KeyService {
  constructor(
    private readonly keys: KeyRepository,
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
  ) {}

  async create(projectSlug: string, name: string | null): Promise<CreatedKey | DomainError> {
    const project = await this.projects.findBySlug(projectSlug);
    if (!project) return projectNotFound(projectSlug);
    const now = new Date(this.clock.now());
    const key = generateSecret();
    const id = generateKeyId();
    const hint = secretHint(key);
    await this.keys.create({ id, projectId: project.id, name, secretHash: hashSecret(key), hint, createdAt: now });
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
  async revoke(id: string, projectSlug?: string): Promise<true | DomainError> {
    const now = new Date(this.clock.now());
    if (projectSlug === undefined) return (await this.keys.revoke(id, now)) || keyNotFound(id);
    const project = await this.projects.findBySlug(projectSlug);
    if (!project) return projectNotFound(projectSlug);
    return (await this.keys.revoke(id, now, project.id)) || keyNotFound(id);
  }

  /** Lifts a key's ban before it ends; false when the key was not banned. */
  async unban(id: string): Promise<boolean | DomainError> {
    const result = await this.keys.unban(id, new Date(this.clock.now()));
    if (result === null) return new DomainError('not_found', `No API key "${id}" exists.`);
    return result === 'lifted';
  }
}
