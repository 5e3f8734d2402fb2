import { runWithEvent } from '../../events/outbox.js';
import type { Plan } from '../../projects/plans.js';
import type { Database } from '../../storage/database.js';
import { int, time, type Sql, type SqlStatement } from '../../storage/sql.js';
import type { Found, VerifyReason } from '../dns/dns-check.js';
import {
  CHANGES_CHANNEL,
  type CertificateStatus,
  type DomainRecord,
  type DomainRepository,
  type DomainStatus,
  type NewDomain,
  type Release,
} from '../records.js';
import { domainsAndClaims, type Capped } from './capped.js';

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

/** The domains themselves: adding, checking, certificates and their leases, serving, removal and what holds a name after it. */
export function domainStore(
  database: Database,
  sql: Sql,
  capped: Capped,
): Pick<
  DomainRepository,
  | 'create'
  | 'createCapped'
  | 'find'
  | 'listByProject'
  | 'countWithClaims'
  | 'remove'
  | 'saveCheck'
  | 'saveCert'
  | 'storeCertificate'
  | 'deferRenewal'
  | 'projectPlan'
  | 'lease'
  | 'release'
  | 'dueChecks'
  | 'dueCertificates'
  | 'serving'
  | 'contested'
  | 'removeFrom'
  | 'releases'
  | 'notify'
> {
  const records = async (text: string, params: unknown[]) => (await sql.all<DomainRow>(text, params)).map(toRecord);
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
