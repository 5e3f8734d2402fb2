import type { Environment } from '../http/pipeline/environments.js';
import type { Database } from '../storage/database.js';
import { sqlFor, time } from '../storage/sql.js';

/**
 * Every change the audit log records (webhook.* are the webhooks capability's). A project's log records the
 * changes to the project; a person's own log (`person_audit_log`) records their sign-ins and second factors:
 * `session.create` (the target is how: `password`, `password+totp`, `password+recovery_code`, `passkey`, `oidc`),
 * `totp.*`, `recovery_code*`, `passkey.*` and the operator's `second_factor.reset`.
 */
export const AUDIT_ACTIONS = [
  'project.create',
  'member.invite',
  'member.add',
  'member.remove',
  'member.role_change',
  'project.protection_change',
  'key.create',
  'key.revoke',
  'key.unban',
  'key.roll',
  'deploy.create',
  'deploy.promote',
  'domain.add',
  'domain.verify',
  'domain.remove',
  'redirect.add',
  'redirect.remove',
  'plan.change',
  'webhook.add',
  'webhook.update',
  'webhook.remove',
  'webhook.test',
  'webhook.retry',
  'staging.reset',
  'staging.copy_pets',
] as const;

/** What a person's own log records. */
export const PERSON_AUDIT_ACTIONS = [
  'session.create',
  'totp.enable',
  'totp.disable',
  'recovery_codes.generate',
  'recovery_code.use',
  'passkey.add',
  'passkey.rename',
  'passkey.remove',
  'second_factor.reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | (typeof PERSON_AUDIT_ACTIONS)[number];

export interface AuditActor {
  type: 'user' | 'token' | 'operator';
  email?: string;
  tokenId?: string;
}

export interface NewAuditEntry {
  projectId: number;
  actor: AuditActor;
  action: AuditAction;
  /** What was changed: a slug, key id, deploy id, domain, email… */
  target: string;
  /** The environment the change concerns (production for what the environments share). */
  environment: Environment;
  /** The client's address, for changes through the API. */
  ip?: string | null;
}

export interface AuditEntry extends Omit<NewAuditEntry, 'projectId' | 'ip'> {
  id: bigint;
  at: Date;
  ip: string | null;
}

/** An entry of a person's own log: like a project's, without an environment. */
export type PersonAuditEntry = Omit<AuditEntry, 'environment'>;

export interface AuditRepository {
  add(entry: NewAuditEntry, at: Date): Promise<void>;
  /** Adds an entry to a person's own log. */
  addForPerson(userId: number, entry: Omit<NewAuditEntry, 'projectId' | 'environment'>, at: Date): Promise<void>;
  /** A person's entries, newest first, below an id when one is given. */
  listForPerson(userId: number, options: { limit: number; before?: bigint }): Promise<PersonAuditEntry[]>;
  /** A project's entries, newest first, below an id when one is given. */
  list(projectId: number, options: { limit: number; before?: bigint }): Promise<AuditEntry[]>;
  /** Deletes entries older than an instant; how many. */
  purge(before: Date): Promise<number>;
}

interface Row {
  id: bigint | string;
  at: bigint | Date;
  actor_type: AuditActor['type'];
  actor_email: string | null;
  actor_token_id: string | null;
  action: AuditAction;
  target: string;
  ip: string | null;
  environment: Environment;
}

const COLUMNS = 'id, created_at AS at, actor_type, actor_email, actor_token_id, action, target, ip, environment';

const PERSON_COLUMNS = 'id, created_at AS at, actor_type, actor_email, actor_token_id, action, target, ip';

const toEntry = (r: Row): AuditEntry => ({
  id: BigInt(r.id),
  at: time(r.at),
  actor: {
    type: r.actor_type,
    ...(r.actor_email === null ? {} : { email: r.actor_email }),
    ...(r.actor_token_id === null ? {} : { tokenId: r.actor_token_id }),
  },
  action: r.action,
  target: r.target,
  environment: r.environment,
  ip: r.ip,
});

export function openAuditRepository(database: Database): AuditRepository {
  const sql = sqlFor(database);
  return {
    add: async (e, at) => {
      await sql.run(
        'INSERT INTO audit_log (project_id, created_at, actor_type, actor_email, actor_token_id, action, target, ip, environment) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [e.projectId, at, e.actor.type, e.actor.email ?? null, e.actor.tokenId ?? null, e.action, e.target, e.ip ?? null, e.environment],
      );
    },
    list: async (projectId, { limit, before }) =>
      (before === undefined
        ? await sql.all<Row>(`SELECT ${COLUMNS} FROM audit_log WHERE project_id = ? ORDER BY id DESC LIMIT ?`, [projectId, limit])
        : await sql.all<Row>(`SELECT ${COLUMNS} FROM audit_log WHERE project_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, [
            projectId,
            before,
            limit,
          ])
      ).map(toEntry),
    addForPerson: async (userId, e, at) => {
      await sql.run(
        'INSERT INTO person_audit_log (user_id, created_at, actor_type, actor_email, actor_token_id, action, target, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [userId, at, e.actor.type, e.actor.email ?? null, e.actor.tokenId ?? null, e.action, e.target, e.ip ?? null],
      );
    },
    listForPerson: async (userId, { limit, before }) =>
      (
        await sql.all<Row>(`SELECT ${PERSON_COLUMNS} FROM person_audit_log WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, [
          userId,
          before ?? BigInt(Number.MAX_SAFE_INTEGER),
          limit,
        ])
      ).map((r) => {
        const { environment: _none, ...entry } = toEntry({ ...r, environment: 'production' });
        return entry;
      }),
    purge: async (before) =>
      (await sql.run('DELETE FROM audit_log WHERE created_at < ?', [before])) +
      (await sql.run('DELETE FROM person_audit_log WHERE created_at < ?', [before])),
  };
}
