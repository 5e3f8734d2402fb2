import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Project } from '../projects/repository.js';
import { checkCaa, type CaaResult } from './caa.js';
import { checkDns, type Found, type VerifyResult } from './dns-check.js';
import { normaliseDomain, recordsFor, type DnsRecord, type DomainName } from './names.js';
import { challengeName, challengeRecord, checkOwnership, HOLD_DAYS, newClaimToken } from './ownership.js';
import { isPaidPlan, nextCheckAt } from './policy.js';
import type { ClaimRecord, DomainRecord, DomainRepository, RedirectRecord } from './repository.js';

/** What the domains capability needs to know about deploys (the deploys capability provides it). */
export interface ReadyDeploys {
  hasReadyDeploy(projectId: number): Promise<boolean>;
}

export interface DomainSettings {
  platformHost: string;
  platformAddresses: string[];
  dnsServers: string[];
  /** Seconds after verification before a missing certificate gets diagnostics. */
  graceSeconds: number;
  /** The CA's CAA identities (ACME_CAA_IDENTITIES, else the directory's). */
  caaIdentities(): Promise<string[]>;
  /** Per DNS lookup of a check (default 5 s). */
  dnsDeadlineMs?: number;
}

export interface DomainDeps {
  repository: DomainRepository;
  findProject(slug: string): Promise<Project | null>;
  deploys: ReadyDeploys;
  settings: DomainSettings;
  clock: Clock;
  /** Called after any change to domains, certificates or redirects (the host maps reload; other instances are told). */
  changed(): Promise<void>;
  /** Called when a domain needs a certificate attempt now. */
  wantCertificate(name: string): void;
  /**
   * Called once whenever a name leaves a project: removed by it, or moved to
   * another project by TXT proof. The place where audit entries and events
   * about it are written.
   */
  domainLeft?(event: DomainLeft): Promise<void> | void;
}

/** A name that left a project. `toProjectId` is set for a transfer (the old project is never told the new one). */
export interface DomainLeft {
  domain: string;
  projectId: number;
  reason: 'removed' | 'transferred';
  toProjectId: number | null;
  at: Date;
}

export const MAX_DOMAINS_PER_PROJECT = 50;

/** The `www.` pair of a name just added (or its apex), offered with a redirect to the name added. */
export interface SuggestedPair {
  domain: string;
  redirect: RedirectView;
  message: string;
}

export interface AddedDomain {
  domain: string;
  project: string;
  status: 'pending';
  kind: 'apex' | 'subdomain';
  records: DnsRecord[];
  message: string;
  /** `ownership_required`: the TXT record among `records` must be in place before the domain can verify. */
  reason?: 'ownership_required';
  /** The redirect entry added with the domain (`redirectTo`). */
  redirect?: RedirectView;
  /** `shop.example` ↔ `www.shop.example`, when the other name is not a domain of the project yet. */
  suggestedPair?: SuggestedPair;
}

export interface CertificateView {
  status: 'none' | 'pending' | 'issued' | 'failed';
  reason?: string;
  message?: string;
  notAfter?: string;
  nextAttemptAt?: string;
}

export interface VerifyView {
  domain: string;
  status: 'verified' | 'pending' | 'failed';
  reason?: string;
  message: string;
  found: Found;
  certificate: CertificateView;
}

export interface Diagnostics {
  message: string;
  dns: { status: VerifyResult['status']; reason?: string; message: string };
  caa: { status: CaaResult['status']; message: string };
}

export interface DomainView {
  domain: string;
  kind: 'apex' | 'subdomain';
  status: 'verified' | 'pending' | 'failed';
  reason?: string;
  message: string;
  found: Found;
  records: DnsRecord[];
  certificate: CertificateView;
  diagnostics?: Diagnostics;
}

export interface RedirectView {
  from: string;
  to: string;
  status: 301;
}

const projectNotFound = (slug: string) => new DomainError('not_found', `No project "${slug}" exists.`);
const domainNotFound = (name: string) => new DomainError('not_found', `No custom domain "${name}" exists.`);

export function certificateView(record: DomainRecord): CertificateView {
  const c = record.cert;
  return {
    status: c.status,
    ...(c.reason === null ? {} : { reason: c.reason }),
    ...(c.message === null ? {} : { message: c.message }),
    ...(c.expiresAt === null || c.status !== 'issued' ? {} : { notAfter: c.expiresAt.toISOString() }),
    ...(c.nextAt === null || c.status === 'issued' ? {} : { nextAttemptAt: c.nextAt.toISOString() }),
  };
}

