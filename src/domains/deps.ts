import type { AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import type { Project } from '../projects/repository.js';
import type { DomainRepository } from './repository.js';

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
  /** Where the service records the changes it makes, and who made them. */
  audit: AuditTrail;
  /** Called after any change to domains, certificates or redirects (the host maps reload; other instances are told). */
  changed(): Promise<void>;
  /** Called when a domain needs a certificate attempt now. */
  wantCertificate(name: string): void;
  /**
   * Called once whenever a name leaves a project: removed by it, or moved to
   * another project by TXT proof. The server logs it.
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
