import { runWithEvent } from '../events/outbox.js';
import type { Environment } from '../http/environments.js';
import type { Plan, Quota } from '../projects/plans.js';
import { environmentOfRow } from '../projects/repository.js';
import type { Database } from '../storage/database.js';
import { int, sqlFor, time } from '../storage/sql.js';

import type { KeyScope } from './scopes.js';

export type { KeyScope } from './scopes.js';
export { KEY_SCOPES } from './scopes.js';

export interface NewKeyRecord {
  id: string;
  projectId: number;
  name: string | null;
  scope: KeyScope;
  /** After this instant the key is refused like an unknown one; null: never. */
  expiresAt: Date | null;
  secretHash: Buffer;
  /** The first characters of the secret, safe to show in listings. */
  hint: string;
  createdAt: Date;
}

export interface KeyInfo {
  id: string;
  project: string;
  /** The environment whose address and data the key is for. */
  environment: Environment;
  name: string | null;
  scope: KeyScope;
  hint: string;
  createdAt: Date;
  /** After this instant the key is refused like an unknown one; null: never. */
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Set while the key is banned for sending requests while rate limited. */
  bannedUntil: Date | null;
  /** About when the key was last used (written at most once a minute per key); null if never. */
  lastUsedAt: Date | null;
}

/** What a request is allowed to do once its key is known. */
export interface Principal {
  keyId: string;
  /** The project row of the key's environment: every table of an environment's data is keyed by it. */
  projectId: number;
  /** The project as its people know it (its production row): `projectId` itself for a production key. */
  sharedProjectId: number;
  projectSlug: string;
  environment: Environment;
  plan: Plan;
  quota: Quota;
  scope: KeyScope;
  /** Epoch milliseconds after which the key is refused; null: never. */
  expiresAt: number | null;
  /** Epoch milliseconds until which the key is banned; null or past when it is not. */
  bannedUntil: number | null;
}

export interface KeyRepository {
  create(record: NewKeyRecord): Promise<void>;
  /** The principal of an active key (not revoked, not expired at `now`) with this secret hash, or null. */
  findActiveByHash(secretHash: Buffer, now: Date): Promise<Principal | null>;
  /** A project's key that is active at `now` (not revoked, not expired), or null. */
  findActive(id: string, projectId: number, now: Date): Promise<KeyInfo | null>;
  /** Sets when a project's key expires. */
  expireAt(id: string, projectId: number, until: Date): Promise<void>;
  list(projectId?: number): Promise<KeyInfo[]>;
  /** A key by id, revoked or not; null when no key has this id. */
  find(id: string): Promise<KeyInfo | null>;
  /** Marks a key revoked (only if it belongs to the project, when one is given); false when no such active key exists. */
  revoke(id: string, at: Date, projectId?: number): Promise<boolean>;
  /** The id of the project a key (revoked or not) belongs to; null when no key has this id. */
  projectOf(id: string): Promise<number | null>;
  /** Records that keys were used at about this instant. */
  touch(ids: string[], at: Date): Promise<void>;
  /** Bans a key until the given instant. */
  ban(id: string, until: Date): Promise<void>;
  /** Lifts a ban early: 'lifted', 'not_banned' when no ban was running at `now`, null when no key has this id. */
  unban(id: string, now: Date): Promise<'lifted' | 'not_banned' | null>;
}

type Time = bigint | Date;

interface KeyRow {
  id: string;
  slug: string;
  environment: Environment;
  name: string | null;
  scope: KeyScope;
  hint: string;
  created_at: Time;
  expires_at: Time | null;
  revoked_at: Time | null;
  banned_until: Time | null;
  last_used_at: Time | null;
}

interface PrincipalRow {
  key_id: string;
  project_id: bigint;
  shared_id: bigint;
  slug: string;
  environment: Environment;
  plan: Plan;
  per_minute: bigint;
  per_day: bigint;
  scope: KeyScope;
  expires_at: Time | null;
  banned_until: Time | null;
}

/** A key's project row `p` and, for a staging key, its production row `h` (slug, plan and quotas are the project's). */
const KEY_PROJECT = 'api_keys k JOIN projects p ON p.id = k.project_id LEFT JOIN projects h ON h.id = p.production_id';

const LIST = `SELECT k.id, COALESCE(h.slug, p.slug) AS slug, ${environmentOfRow('p')} AS environment, k.name, k.scope, k.hint,
                     k.created_at, k.expires_at, k.revoked_at, k.banned_until, k.last_used_at
                FROM ${KEY_PROJECT}`;

