import { runWithEvent, type PendingEvent } from '../events/outbox.js';
import type { Plan } from '../projects/plans.js';
import type { Database } from '../storage/database.js';
import { int, sqlFor, time, type SqlStatement } from '../storage/sql.js';
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

type Time = bigint | Date;

interface DomainRow {
  id: bigint;
  project_id: bigint;
  name: string;
  kind: 'apex' | 'subdomain';
  status: DomainStatus;
  reason: VerifyReason | null;
  message: string;
  found: string;
  checked_at: Time | null;
  check_attempts: bigint;
  next_check_at: Time | null;
  verified_at: Time | null;
  cert_status: CertificateStatus;
  cert_reason: string | null;
  cert_message: string | null;
  cert_attempts: bigint;
  cert_next_at: Time | null;
  cert_expires_at: Time | null;
  cert_renew_at: Time | null;
  created_at: Time;
}

const COLUMNS =
  'id, project_id, name, kind, status, reason, message, found, checked_at, check_attempts, next_check_at, verified_at, ' +
  'cert_status, cert_reason, cert_message, cert_attempts, cert_next_at, cert_expires_at, cert_renew_at, created_at';

const toRecord = (r: DomainRow): DomainRecord => ({
  id: int(r.id),
  projectId: int(r.project_id),
  name: r.name,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  message: r.message,
  found: JSON.parse(r.found) as Found,
  checkedAt: time(r.checked_at),
  checkAttempts: int(r.check_attempts),
  nextCheckAt: time(r.next_check_at),
  verifiedAt: time(r.verified_at),
  cert: {
    status: r.cert_status,
    reason: r.cert_reason,
    message: r.cert_message,
    attempts: int(r.cert_attempts),
    nextAt: time(r.cert_next_at),
    expiresAt: time(r.cert_expires_at),
    renewAt: time(r.cert_renew_at),
  },
  createdAt: time(r.created_at),
});

interface ClaimRow {
  id: bigint;
  project_id: bigint;
  name: string;
  kind: 'apex' | 'subdomain';
  token: string;
  message: string;
  found: string;
  checked_at: Time | null;
  created_at: Time;
}

const CLAIM_COLUMNS = 'id, project_id, name, kind, token, message, found, checked_at, created_at';

const toClaim = (r: ClaimRow): ClaimRecord => ({
  id: int(r.id),
  projectId: int(r.project_id),
  name: r.name,
  kind: r.kind,
  token: r.token,
  message: r.message,
  found: JSON.parse(r.found) as string[],
  checkedAt: time(r.checked_at),
  createdAt: time(r.created_at),
});

/** What is removed with a domain, in the same transaction: its redirects (either way) and its pending http-01 challenges. */
const dependants = (name: string): SqlStatement[] => [
  ['DELETE FROM domain_redirects WHERE from_name = ? OR to_name = ?', [name, name]],
  ['DELETE FROM acme_challenges WHERE domain = ?', [name]],
];

