import type { FastifyBaseLogger } from 'fastify';
import type { SiteProject } from '../../deploys/sites.js';
import { isPaidPlan } from '../policy.js';
import type { DomainRepository } from '../repository.js';
import type { KeySealer } from '../acme/key-sealing.js';
import { SniContexts } from './sni.js';

/**
 * What this instance serves for custom domains, kept exact: the active
 * domains (verified, certificate issued, project on a paid plan) with their
 * project, the redirect entries, and the SNI contexts. Reloaded whole from
 * the database on every change notification; a reload that overlaps another
 * runs again after it, so the last state read is never older than the last
 * notification.
 */
export class DomainHosts {
  readonly sni = new SniContexts();
  private active = new Map<string, SiteProject>();
  private redirects = new Map<string, string>();
  /** The chain each SNI context was made from, so an unchanged certificate keeps its context. */
  private readonly chains = new Map<string, string>();
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly repository: DomainRepository,
    private readonly sealer: KeySealer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The project an active custom domain serves, or null. */
  site(hostname: string): SiteProject | null {
    return this.active.get(hostname) ?? null;
  }

  isActive(hostname: string): boolean {
    return this.active.has(hostname);
  }

  redirectFor(hostname: string): string | null {
    return this.redirects.get(hostname) ?? null;
  }

  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.again = false;
          await this.load();
        } while (this.again);
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async load(): Promise<void> {
    const [rows, redirects] = await Promise.all([this.repository.serving(), this.repository.allRedirects()]);
    const active = new Map<string, SiteProject>();
    const paid = new Set<number>();
    const certified = new Set<string>();
    for (const row of rows) {
      if (!isPaidPlan(row.plan)) continue;
      paid.add(row.projectId);
      if (row.status !== 'verified' || row.certStatus !== 'issued' || row.chain === null || row.key === null) continue;
      try {
        if (this.chains.get(row.name) !== row.chain || !this.sni.has(row.name)) {
          this.sni.set(row.name, { cert: row.chain, key: this.sealer.open(row.key, row.name) });
          this.chains.set(row.name, row.chain);
        }
        certified.add(row.name);
        active.set(row.name, { projectId: row.projectId, slug: row.slug });
      } catch (err) {
        this.log.error({ domain: row.name, err: (err as Error).message }, 'custom domain certificate unusable; not served');
      }
    }
    for (const name of this.sni.names()) {
      if (!certified.has(name)) {
        this.sni.delete(name);
        this.chains.delete(name);
      }
    }
    const verified = new Set(rows.filter((r) => r.status === 'verified').map((r) => r.name));
    this.redirects = new Map(redirects.filter((r) => paid.has(r.projectId) && verified.has(r.from)).map((r) => [r.from, r.to]));
    this.active = active;
  }
}
