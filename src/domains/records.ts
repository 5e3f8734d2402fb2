import type { PendingEvent } from '../events/outbox.js';
import type { Plan } from '../projects/plans.js';
import type { Found, VerifyReason } from './dns/dns-check.js';

export type DomainStatus = 'pending' | 'verified' | 'failed';
export type CertificateStatus = 'none' | 'pending' | 'issued' | 'failed';

export interface DomainRecord {
  id: number;
  projectId: number;
  name: string;
  kind: 'apex' | 'subdomain';
  status: DomainStatus;
  reason: VerifyReason | null;
  message: string;
  found: Found;
  checkedAt: Date | null;
  checkAttempts: number;
  nextCheckAt: Date | null;
  verifiedAt: Date | null;
  cert: {
    status: CertificateStatus;
    reason: string | null;
    message: string | null;
    attempts: number;
    nextAt: Date | null;
    expiresAt: Date | null;
    renewAt: Date | null;
  };
  createdAt: Date;
}

/** A domain the HTTPS listener and the host map may know: its project and, once issued, its certificate. */
export interface ServingRow {
  name: string;
  projectId: number;
  slug: string;
  plan: Plan;
  status: DomainStatus;
  certStatus: CertificateStatus;
  chain: string | null;
  /** Encrypted under SECRETS_KEY (or `plain:` when none is configured). */
  key: string | null;
}

export interface RedirectRecord {
  from: string;
  to: string;
  projectId: number;
}

export interface CheckUpdate {
  status: DomainStatus;
  reason: VerifyReason | null;
  message: string;
  found: Found;
  checkedAt: Date;
  checkAttempts: number;
  nextCheckAt: Date | null;
  verifiedAt: Date | null;
}

export interface CertUpdate {
  status: CertificateStatus;
  reason: string | null;
  message: string | null;
  attempts: number;
  nextAt: Date | null;
}

/** A project's pending claim on a name that needs ownership proof (a TXT record) before it can be its domain. */
export interface ClaimRecord {
  id: number;
  projectId: number;
  name: string;
  kind: 'apex' | 'subdomain';
  /** The value the TXT record `_petstore-challenge.<name>` must hold. */
  token: string;
  message: string;
  /** The TXT values found at the last check. */
  found: string[];
  checkedAt: Date | null;
  createdAt: Date;
}

/** A name leaving a project: removed by it, or transferred to another by TXT proof. */
export interface Release {
  name: string;
  projectId: number;
  reason: 'removed' | 'transferred';
  toProjectId: number | null;
}

/** A domain to store: pending, first checked at `now`. */
export interface NewDomain {
  projectId: number;
  name: string;
  kind: 'apex' | 'subdomain';
  message: string;
  now: Date;
}

export interface DomainRepository {
  /** null when the name already belongs to a project. */
  create(d: NewDomain): Promise<DomainRecord | null>;
  /**
   * `create` unless the project already has `limit` domains and claims together: 'at_limit' then. The count
   * and the insert are one transaction, so concurrent additions to one project never pass the limit together.
   */
  createCapped(d: NewDomain, limit: number): Promise<DomainRecord | null | 'at_limit'>;
  find(name: string): Promise<DomainRecord | null>;
  listByProject(projectId: number): Promise<DomainRecord[]>;
  /** The project's domains and claims together: what the per-project limit counts. */
  countWithClaims(projectId: number): Promise<number>;
  /** Deletes the domain, its redirects (from or to it) and its challenges in one transaction; false when there was none. */
  remove(name: string, event?: PendingEvent): Promise<boolean>;
  /** `event`, when given, is recorded in the transaction of the change (events/outbox.ts); so for the next two. */
  saveCheck(name: string, update: CheckUpdate, event?: PendingEvent): Promise<void>;
  saveCert(name: string, update: CertUpdate, event?: PendingEvent): Promise<void>;
  storeCertificate(name: string, c: { chain: string; key: string; expiresAt: Date; renewAt: Date }, event?: PendingEvent): Promise<void>;
  /** A renewal that failed: the certificate stays served; the reason is shown and the next attempt is at `at`. */
  deferRenewal(name: string, u: { reason: string; message: string; attempts: number; at: Date }): Promise<void>;
  /** The plan of a project by id, or null. */
  projectPlan(projectId: number): Promise<Plan | null>;
  /** Takes the domain's order lease when it is free, expired or already ours. */
  lease(name: string, holder: string, until: Date, now: Date): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
  /** Pending or failed domains whose next background check is due. */
  dueChecks(now: Date, limit: number): Promise<DomainRecord[]>;
  /** Verified domains whose certificate attempt or renewal is due. */
  dueCertificates(now: Date, limit: number): Promise<DomainRecord[]>;
  serving(): Promise<ServingRow[]>;
  addRedirect(r: RedirectRecord, now: Date): Promise<boolean>;
  listRedirects(projectId: number): Promise<RedirectRecord[]>;
  allRedirects(): Promise<RedirectRecord[]>;
  removeRedirect(projectId: number, from: string): Promise<boolean>;
  putChallenge(token: string, keyAuthorization: string, domain: string, now: Date): Promise<void>;
  removeChallenge(token: string): Promise<void>;
  challenge(token: string): Promise<string | null>;
  account(directoryUrl: string): Promise<{ key: string; url: string } | null>;
  saveAccount(directoryUrl: string, key: string, url: string, now: Date): Promise<void>;
  recordOrder(o: { domain: string; registrableDomain: string; projectId: number; outcome: 'issued' | 'failed' }, now: Date): Promise<void>;
  /** Orders since `since`: all, for this project, for this registrable domain (issued only), failed for this name. */
  orderCounts(
    since: Date,
    o: { projectId: number; registrableDomain: string; domain: string },
  ): Promise<{ all: number; project: number; registrable: number; failedName: number }>;
  /**
   * Whether another project has a say on the name: it holds it, it has a
   * verified name under the same registrable domain, or it removed the name
   * since `heldSince` (the hold after removal).
   */
  contested(d: { name: string; registrableDomain: string }, projectId: number, heldSince: Date): Promise<boolean>;
  /**
   * null when the project already claims the name; 'at_limit' when it already has `limit` domains and claims
   * together (counted and inserted in one transaction, as `createCapped`).
   */
  createClaim(
    c: {
      projectId: number;
      name: string;
      kind: 'apex' | 'subdomain';
      token: string;
      message: string;
      now: Date;
    },
    limit: number,
  ): Promise<ClaimRecord | null | 'at_limit'>;
  findClaim(name: string, projectId: number): Promise<ClaimRecord | null>;
  /** Every project's claims on the name. */
  claimsOn(name: string): Promise<ClaimRecord[]>;
  listClaims(projectId: number): Promise<ClaimRecord[]>;
  saveClaimCheck(id: number, u: { message: string; found: string[]; checkedAt: Date }): Promise<void>;
  removeClaim(id: number): Promise<boolean>;
  /**
   * The domain, if this project holds it: removed with its redirects and
   * challenges, its release recorded (what holds the name for the project,
   * `releases`) and `event`, in one transaction; false otherwise.
   */
  removeFrom(
    name: string,
    projectId: number,
    release: Omit<Release, 'name' | 'projectId'> & { at: Date },
    event?: PendingEvent,
  ): Promise<boolean>;
  releases(name: string): Promise<(Release & { at: Date })[]>;
  /** Tells every instance that domains, certificates or redirects changed (PostgreSQL NOTIFY; SQLite sees data_version). */
  notify(): Promise<void>;
}

export const CHANGES_CHANNEL = 'petstore_domains';
