import { runWithEvent } from '../events/outbox.js';
import type { Environment } from '../http/pipeline/environments.js';
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
  /** Once the key is rolled: the key that replaced it and when (the old key stops at its `expiresAt`); null before. */
  replacedBy: { id: string; hint: string; at: Date } | null;
  /** The key this one replaced when it was made by a roll; null for a key created as new. */
  replaces: { id: string; hint: string } | null;
}

/** A roll: the key replaced, when it stops, and its successor (inserted only if the roll happens). */
export interface KeyRoll {
  id: string;
  projectId: number;
  /** When the rolled key stops working. */
  stops: Date;
  now: Date;
  successor: NewKeyRecord;
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
  /** A project's key, in whatever state (revoked, expired, rolled), or null. */
  find(id: string, projectId: number): Promise<KeyInfo | null>;
  /**
   * Replaces a key with its successor in one transaction: the key, if still active at `now` and never rolled,
   * records its successor and stops at `stops`, and the successor is inserted; otherwise nothing is written.
   * Concurrent rolls of one key (on any instance) leave exactly one successor. True when this roll happened.
   */
  roll(roll: KeyRoll): Promise<boolean>;
  list(projectId?: number): Promise<KeyInfo[]>;
  /** A key of any project by id, in whatever state; null when no key has this id. */
  byId(id: string): Promise<KeyInfo | null>;
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
  replaced_by: string | null;
  replaced_by_hint: string | null;
  replaced_at: Time | null;
  replaces: string | null;
  replaces_hint: string | null;
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

// A successor's creation is its roll's instant. A key is rolled once, so it has one predecessor at most.
const LIST = `SELECT k.id, COALESCE(h.slug, p.slug) AS slug, ${environmentOfRow('p')} AS environment, k.name, k.scope, k.hint,
                     k.created_at, k.expires_at, k.revoked_at, k.banned_until, k.last_used_at,
                     k.replaced_by, s.hint AS replaced_by_hint, s.created_at AS replaced_at, o.id AS replaces, o.hint AS replaces_hint
                FROM ${KEY_PROJECT}
                LEFT JOIN api_keys s ON s.id = k.replaced_by
                LEFT JOIN api_keys o ON o.replaced_by = k.id`;

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
  replacedBy:
    r.replaced_by === null ? null : { id: r.replaced_by, hint: r.replaced_by_hint ?? '', at: time(r.replaced_at ?? r.created_at) },
  replaces: r.replaces === null ? null : { id: r.replaces, hint: r.replaces_hint ?? '' },
});

const INSERT =
  'INSERT INTO api_keys (id, project_id, name, scope, secret_hash, hint, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
const insertParams = (k: NewKeyRecord) => [k.id, k.projectId, k.name, k.scope, k.secretHash, k.hint, k.createdAt, k.expiresAt];

export function openKeyRepository(database: Database): KeyRepository {
  const sql = sqlFor(database);
  return {
    create: async (k) => {
      await sql.run(INSERT, insertParams(k));
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
    byId: async (id) => {
      const r = await sql.one<KeyRow>(`${LIST} WHERE k.id = ?`, [id]);
      return r ? toInfo(r) : null;
    },
    find: async (id, projectId) => {
      const r = await sql.one<KeyRow>(`${LIST} WHERE k.id = ? AND k.project_id = ?`, [id, projectId]);
      return r ? toInfo(r) : null;
    },
    roll: async ({ id, projectId, stops, now, successor }) => {
      // One transaction: the successor goes in, the old key takes it only if nothing rolled or ended it before
      // (a conditional update: on PostgreSQL a second roll waits for the first's row lock, then finds it rolled),
      // and a successor no key took is removed again. No read decides the write.
      const [, taken] = await sql.runAll([
        [INSERT, insertParams(successor)],
        [
          `UPDATE api_keys SET replaced_by = ?, expires_at = ?
            WHERE id = ? AND project_id = ? AND replaced_by IS NULL AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)`,
          [successor.id, stops, id, projectId, now],
        ],
        [
          'DELETE FROM api_keys WHERE id = ? AND NOT EXISTS (SELECT 1 FROM api_keys o WHERE o.replaced_by = ?)',
          [successor.id, successor.id],
        ],
      ]);
      return taken === 1;
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
