import type { Environment } from '../http/environments.js';
import type { Database } from '../storage/database.js';
import { sqlFor, time } from '../storage/sql.js';

/** Every change the audit log records (webhook.* are the webhooks capability's). */
export const AUDIT_ACTIONS = [
  'project.create',
  'member.invite',
  'member.add',
  'member.remove',
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
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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

export interface AuditRepository {
  add(entry: NewAuditEntry, at: Date): Promise<void>;
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
    purge: (before) => sql.run('DELETE FROM audit_log WHERE created_at < ?', [before]),
  };
}