/** Adds the domain unless the name is taken, returning its DomainRow (none when taken). */
const insertDomain = (d: NewDomain): SqlStatement => [
  `INSERT INTO domains (project_id, name, kind, status, message, found, check_attempts, next_check_at, cert_status, cert_attempts, created_at)
   VALUES (?, ?, ?, 'pending', ?, ?, 0, ?, 'none', 0, ?) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
  [d.projectId, d.name, d.kind, d.message, JSON.stringify({ cname: null, addresses: [] }), d.now, d.now],
];

/** Counts the project's domains and claims together (in `n`): what the per-project limit applies to. */
const domainsAndClaims = (projectId: number): SqlStatement => [
  'SELECT (SELECT COUNT(*) FROM domains WHERE project_id = ?) + (SELECT COUNT(*) FROM domain_claims WHERE project_id = ?) AS n',
  [projectId, projectId],
];

export function openDomainRepository(database: Database): DomainRepository {
  const sql = sqlFor(database);
  const records = async (text: string, params: unknown[]) => (await sql.all<DomainRow>(text, params)).map(toRecord);
  /** `insert` unless the project has `limit` domains and claims, in one transaction with the count (the project row locked on PostgreSQL). */
  const capped = <R extends object>(projectId: number, limit: number, insert: SqlStatement) =>
    sql.insertCapped<R>({ parent: { table: 'projects', id: projectId }, count: domainsAndClaims(projectId), limit, insert });
  return {
    create: async (d) => {
      const row = await sql.one<DomainRow>(...insertDomain(d));
      return row ? toRecord(row) : null;
    },
    createCapped: async (d, limit) => {
      const row = await capped<DomainRow>(d.projectId, limit, insertDomain(d));
      return row === 'at_limit' || row === null ? row : toRecord(row);
    },
    find: async (name) => {
      const row = await sql.one<DomainRow>(`SELECT ${COLUMNS} FROM domains WHERE name = ?`, [name]);
      return row ? toRecord(row) : null;
    },
    listByProject: (projectId) => records(`SELECT ${COLUMNS} FROM domains WHERE project_id = ? ORDER BY name`, [projectId]),
    countWithClaims: async (projectId) => int((await sql.one<{ n: bigint }>(...domainsAndClaims(projectId)))?.n ?? 0n),
    remove: async (name, event) =>
      (await runWithEvent(database, 'DELETE FROM domains WHERE name = ?', [name], event, dependants(name))) > 0,
    saveCheck: async (name, u, event) => {
      await runWithEvent(
        database,
        `UPDATE domains SET status = ?, reason = ?, message = ?, found = ?, checked_at = ?, check_attempts = ?, next_check_at = ?, verified_at = ?
         WHERE name = ?`,
        [u.status, u.reason, u.message, JSON.stringify(u.found), u.checkedAt, u.checkAttempts, u.nextCheckAt, u.verifiedAt, name],
        event,
      );
    },
    saveCert: async (name, u, event) => {
      await runWithEvent(
        database,
        'UPDATE domains SET cert_status = ?, cert_reason = ?, cert_message = ?, cert_attempts = ?, cert_next_at = ? WHERE name = ?',
        [u.status, u.reason, u.message, u.attempts, u.nextAt, name],
        event,
      );
    },
    storeCertificate: async (name, c, event) => {
      await runWithEvent(
        database,
        `UPDATE domains SET cert_status = 'issued', cert_reason = NULL, cert_message = NULL, cert_attempts = 0, cert_next_at = NULL,
           cert_chain = ?, cert_key = ?, cert_expires_at = ?, cert_renew_at = ? WHERE name = ?`,
        [c.chain, c.key, c.expiresAt, c.renewAt, name],
        event,
      );
    },
    deferRenewal: async (name, u) => {
      await sql.run(
        "UPDATE domains SET cert_reason = ?, cert_message = ?, cert_attempts = ?, cert_renew_at = ? WHERE name = ? AND cert_status = 'issued'",
        [u.reason, u.message, u.attempts, u.at, name],
      );
    },
    projectPlan: async (projectId) => (await sql.one<{ plan: Plan }>('SELECT plan FROM projects WHERE id = ?', [projectId]))?.plan ?? null,
    lease: async (name, holder, until, now) =>
      (await sql.run(
        'UPDATE domains SET lease_holder = ?, lease_until = ? WHERE name = ? AND (lease_until IS NULL OR lease_until < ? OR lease_holder = ?)',
        [holder, until, name, now, holder],
      )) > 0,
    release: async (name, holder) => {
      await sql.run('UPDATE domains SET lease_holder = NULL, lease_until = NULL WHERE name = ? AND lease_holder = ?', [name, holder]);
    },
    dueChecks: (now, limit) =>
      records(
        `SELECT ${COLUMNS} FROM domains WHERE status <> 'verified' AND next_check_at IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?`,
        [now, limit],
      ),
    dueCertificates: (now, limit) =>
      records(
        `SELECT ${COLUMNS} FROM domains WHERE status = 'verified' AND (
           (cert_status = 'pending' AND (cert_next_at IS NULL OR cert_next_at <= ?)) OR
           (cert_status = 'failed' AND cert_next_at <= ?) OR
           (cert_status = 'issued' AND cert_renew_at <= ?)) ORDER BY id LIMIT ?`,
        [now, now, now, limit],
      ),
    serving: async () =>
      (
        await sql.all<{
          name: string;
          project_id: bigint;
          slug: string;
          plan: Plan;
          status: DomainStatus;
          cert_status: CertificateStatus;
          cert_chain: string | null;
          cert_key: string | null;
        }>(
          `SELECT d.name, d.project_id, p.slug, p.plan, d.status, d.cert_status, d.cert_chain, d.cert_key
           FROM domains d JOIN projects p ON p.id = d.project_id`,
        )
      ).map((r) => ({
        name: r.name,
        projectId: int(r.project_id),
        slug: r.slug,
        plan: r.plan,
        status: r.status,
        certStatus: r.cert_status,
        chain: r.cert_chain,
        key: r.cert_key,
      })),
    addRedirect: async (r, now) =>
      (await sql.run(
        'INSERT INTO domain_redirects (from_name, project_id, to_name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (from_name) DO NOTHING',
        [r.from, r.projectId, r.to, now],
      )) > 0,
    listRedirects: async (projectId) =>
      (
        await sql.all<{ from_name: string; to_name: string; project_id: bigint }>(
          'SELECT from_name, to_name, project_id FROM domain_redirects WHERE project_id = ? ORDER BY from_name',
          [projectId],
        )
      ).map((r) => ({ from: r.from_name, to: r.to_name, projectId: int(r.project_id) })),
    allRedirects: async () =>
      (
        await sql.all<{ from_name: string; to_name: string; project_id: bigint }>(
          'SELECT from_name, to_name, project_id FROM domain_redirects',
        )
      ).map((r) => ({ from: r.from_name, to: r.to_name, projectId: int(r.project_id) })),
    removeRedirect: async (projectId, from) =>
      (await sql.run('DELETE FROM domain_redirects WHERE project_id = ? AND from_name = ?', [projectId, from])) > 0,
    putChallenge: async (token, keyAuthorization, domain, now) => {
      await sql.run(
        `INSERT INTO acme_challenges (token, key_authorization, domain, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization`,
        [token, keyAuthorization, domain, now],
      );
    },
    removeChallenge: async (token) => {
      await sql.run('DELETE FROM acme_challenges WHERE token = ?', [token]);
    },
    challenge: async (token) =>
      (await sql.one<{ key_authorization: string }>('SELECT key_authorization FROM acme_challenges WHERE token = ?', [token]))
        ?.key_authorization ?? null,
    account: async (directoryUrl) => {
      const row = await sql.one<{ account_key: string; account_url: string }>(
        'SELECT account_key, account_url FROM acme_accounts WHERE directory_url = ?',
        [directoryUrl],
      );
      return row ? { key: row.account_key, url: row.account_url } : null;
    },
    saveAccount: async (directoryUrl, key, url, now) => {
      await sql.run(
        `INSERT INTO acme_accounts (directory_url, account_key, account_url, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (directory_url) DO NOTHING`,
        [directoryUrl, key, url, now],
      );
    },
    recordOrder: async (o, now) => {
      await sql.run('INSERT INTO acme_orders (domain, registrable_domain, project_id, outcome, created_at) VALUES (?, ?, ?, ?, ?)', [
        o.domain,
        o.registrableDomain,
        o.projectId,
        o.outcome,
        now,
      ]);
    },
    orderCounts: async (since, o) => {
      const row = await sql.one<{ a: bigint; p: bigint | null; r: bigint | null; f: bigint | null }>(
        `SELECT COUNT(*) AS a,
           SUM(CASE WHEN project_id = ? THEN 1 ELSE 0 END) AS p,
           SUM(CASE WHEN registrable_domain = ? AND outcome = 'issued' THEN 1 ELSE 0 END) AS r,
           SUM(CASE WHEN domain = ? AND outcome = 'failed' THEN 1 ELSE 0 END) AS f
         FROM acme_orders WHERE created_at >= ?`,
        [o.projectId, o.registrableDomain, o.domain, since],
      );
      return { all: int(row?.a ?? 0n), project: int(row?.p ?? 0n), registrable: int(row?.r ?? 0n), failedName: int(row?.f ?? 0n) };
    },
    contested: async (d, projectId, heldSince) => {
      const row = await sql.one<{ n: bigint }>(
        `SELECT COUNT(*) AS n FROM domains WHERE project_id <> ? AND (name = ? OR (status = 'verified' AND (name = ? OR name LIKE ?)))`,
        // Names hold only letters, digits, hyphens and dots: no LIKE wildcard can be in them.
        [projectId, d.name, d.registrableDomain, `%.${d.registrableDomain}`],
      );
      if (int(row?.n ?? 0n) > 0) return true;
      const held = await sql.one<{ n: bigint }>(
        `SELECT COUNT(*) AS n FROM domain_releases WHERE name = ? AND project_id <> ? AND reason = 'removed' AND created_at >= ?`,
        [d.name, projectId, heldSince],
      );
      return int(held?.n ?? 0n) > 0;
    },
    createClaim: async (c, limit) => {
      const row = await capped<ClaimRow>(c.projectId, limit, [
        `INSERT INTO domain_claims (project_id, name, kind, token, message, found, created_at) VALUES (?, ?, ?, ?, ?, '[]', ?)
         ON CONFLICT (name, project_id) DO NOTHING RETURNING ${CLAIM_COLUMNS}`,
        [c.projectId, c.name, c.kind, c.token, c.message, c.now],
      ]);
      return row === 'at_limit' || row === null ? row : toClaim(row);
    },
    findClaim: async (name, projectId) => {
      const row = await sql.one<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM domain_claims WHERE name = ? AND project_id = ?`, [
        name,
        projectId,
      ]);
      return row ? toClaim(row) : null;
    },
    claimsOn: async (name) =>
      (await sql.all<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM domain_claims WHERE name = ? ORDER BY id`, [name])).map(toClaim),
    listClaims: async (projectId) =>
      (await sql.all<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM domain_claims WHERE project_id = ? ORDER BY name`, [projectId])).map(toClaim),
    saveClaimCheck: async (id, u) => {
      await sql.run('UPDATE domain_claims SET message = ?, found = ?, checked_at = ? WHERE id = ?', [
        u.message,
        JSON.stringify(u.found),
        u.checkedAt,
        id,
      ]);
    },
    removeClaim: async (id) => (await sql.run('DELETE FROM domain_claims WHERE id = ?', [id])) > 0,
    removeFrom: async (name, projectId, release, event) => {
      const recorded: SqlStatement = [
        'INSERT INTO domain_releases (name, project_id, reason, to_project_id, created_at) VALUES (?, ?, ?, ?, ?)',
        [name, projectId, release.reason, release.toProjectId, release.at],
      ];
      const text = 'DELETE FROM domains WHERE name = ? AND project_id = ?';
      return (await runWithEvent(database, text, [name, projectId], event, [...dependants(name), recorded])) > 0;
    },
    releases: async (name) =>
      (
        await sql.all<{ name: string; project_id: bigint; reason: Release['reason']; to_project_id: bigint | null; created_at: Time }>(
          'SELECT name, project_id, reason, to_project_id, created_at FROM domain_releases WHERE name = ? ORDER BY id',
          [name],
        )
      ).map((r) => ({
        name: r.name,
        projectId: int(r.project_id),
        reason: r.reason,
        toProjectId: r.to_project_id === null ? null : int(r.to_project_id),
        at: time(r.created_at),
      })),
    notify: async () => {
      if (database.engine === 'postgres') await database.pg.query(`SELECT pg_notify('${CHANGES_CHANNEL}', '')`);
    },
  };
}