/** Custom domains of projects and their redirect entries; shared by the CLI and the HTTP side. */
export class DomainService {
  constructor(private readonly deps: DomainDeps) {}

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  private name(input: string): DomainName | DomainError {
    const parsed = normaliseDomain(input, { platformHost: this.deps.settings.platformHost });
    return parsed.ok ? parsed.domain : new DomainError('invalid_domain', parsed.reason);
  }

  private target() {
    return { platformHost: this.deps.settings.platformHost, platformAddresses: this.deps.settings.platformAddresses };
  }

  private domainName(record: { name: string }): DomainName {
    const parsed = normaliseDomain(record.name);
    if (!parsed.ok) throw new Error(`stored domain ${record.name} no longer parses: ${parsed.reason}`);
    return parsed.domain;
  }

  /**
   * Adds a domain to the project. With `redirectTo` (another domain of the
   * project) a redirect entry from the new domain to it is added too: the
   * `www.` pair in one action. Each domain verifies on its own.
   */
  async add(slug: string, input: string, options: { redirectTo?: string } = {}): Promise<AddedDomain | DomainError> {
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
    const count = (await repository.countByProject(project.id)) + (await repository.listClaims(project.id)).length;
    if (count >= MAX_DOMAINS_PER_PROJECT) {
      return new DomainError(
        'domain_limit',
        `Project "${slug}" has ${String(MAX_DOMAINS_PER_PROJECT)} custom domains, the most allowed. Remove one first.`,
      );
    }
    let redirectTo: string | null = null;
    if (options.redirectTo !== undefined) {
      const to = this.name(options.redirectTo);
      if (to instanceof DomainError) return to;
      if (to.name === domain.name) return new DomainError('invalid_redirect', `A redirect from ${domain.name} to itself would loop.`);
      const target = await this.deps.repository.find(to.name);
      if (!target || target.projectId !== project.id) {
        return new DomainError('invalid_redirect', `${to.name} is not a custom domain of project "${slug}"; add it first.`);
      }
      redirectTo = to.name;
    }
    // Another project's name (or one under a registrable domain it has verified, or removed less than 7 days ago)
    // is a claim that needs TXT proof; the answer is the same whoever it is, and never names them.
    const contested = existing !== null || (await repository.contested(domain, project.id, this.holdSince()));
    const created = contested
      ? null
      : await repository.create({
          projectId: project.id,
          name: domain.name,
          kind: domain.kind,
          message: this.addedMessage(domain),
          now: this.now(),
        });
    if (!created) {
      const claim = await repository.createClaim({
        projectId: project.id,
        name: domain.name,
        kind: domain.kind,
        token: newClaimToken(),
        message: '',
        now: this.now(),
      });
      if (!claim) return taken(domain.name);
      const view = this.claimView(claim);
      await repository.saveClaimCheck(claim.id, { message: view.message, found: [], checkedAt: this.now() });
      const suggestedPair = await this.pairFor(domain, project.id);
      return {
        domain: domain.name,
        project: slug,
        status: 'pending',
        kind: domain.kind,
        records: view.records,
        message: view.message,
        reason: 'ownership_required',
        ...(suggestedPair ? { suggestedPair } : {}),
      };
    }
    const records = recordsFor(domain, this.target());
    const message = created.message;
    // The first background check comes a minute later; verify checks at once.
    await this.deps.repository.saveCheck(domain.name, {
      status: 'pending',
      reason: null,
      message,
      found: created.found,
      checkedAt: this.now(),
      checkAttempts: 0,
      nextCheckAt: nextCheckAt(created, 0, this.now()),
      verifiedAt: null,
    });
    // The new domain redirects nowhere yet and nothing redirects to it, so this entry can make no loop.
    const redirect =
      redirectTo !== null &&
      (await this.deps.repository.addRedirect({ from: domain.name, to: redirectTo, projectId: project.id }, this.now()))
        ? { from: domain.name, to: redirectTo, status: 301 as const }
        : undefined;
    await this.deps.changed();
    const suggestedPair = await this.pairFor(domain, project.id);
    return {
      domain: domain.name,
      project: slug,
      status: 'pending',
      kind: domain.kind,
      records,
      message,
      ...(redirect ? { redirect } : {}),
      ...(suggestedPair ? { suggestedPair } : {}),
    };
  }

