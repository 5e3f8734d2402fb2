import { DomainError } from '../errors/domain-error.js';
import type { Actor } from '../audit/actor.js';
import { projectNotFound } from '../projects/service.js';
import { Claims } from './claims.js';
import type { DomainDeps } from './deps.js';
import { checkDns } from './dns/dns-check.js';
import { domainInput, recordsFor, storedName, type DnsRecord, type DomainName } from './dns/names.js';
import { isPaidPlan, nextCheckAt } from './policy.js';
import { Redirects, redirectTarget } from './redirects.js';
import type { ClaimRecord, DomainRecord } from './repository.js';
import {
  claimView,
  domainView,
  verifyView,
  type AddedDomain,
  type DomainView,
  type RedirectView,
  type SuggestedPair,
  type VerifyView,
} from './views.js';

export const MAX_DOMAINS_PER_PROJECT = 50;

const domainNotFound = (name: string) => new DomainError('not_found', `No custom domain "${name}" exists.`);

/**
 * Custom domains of projects and their redirect entries; shared by the CLI and
 * the HTTP side. Every change is recorded in the audit log with the actor given.
 */
export class DomainService {
  private readonly claims: Claims;
  private readonly redirects: Redirects;

  constructor(private readonly deps: DomainDeps) {
    this.claims = new Claims(deps);
    this.redirects = new Redirects(deps);
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  private name(input: string): DomainName | DomainError {
    return domainInput(input, this.deps.settings.platformHost);
  }

  private viewOf(record: DomainRecord): Promise<DomainView> {
    return domainView(record, this.deps.settings, this.now());
  }

  /**
   * Adds a domain to the project. With `redirectTo` (another domain of the
   * project) a redirect entry from the new domain to it is added too: the
   * `www.` pair in one action. Each domain verifies on its own.
   */
  async add(actor: Actor, slug: string, input: string, options: { redirectTo?: string } = {}): Promise<AddedDomain | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    const domain = this.name(input);
    if (domain instanceof DomainError) return domain;
    if (!isPaidPlan(project.plan)) {
      return new DomainError(
        'plan_required',
        `Project "${slug}" is on the ${project.plan} plan; custom domains need Pro or above. Upgrade the project's plan, then add the domain.`,
      );
    }
    if (!(await this.deps.deploys.hasReadyDeploy(project.id))) {
      return new DomainError(
        'deploy_required',
        `Project "${slug}" has no ready deploy, and a custom domain serves the live deploy. Deploy the site first, then add the domain.`,
      );
    }
    const repository = this.deps.repository;
    const existing = await repository.find(domain.name);
    if (existing?.projectId === project.id || (await repository.findClaim(domain.name, project.id))) return taken(domain.name);
    // Answered here before the redirect is checked; the insert below checks the limit again, atomically.
    if ((await repository.countWithClaims(project.id)) >= MAX_DOMAINS_PER_PROJECT) return domainLimit(slug);
    let redirectTo: string | null = null;
    if (options.redirectTo !== undefined) {
      const to = this.name(options.redirectTo);
      if (to instanceof DomainError) return to;
      if (to.name === domain.name) return new DomainError('invalid_redirect', `A redirect from ${domain.name} to itself would loop.`);
      const target = await repository.find(to.name);
      if (!target || target.projectId !== project.id) {
        return new DomainError('invalid_redirect', `${to.name} is not a custom domain of project "${slug}"; add it first.`);
      }
      redirectTo = to.name;
    }
    // The domain (or, for a name another project has a say on, the claim) is counted and inserted in one
    // transaction, so concurrent additions to the project never pass the limit together.
    const contested = await this.claims.contested(domain, project.id, existing !== null);
    const created = contested
      ? null
      : await repository.createCapped(
          { projectId: project.id, name: domain.name, kind: domain.kind, message: this.addedMessage(domain), now: this.now() },
          MAX_DOMAINS_PER_PROJECT,
        );
    if (created === 'at_limit') return domainLimit(slug);
    const added = created
      ? await this.opened(project.id, domain, created, redirectTo)
      : await this.claims.open(project, domain, MAX_DOMAINS_PER_PROJECT);
    if (added === 'at_limit') return domainLimit(slug);
    if (!added) return taken(domain.name);
    const redirect = 'redirect' in added ? added.redirect : undefined;
    await this.deps.audit.record(actor, project.id, 'domain.add', domain.name);
    if (redirect) await this.deps.audit.record(actor, project.id, 'redirect.add', redirectTarget(redirect));
    const suggestedPair = await this.pairFor(domain, project.id);
    return {
      domain: domain.name,
      project: slug,
      status: 'pending',
      kind: domain.kind,
      records: added.records,
      message: added.message,
      ...(created ? {} : { reason: 'ownership_required' as const }),
      ...(redirect ? { redirect } : {}),
      ...(suggestedPair ? { suggestedPair } : {}),
    };
  }

