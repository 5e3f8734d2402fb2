import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Project } from '../projects/repository.js';
import { checkCaa, type CaaResult } from './caa.js';
import { checkDns, type Found, type VerifyResult } from './dns-check.js';
import { normaliseDomain, recordsFor, type DnsRecord, type DomainName } from './names.js';
import { isPaidPlan, nextCheckAt } from './policy.js';
import type { DomainRecord, DomainRepository, RedirectRecord } from './repository.js';

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
}

export const MAX_DOMAINS_PER_PROJECT = 50;

export interface AddedDomain {
  domain: string;
  project: string;
  status: 'pending';
  kind: 'apex' | 'subdomain';
  records: DnsRecord[];
  message: string;
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

  private domainName(record: DomainRecord): DomainName {
    const parsed = normaliseDomain(record.name);
    if (!parsed.ok) throw new Error(`stored domain ${record.name} no longer parses: ${parsed.reason}`);
    return parsed.domain;
  }

  async add(slug: string, input: string): Promise<AddedDomain | DomainError> {
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
    const existing = await this.deps.repository.find(domain.name);
    if (existing) return taken(domain.name, existing.projectId === project.id);
    if ((await this.deps.repository.countByProject(project.id)) >= MAX_DOMAINS_PER_PROJECT) {
      return new DomainError(
        'domain_limit',
        `Project "${slug}" has ${String(MAX_DOMAINS_PER_PROJECT)} custom domains, the most allowed. Remove one first.`,
      );
    }
    const records = recordsFor(domain, this.target());
    const message = `Create the DNS record${records.length > 1 ? 's' : ''} shown at your DNS provider, then verify ${domain.name}.`;
    const created = await this.deps.repository.create({
      projectId: project.id,
      name: domain.name,
      kind: domain.kind,
      message,
      now: this.now(),
    });
    if (!created) return taken(domain.name, false);
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
    await this.deps.changed();
    return { domain: domain.name, project: slug, status: 'pending', kind: domain.kind, records, message };
  }

  /**
   * Checks DNS now and stores the outcome. On a verified domain whose
   * certificate failed or is late this is Re-verify: a new certificate
   * attempt starts at once.
   */
  async verify(input: string): Promise<VerifyView | DomainError> {
    const record = await this.stored(input);
    if (record instanceof DomainError) return record;
    const updated = await this.check(record, { manual: true });
    return {
      domain: updated.name,
      status: updated.status,
      ...(updated.reason === null ? {} : { reason: updated.reason }),
      message: updated.message,
      found: updated.found,
      certificate: certificateView(updated),
    };
  }

  /** `verify` for the management API: the project's domain after the check, as `list` shows it. */
  async verifyView(slug: string, input: string): Promise<DomainView | DomainError> {
    const record = await this.stored(input, slug);
    if (record instanceof DomainError) return record;
    return this.viewOf(await this.check(record, { manual: true }));
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
    const records = await this.deps.repository.listByProject(project.id);
    return Promise.all(records.map((record) => this.viewOf(record)));
  }

  /** One domain of the project, as `list` shows it. */
  async get(slug: string, input: string): Promise<DomainView | DomainError> {
    const record = await this.stored(input, slug);
    return record instanceof DomainError ? record : this.viewOf(record);
  }

  /**
   * A stored domain by name; with a project, one of another project is not
   * found either (the management API must not reveal other projects' domains).
   */
  private async stored(input: string, slug?: string): Promise<DomainRecord | DomainError> {
    const domain = this.name(input);
    if (domain instanceof DomainError) return domain;
    const record = await this.deps.repository.find(domain.name);
    if (!record) return domainNotFound(domain.name);
    if (slug !== undefined) {
      const project = await this.deps.findProject(slug);
      if (!project) return projectNotFound(slug);
      if (record.projectId !== project.id) return domainNotFound(domain.name);
    }
    return record;
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
    const removed = {
      projectId: record.projectId,
      type: 'domain.removed' as const,
      data: JSON.stringify({ domain: record.name }),
      at: this.now(),
    };
    if (!(await this.deps.repository.remove(record.name, removed))) return domainNotFound(record.name);
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

function taken(name: string, sameProject: boolean): DomainError {
  return new DomainError(
    'domain_taken',
    sameProject
      ? `${name} is already a domain of this project.`
      : `${name} already belongs to another project; it must be removed there first.`,
  );
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
