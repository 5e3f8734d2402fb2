import type { Project } from '../projects/repository.js';
import { storedName, type DomainName } from './dns/names.js';
import { checkOwnership, HOLD_DAYS, newClaimToken } from './dns/ownership.js';
import type { ClaimRecord } from './repository.js';
import type { DomainDeps } from './deps.js';
import { claimView, type DomainView } from './views.js';

/**
 * Ownership claims: a name another project holds (or one under a registrable
 * domain it has verified, or removed less than 7 days ago) is added as a claim
 * that needs TXT proof. The answer is the same whoever holds it, and never names them.
 */
export class Claims {
  constructor(private readonly deps: DomainDeps) {}

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  /** Removals since then still hold the name against other projects. */
  private holdSince(): Date {
    return new Date(this.deps.clock.now() - HOLD_DAYS * 24 * 3600 * 1000);
  }

  /** Whether `projectId` needs TXT proof for the name; `held` says whether another project holds it now. */
  async contested(domain: DomainName, projectId: number, held: boolean): Promise<boolean> {
    return held || this.deps.repository.contested(domain, projectId, this.holdSince());
  }

  /**
   * Opens a claim of the project on the name; null when the project has one already, 'at_limit' when it
   * has `limit` domains and claims together.
   */
  async open(project: Project, domain: DomainName, limit: number): Promise<DomainView | null | 'at_limit'> {
    const repository = this.deps.repository;
    const claim = await repository.createClaim(
      {
        projectId: project.id,
        name: domain.name,
        kind: domain.kind,
        token: newClaimToken(),
        message: '',
        now: this.now(),
      },
      limit,
    );
    if (claim === null || claim === 'at_limit') return claim;
    const view = claimView(claim, this.deps.settings);
    await repository.saveClaimCheck(claim.id, { message: view.message, found: [], checkedAt: this.now() });
    return view;
  }

  /**
   * The TXT proof of a claim, checked now: null when the name may move to the
   * claiming project (proven, or no longer contested), else the claim saying
   * what is missing. With proof, the project that held the name loses it.
   */
  async prove(claim: ClaimRecord): Promise<DomainView | null> {
    const { repository, settings } = this.deps;
    const name = storedName(claim);
    const holder = await repository.find(claim.name);
    if (await this.contested(name, claim.projectId, holder !== null)) {
      const proof = await checkOwnership(name, claim.token, {
        servers: settings.dnsServers,
        ...(settings.dnsDeadlineMs === undefined ? {} : { deadlineMs: settings.dnsDeadlineMs }),
      });
      if (proof.status !== 'proven') {
        await repository.saveClaimCheck(claim.id, { message: proof.message, found: proof.found, checkedAt: this.now() });
        return claimView({ ...claim, message: proof.message, found: proof.found }, settings);
      }
    }
    const transferred = { reason: 'transferred' as const, toProjectId: claim.projectId, at: this.now() };
    if (
      holder !== null &&
      holder.projectId !== claim.projectId &&
      (await repository.removeFrom(holder.name, holder.projectId, transferred))
    ) {
      await this.deps.domainLeft?.({ domain: holder.name, projectId: holder.projectId, ...transferred });
    }
    return null;
  }
}