  /** A domain just created: its first check is scheduled, and the redirect entry added with it, if any. */
  private async opened(
    projectId: number,
    domain: DomainName,
    created: DomainRecord,
    redirectTo: string | null,
  ): Promise<{ records: DnsRecord[]; message: string; redirect?: RedirectView }> {
    const repository = this.deps.repository;
    // The first background check comes a minute later; verify checks at once.
    await repository.saveCheck(domain.name, {
      status: 'pending',
      reason: null,
      message: created.message,
      found: created.found,
      checkedAt: this.now(),
      checkAttempts: 0,
      nextCheckAt: nextCheckAt(created, 0, this.now()),
      verifiedAt: null,
    });
    // The new domain redirects nowhere yet and nothing redirects to it, so this entry can make no loop.
    const redirect =
      redirectTo !== null && (await repository.addRedirect({ from: domain.name, to: redirectTo, projectId }, this.now()))
        ? { from: domain.name, to: redirectTo, status: 301 as const }
        : undefined;
    await this.deps.changed();
    return { records: recordsFor(domain, this.deps.settings), message: created.message, ...(redirect ? { redirect } : {}) };
  }

  private addedMessage(domain: DomainName): string {
    const records = recordsFor(domain, this.deps.settings);
    return `Create the DNS record${records.length > 1 ? 's' : ''} shown at your DNS provider, then verify ${domain.name}.`;
  }

  /**
   * Verify of a claim: the TXT proof moves the name to this project (taking it
   * from the project that held it, if any), then its records are checked as
   * any domain's. Without proof, the claim says what is missing. A name no
   * longer contested needs no proof.
   */
  private async checkClaim(claim: ClaimRecord): Promise<DomainView> {
    const unproven = await this.claims.prove(claim);
    if (unproven) return unproven;
    const repository = this.deps.repository;
    const created = await repository.create({
      projectId: claim.projectId,
      name: claim.name,
      kind: claim.kind,
      message: this.addedMessage(storedName(claim)),
      now: this.now(),
    });
    if (!created) {
      // Another project took the name in between: the claim stays, and says so at the next verify.
      await this.deps.changed();
      return claimView(claim, this.deps.settings);
    }
    await repository.removeClaim(claim.id);
    await this.deps.changed();
    return this.viewOf(await this.check(created, { manual: true }));
  }

  /** `www.<apex>` for an apex, the apex for `www.<apex>`; null for other names or when the project has it already. */
  private async pairFor(domain: DomainName, projectId: number): Promise<SuggestedPair | null> {
    const other = domain.kind === 'apex' ? `www.${domain.name}` : domain.host === 'www' ? domain.registrableDomain : null;
    if (other === null) return null;
    const pair = this.name(other);
    if (pair instanceof DomainError) return null;
    const existing = await this.deps.repository.find(pair.name);
    if (existing?.projectId === projectId || (await this.deps.repository.findClaim(pair.name, projectId))) return null;
    return {
      domain: pair.name,
      redirect: { from: pair.name, to: domain.name, status: 301 },
      message: `Visitors type ${pair.name} as often as ${domain.name}: add it too, redirecting (301) to ${domain.name}.`,
    };
  }

  /**
   * Checks DNS now and stores the outcome. On a verified domain whose
   * certificate failed or is late this is Re-verify: a new certificate
   * attempt starts at once.
   */
  async verify(actor: Actor, input: string, slug?: string): Promise<VerifyView | DomainError> {
    const view = await this.verifyView(actor, slug, input);
    return view instanceof DomainError ? view : verifyView(view);
  }