const toInfo = (r: KeyRow): KeyInfo => ({
  id: r.id,
  project: r.slug,
  environment: r.environment,
  name: r.name,
  scope: r.scope,
  hint: r.hint,
  createdAt: time(r.created_at),
  expiresAt: time(r.expires_at),
  revokedAt: time(r.revoked_at),
  bannedUntil: time(r.banned_until),
  lastUsedAt: time(r.last_used_at),
});

export function openKeyRepository(database: Database): KeyRepository {
  const sql = sqlFor(database);
  return {
    create: async (k) => {
      await sql.run(
        'INSERT INTO api_keys (id, project_id, name, scope, secret_hash, hint, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [k.id, k.projectId, k.name, k.scope, k.secretHash, k.hint, k.createdAt, k.expiresAt],
      );
    },
    findActiveByHash: async (hash, now) => {
      const r = await sql.one<PrincipalRow>(
        `SELECT k.id AS key_id, p.id AS project_id, COALESCE(h.id, p.id) AS shared_id, COALESCE(h.slug, p.slug) AS slug,
                ${environmentOfRow('p')} AS environment, COALESCE(h.plan, p.plan) AS plan, COALESCE(h.per_minute, p.per_minute) AS per_minute,
                COALESCE(h.per_day, p.per_day) AS per_day, k.scope, k.expires_at, k.banned_until
           FROM ${KEY_PROJECT}
          WHERE k.secret_hash = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)`,
        [hash, now],
      );
      return r
        ? {
            keyId: r.key_id,
            projectId: int(r.project_id),
            sharedProjectId: int(r.shared_id),
            projectSlug: r.slug,
            environment: r.environment,
            plan: r.plan,
            quota: { perMinute: int(r.per_minute), perDay: int(r.per_day) },
            scope: r.scope,
            expiresAt: r.expires_at === null ? null : time(r.expires_at).getTime(),
            bannedUntil: r.banned_until === null ? null : time(r.banned_until).getTime(),
          }
        : null;
    },
    list: async (projectId) =>
      (projectId === undefined
        ? await sql.all<KeyRow>(`${LIST} ORDER BY k.created_at, k.id`)
        : await sql.all<KeyRow>(`${LIST} WHERE k.project_id = ? ORDER BY k.created_at, k.id`, [projectId])
      ).map(toInfo),
    find: async (id) => {
      const r = await sql.one<KeyRow>(`${LIST} WHERE k.id = ?`, [id]);
      return r ? toInfo(r) : null;
    },
    findActive: async (id, projectId, now) => {
      const r = await sql.one<KeyRow>(
        `${LIST} WHERE k.id = ? AND k.project_id = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)`,
        [id, projectId, now],
      );
      return r ? toInfo(r) : null;
    },
    expireAt: async (id, projectId, until) => {
      await sql.run('UPDATE api_keys SET expires_at = ? WHERE id = ? AND project_id = ?', [until, id, projectId]);
    },
    revoke: async (id, at, projectId) =>
      (projectId === undefined
        ? await sql.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, id])
        : await sql.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND project_id = ? AND revoked_at IS NULL', [at, id, projectId])) >
      0,
    projectOf: async (id) => {
      const row = await sql.one<{ project_id: bigint }>('SELECT project_id FROM api_keys WHERE id = ?', [id]);
      return row ? int(row.project_id) : null;
    },
    touch: async (ids, at) => {
      for (const id of ids) await sql.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [at, id]);
    },
    ban: async (id, until) => {
      const key = await sql.one<{ project_id: bigint }>('SELECT project_id FROM api_keys WHERE id = ?', [id]);
      // key.banned is recorded with the ban, in its transaction (events/outbox.ts).
      const event = key && {
        projectId: Number(key.project_id),
        type: 'key.banned' as const,
        data: JSON.stringify({ keyId: id, bannedUntil: until.toISOString(), reason: 'requests kept coming while rate limited (429)' }),
        at: new Date(),
      };
      await runWithEvent(database, 'UPDATE api_keys SET banned_until = ? WHERE id = ?', [until, id], event ?? undefined);
    },
    unban: async (id, now) => {
      // Whether a ban was running is decided by this one statement; the rest only tells the two other answers apart.
      if ((await sql.run('UPDATE api_keys SET banned_until = NULL WHERE id = ? AND banned_until > ?', [id, now])) > 0) return 'lifted';
      const exists = (await sql.run('UPDATE api_keys SET banned_until = NULL WHERE id = ?', [id])) > 0;
      return exists ? 'not_banned' : null;
    },
  };
}