  private addedMessage(domain: DomainName): string {
    const records = recordsFor(domain, this.target());
    return `Create the DNS record${records.length > 1 ? 's' : ''} shown at your DNS provider, then verify ${domain.name}.`;
  }

  /** Removals since then still hold the name against other projects. */
  private holdSince(): Date {
    return new Date(this.deps.clock.now() - HOLD_DAYS * 24 * 3600 * 1000);
  }

  /** A claim as `list` shows it: pending, `ownership_required`, the TXT record first. */
  private claimView(claim: ClaimRecord): DomainView {
    const name = this.domainName(claim);
    const txt = challengeRecord(name, claim.token);
    return {
      domain: claim.name,
      kind: claim.kind,
      status: 'pending',
      reason: 'ownership_required',
      message:
        claim.message ||
        `${claim.name} needs proof of ownership before this project can serve it: create the TXT record ${txt.name} ` +
          `(${challengeName(claim.name)}) with the value ${claim.token}, and the other record${recordsFor(name, this.target()).length > 1 ? 's' : ''} shown, then verify.`,
      found: { cname: null, addresses: [], txt: claim.found },
      records: [txt, ...recordsFor(name, this.target())],
      certificate: { status: 'none' },
    };
  }

  /**
   * Verify of a claim: the TXT proof moves the name to this project (taking it
   * from the project that held it, if any), then its records are checked as
   * any domain's. Without proof, the claim says what is missing. A name no
   * longer contested needs no proof.
   */
  private async checkClaim(claim: ClaimRecord): Promise<DomainView> {
    const repository = this.deps.repository;
    const name = this.domainName(claim);
    const holder = await repository.find(claim.name);
    const contested = holder !== null || (await repository.contested(name, claim.projectId, this.holdSince()));
    if (contested) {
      const proof = await checkOwnership(name, claim.token, {
        servers: this.deps.settings.dnsServers,
        ...(this.deps.settings.dnsDeadlineMs === undefined ? {} : { deadlineMs: this.deps.settings.dnsDeadlineMs }),
      });
      if (proof.status !== 'proven') {
        await repository.saveClaimCheck(claim.id, { message: proof.message, found: proof.found, checkedAt: this.now() });
        return this.claimView({ ...claim, message: proof.message, found: proof.found });
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
    const created = await repository.create({
      projectId: claim.projectId,
      name: claim.name,
      kind: claim.kind,
      message: this.addedMessage(name),
      now: this.now(),
    });
    if (!created) {
      // Another project took the name in between: the claim stays, and says so at the next verify.
      await this.deps.changed();
      return this.claimView(claim);
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
  async verify(input: string, slug?: string): Promise<VerifyView | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    const view = isClaim(record) ? await this.checkClaim(record) : await this.viewOf(await this.check(record, { manual: true }));
    return {
      domain: view.domain,
      status: view.status,
      ...(view.reason === undefined ? {} : { reason: view.reason }),
      message: view.message,
      found: view.found,
      certificate: view.certificate,
    };
  }

  /** `verify` for the management API: the project's domain after the check, as `list` shows it. */
  async verifyView(slug: string, input: string): Promise<DomainView | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    return isClaim(record) ? this.checkClaim(record) : this.viewOf(await this.check(record, { manual: true }));
  }

  /** Runs a DNS check of a stored domain and records it; used by verify and the background re-checks. */
  async check(record: DomainRecord, options: { manual: boolean }): Promise<DomainRecord> {
    const result = await checkDns(this.domainName(record), this.target(), {
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
    return [...views, ...claims.map((claim) => this.claimView(claim))].sort((a, b) =>
      a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0,
    );
  }

  /** One domain of the project, as `list` shows it. */
  async get(slug: string, input: string): Promise<DomainView | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    return isClaim(record) ? this.claimView(record) : this.viewOf(record);
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

  private async viewOf(record: DomainRecord): Promise<DomainView> {
    const name = this.domainName(record);
    const late =
      record.status === 'verified' &&
      record.cert.status !== 'issued' &&
      record.verifiedAt !== null &&
      this.now().getTime() - record.verifiedAt.getTime() >= this.deps.settings.graceSeconds * 1000;
    return {
      domain: record.name,
      kind: record.kind,
      status: record.status,
      ...(record.reason === null ? {} : { reason: record.reason }),
      message: record.message,
      found: record.found,
      records: recordsFor(name, this.target()),
      certificate: certificateView(record),
      ...(late ? { diagnostics: await this.diagnose(name) } : {}),
    };
  }

  /** Whether the domain still verifies and whether CAA lets the CA issue, checked now. */
  async diagnose(name: DomainName): Promise<Diagnostics> {
    const options = { servers: this.deps.settings.dnsServers };
    const [dns, caa] = await Promise.all([
      checkDns(name, this.target(), options),
      this.deps.settings.caaIdentities().then(
        (ids) => checkCaa(name, ids, options),
        (): CaaResult => ({ status: 'error', reason: 'dns_error', message: 'The CA directory could not be read for its CAA identities.' }),
      ),
    ]);
    const parts = [
      dns.status === 'verified' ? `${name.name} still points at the platform.` : `${name.name} no longer verifies: ${dns.message}`,
      caa.message,
    ];
    return {
      message: `No certificate yet. ${parts.join(' ')}`,
      dns: { status: dns.status, ...(dns.reason === undefined ? {} : { reason: dns.reason }), message: dns.message },
      caa: { status: caa.status, message: caa.message },
    };
  }

  async remove(input: string, slug?: string): Promise<{ domain: string } | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    if (isClaim(record)) {
      // A claim never served anything: it goes without a hold.
      if (!(await this.deps.repository.removeClaim(record.id))) return domainNotFound(record.name);
      return { domain: record.name };
    }
    const at = this.now();
    const event = { projectId: record.projectId, type: 'domain.removed' as const, data: JSON.stringify({ domain: record.name }), at };
    const release = { reason: 'removed' as const, toProjectId: null, at };
    if (!(await this.deps.repository.removeFrom(record.name, record.projectId, release, event))) return domainNotFound(record.name);
    await this.deps.domainLeft?.({ domain: record.name, projectId: record.projectId, ...release });
    await this.deps.changed();
    return { domain: record.name };
  }

  async addRedirect(slug: string, fromInput: string, toInput: string): Promise<RedirectView | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    const from = this.name(fromInput);
    if (from instanceof DomainError) return from;
    const to = this.name(toInput);
    if (to instanceof DomainError) return to;
    if (from.name === to.name) return new DomainError('invalid_redirect', `A redirect from ${from.name} to itself would loop.`);
    for (const name of [from.name, to.name]) {
      const record = await this.deps.repository.find(name);
      if (!record || record.projectId !== project.id) {
        return new DomainError('invalid_redirect', `${name} is not a custom domain of project "${slug}"; add it first.`);
      }
    }
    const existing = await this.deps.repository.listRedirects(project.id);
    const loop = redirectLoop(existing, { from: from.name, to: to.name, projectId: project.id });
    if (loop) return new DomainError('invalid_redirect', `This redirect would make a loop: ${loop.join(' → ')}.`);
    if (!(await this.deps.repository.addRedirect({ from: from.name, to: to.name, projectId: project.id }, this.now()))) {
      return new DomainError('invalid_redirect', `${from.name} already redirects; remove that entry first.`);
    }
    await this.deps.changed();
    return { from: from.name, to: to.name, status: 301 };
  }

  async listRedirects(slug: string): Promise<RedirectView[] | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    return (await this.deps.repository.listRedirects(project.id)).map((r) => ({ from: r.from, to: r.to, status: 301 as const }));
  }

  async removeRedirect(slug: string, fromInput: string): Promise<{ from: string } | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    const from = this.name(fromInput);
    if (from instanceof DomainError) return from;
    if (!(await this.deps.repository.removeRedirect(project.id, from.name))) {
      return new DomainError('not_found', `Project "${slug}" has no redirect from ${from.name}.`);
    }
    await this.deps.changed();
    return { from: from.name };
  }
}

/** Only ever about the project's own domains: nothing tells one project what another holds. */
function taken(name: string): DomainError {
  return new DomainError('domain_taken', `${name} is already a domain of this project.`);
}

function isClaim(record: DomainRecord | ClaimRecord): record is ClaimRecord {
  return 'token' in record;
}

/** The chain the new entry would close, or null: following `to` from the new entry must never come back to its `from`. */
function redirectLoop(existing: RedirectRecord[], entry: RedirectRecord): string[] | null {
  const next = new Map(existing.map((r) => [r.from, r.to]));
  const chain = [entry.from, entry.to];
  let at = entry.to;
  while (next.has(at)) {
    at = next.get(at) as string;
    chain.push(at);
    if (at === entry.from) return chain;
    if (chain.length > existing.length + 2) break;
  }
  return null;
}
