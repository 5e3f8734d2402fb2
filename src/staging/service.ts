import type { Actor, AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Project } from '../projects/repository.js';
import type { ProjectLookup } from '../projects/service.js';
import type { StagingRepository } from './repository.js';

export interface StagingReset {
  project: string;
  environment: 'staging';
  resetAt: Date;
}

export interface StagingCopy {
  project: string;
  environment: 'staging';
  /** Pets now in staging, each with its production id. */
  copied: number;
}

/**
 * A project's staging environment as a whole: reset (its data emptied, its keys and webhook endpoints kept)
 * and filled with a copy of production's pets. Both are recorded in the project's audit log, and both change
 * the staging environment's shared version before and after they write, so no instance gives an answer it
 * held from before (pets/version-cache.ts).
 */
export class StagingService {
  constructor(
    private readonly projects: ProjectLookup,
    private readonly data: StagingRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    /** Changes the shared version of a project row's pets (a no-op where none is kept). */
    private readonly changed: (projectId: number) => Promise<void>,
  ) {}

  private async staging(slug: string): Promise<{ production: Project; staging: Project } | DomainError> {
    const production = await this.projects.find(slug);
    if (production instanceof DomainError) return production;
    return { production, staging: await this.projects.inEnvironment(production, 'staging') };
  }

  async reset(actor: Actor, slug: string): Promise<StagingReset | DomainError> {
    const found = await this.staging(slug);
    if (found instanceof DomainError) return found;
    const { staging } = found;
    await this.changed(staging.id);
    await this.data.reset(staging.id);
    await this.changed(staging.id);
    await this.audit.record(actor, staging, 'staging.reset', staging.slug);
    return { project: staging.slug, environment: 'staging', resetAt: new Date(this.clock.now()) };
  }

  async copyPets(actor: Actor, slug: string): Promise<StagingCopy | DomainError> {
    const found = await this.staging(slug);
    if (found instanceof DomainError) return found;
    const { production, staging } = found;
    await this.changed(staging.id);
    const copied = await this.data.copyPets(production.id, staging.id);
    if (copied === 'not_empty') {
      return new DomainError(
        'staging_not_empty',
        `The staging environment of project "${slug}" already has pets or orders: reset staging first, then copy again.`,
      );
    }
    await this.changed(staging.id);
    await this.audit.record(actor, staging, 'staging.copy_pets', `${staging.slug} (${String(copied)} pets)`);
    return { project: staging.slug, environment: 'staging', copied };
  }
}