  /** `verify` for the management API: the project's domain after the check, as `list` shows it. */
  async verifyView(actor: Actor, slug: string | undefined, input: string): Promise<DomainView | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    const view = isClaim(record) ? await this.checkClaim(record) : await this.viewOf(await this.check(record, { manual: true }));
    await this.deps.audit.record(actor, record.projectId, 'domain.verify', view.domain);
    return view;
  }

  /** Runs a DNS check of a stored domain and records it; used by verify and the background re-checks. */
  async check(record: DomainRecord, options: { manual: boolean }): Promise<DomainRecord> {
    const result = await checkDns(storedName(record), this.deps.settings, {
      servers: this.deps.settings.dnsServers,
      ...(this.deps.settings.dnsDeadlineMs === undefined ? {} : { deadlineMs: this.deps.settings.dnsDeadlineMs }),
    });
    const now = this.now();
    const verified = result.status === 'verified';
    const attempts = options.manual ? 0 : record.checkAttempts + 1;
    // domain.verified and domain.failed when the status changes to it, not at every check.
    const changedTo = result.status !== record.status && result.status !== 'pending' ? result.status : null;
    const event = changedTo && {
      projectId: record.projectId,
      type: changedTo === 'verified' ? ('domain.verified' as const) : ('domain.failed' as const),
      data: JSON.stringify({
        domain: record.name,
        status: result.status,
        ...(result.reason ? { reason: result.reason } : {}),
        message: result.message,
      }),
      at: now,
    };
    await this.deps.repository.saveCheck(
      record.name,
      {
        status: result.status,
        reason: result.reason ?? null,
        message: result.message,
        found: result.found,
        checkedAt: now,
        checkAttempts: verified ? 0 : attempts,
        nextCheckAt: verified ? null : nextCheckAt(record, attempts, now),
        verifiedAt: verified ? (record.status === 'verified' ? (record.verifiedAt ?? now) : now) : null,
      },
      event ?? undefined,
    );
    if (verified) {
      const cert = record.cert;
      const late =
        cert.status === 'pending' &&
        record.verifiedAt !== null &&
        now.getTime() - record.verifiedAt.getTime() > this.deps.settings.graceSeconds * 1000;
      // A background check only starts the first attempt; verify (Re-verify) also restarts a failed or late one, now.
      const start = cert.status === 'none' || (options.manual && (cert.status === 'failed' || late || cert.status === 'pending'));
      if (start) {
        await this.deps.repository.saveCert(record.name, {
          status: 'pending',
          reason: null,
          message: 'Waiting for the certificate authority.',
          attempts: 0,
          nextAt: now,
        });
        this.deps.wantCertificate(record.name);
      }
    }
    if (verified !== (record.status === 'verified')) await this.deps.changed();
    return (await this.deps.repository.find(record.name)) ?? record;
  }

  async list(slug: string): Promise<DomainView[] | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    const [records, claims] = await Promise.all([
      this.deps.repository.listByProject(project.id),
      this.deps.repository.listClaims(project.id),
    ]);
    const views = await Promise.all(records.map((record) => this.viewOf(record)));
    return [...views, ...claims.map((claim) => claimView(claim, this.deps.settings))].sort((a, b) =>
      a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0,
    );
  }

  /** One domain of the project, as `list` shows it. */
  async get(slug: string, input: string): Promise<DomainView | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    return isClaim(record) ? claimView(record, this.deps.settings) : this.viewOf(record);
  }

  /**
   * A stored domain, or a claim, by name. With a project: that project's
   * claim, else its domain; one of another project is not found either (the
   * management API must not reveal other projects' domains). Without (the
   * operator's CLI): the domain, else the only claim on the name.
   */
  private async stored(input: string, slug?: string): Promise<DomainRecord | ClaimRecord | DomainError> {
    const domain = this.name(input);
    if (domain instanceof DomainError) return domain;
    const record = await this.deps.repository.find(domain.name);
    if (slug !== undefined) {
      const project = await this.deps.findProject(slug);
      if (!project) return projectNotFound(slug);
      const claim = await this.deps.repository.findClaim(domain.name, project.id);
      if (claim) return claim;
      if (!record || record.projectId !== project.id) return domainNotFound(domain.name);
      return record;
    }
    if (record) return record;
    const claims = await this.deps.repository.claimsOn(domain.name);
    if (claims.length === 1 && claims[0]) return claims[0];
    if (claims.length > 1) {
      return new DomainError('not_found', `Several projects claim ${domain.name}; name the project (--project SLUG).`);
    }
    return domainNotFound(domain.name);
  }

  async remove(actor: Actor, input: string, slug?: string): Promise<{ domain: string } | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    if (isClaim(record)) {
      // A claim never served anything: it goes without a hold.
      if (!(await this.deps.repository.removeClaim(record.id))) return domainNotFound(record.name);
      await this.deps.audit.record(actor, record.projectId, 'domain.remove', record.name);
      return { domain: record.name };
    }
    const at = this.now();
    const event = { projectId: record.projectId, type: 'domain.removed' as const, data: JSON.stringify({ domain: record.name }), at };
    const release = { reason: 'removed' as const, toProjectId: null, at };
    if (!(await this.deps.repository.removeFrom(record.name, record.projectId, release, event))) return domainNotFound(record.name);
    await this.deps.domainLeft?.({ domain: record.name, projectId: record.projectId, ...release });
    await this.deps.changed();
    await this.deps.audit.record(actor, record.projectId, 'domain.remove', record.name);
    return { domain: record.name };
  }

  addRedirect(actor: Actor, slug: string, from: string, to: string): ReturnType<Redirects['add']> {
    return this.redirects.add(actor, slug, from, to);
  }

  listRedirects(slug: string): ReturnType<Redirects['list']> {
    return this.redirects.list(slug);
  }

  removeRedirect(actor: Actor, slug: string, from: string): ReturnType<Redirects['remove']> {
    return this.redirects.remove(actor, slug, from);
  }
}

function domainLimit(slug: string): DomainError {
  return new DomainError(
    'domain_limit',
    `Project "${slug}" has ${String(MAX_DOMAINS_PER_PROJECT)} custom domains, the most allowed. Remove one first.`,
  );
}

/** Only ever about the project's own domains: nothing tells one project what another holds. */
function taken(name: string): DomainError {
  return new DomainError('domain_taken', `${name} is already a domain of this project.`);
}

function isClaim(record: DomainRecord | ClaimRecord): record is ClaimRecord {
  return 'token' in record;
}
