import type { User } from '../accounts/repository.js';
import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time } from '../storage/sql.js';

export type TokenScope = 'read' | 'write';

export interface TokenInfo {
  id: string;
  name: string;
  scope: TokenScope;
  /** The slugs the token is limited to; null: every project of its person. */
  projects: string[] | null;
  hint: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** A live token and its person, as a request authenticated by it acts. */
export interface TokenGrant {
  id: string;
  scope: TokenScope;
  projects: string[] | null;
  expiresAt: number;
  lastUsedAt: number | null;
  user: User;
}

export interface TokenRepository {
  /** Stores the token unless the person already has `limit` active (neither revoked nor expired at its creation): false then. */
  create(userId: number, token: Omit<TokenInfo, 'revokedAt' | 'lastUsedAt'>, secretHash: Buffer, limit: number): Promise<boolean>;
  /** The grant of a token with this secret hash that is not revoked (expiry is the caller's to check), or null. */
  findActiveByHash(secretHash: Buffer): Promise<TokenGrant | null>;
  list(userId: number): Promise<TokenInfo[]>;
  /** Revokes one of the person's tokens; false when they have no such active token. */
  revoke(userId: number, id: string, at: Date): Promise<boolean>;
  touch(id: string, at: Date): Promise<void>;
}

type Time = bigint | Date;

interface TokenRow {
  id: string;
  name: string;
  scope: TokenScope;
  projects: string | null;
  hint: string;
  created_at: Time;
  expires_at: Time;
  revoked_at: Time | null;
  last_used_at: Time | null;
}

const projectsOf = (text: string | null): string[] | null => (text === null ? null : (JSON.parse(text) as string[]));

const COLUMNS = 'id, name, scope, projects, hint, created_at, expires_at, revoked_at, last_used_at';

export function openTokenRepository(database: Database): TokenRepository {
  const sql = sqlFor(database);
  return {
    create: async (userId, t, secretHash, limit) =>
      (await sql.insertCapped({
        parent: { table: 'users', id: userId },
        count: [
          'SELECT COUNT(*) AS n FROM access_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
          [userId, t.createdAt],
        ],
        limit,
        insert: [
          `INSERT INTO access_tokens (id, user_id, name, scope, projects, secret_hash, hint, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          [
            t.id,
            userId,
            t.name,
            t.scope,
            t.projects === null ? null : JSON.stringify(t.projects),
            secretHash,
            t.hint,
            t.createdAt,
            t.expiresAt,
          ],
        ],
      })) !== 'at_limit',
    findActiveByHash: async (hash) => {
      const r = await sql.one<TokenRow & { user_id: bigint; email: string; admin: bigint | boolean; user_created_at: Time }>(
        `SELECT t.id, t.name, t.scope, t.projects, t.hint, t.created_at, t.expires_at, t.revoked_at, t.last_used_at,
                u.id AS user_id, u.email, u.admin, u.created_at AS user_created_at
           FROM access_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.secret_hash = ? AND t.revoked_at IS NULL`,
        [hash],
      );
      if (!r) return null;
      return {
        id: r.id,
        scope: r.scope,
        projects: projectsOf(r.projects),
        expiresAt: time(r.expires_at).getTime(),
        lastUsedAt: r.last_used_at === null ? null : time(r.last_used_at).getTime(),
        user: { id: int(r.user_id), email: r.email, admin: flag(r.admin), createdAt: time(r.user_created_at) },
      };
    },
    list: async (userId) =>
      (await sql.all<TokenRow>(`SELECT ${COLUMNS} FROM access_tokens WHERE user_id = ? ORDER BY created_at, id`, [userId])).map((r) => ({
        id: r.id,
        name: r.name,
        scope: r.scope,
        projects: projectsOf(r.projects),
        hint: r.hint,
        createdAt: time(r.created_at),
        expiresAt: time(r.expires_at),
        revokedAt: time(r.revoked_at),
        lastUsedAt: time(r.last_used_at),
      })),
    revoke: async (userId, id, at) =>
      (await sql.run('UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL', [at, id, userId])) > 0,
    touch: async (id, at) => {
      await sql.run('UPDATE access_tokens SET last_used_at = ? WHERE id = ?', [at, id]);
    },
  };
}
