import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time } from '../storage/sql.js';

export interface User {
  id: number;
  email: string;
  admin: boolean;
  createdAt: Date;
}

export interface UserWithHash extends User {
  passwordHash: string;
}

/** People and which projects they are members of. */
export interface AccountRepository {
  /** The new user, or null when the email is taken. */
  createUser(email: string, admin: boolean, passwordHash: string, now: Date): Promise<User | null>;
  findUserByEmail(email: string): Promise<UserWithHash | null>;
  findUserById(id: number): Promise<User | null>;
  /** False when the person already was a member. */
  addMember(projectId: number, userId: number, now: Date): Promise<boolean>;
  /** False when the person was not a member. */
  removeMember(projectId: number, userId: number): Promise<boolean>;
  isMember(projectId: number, userId: number): Promise<boolean>;
  memberProjectIds(userId: number): Promise<number[]>;
}

interface UserRow {
  id: bigint;
  email: string;
  admin: bigint | boolean;
  password_hash: string;
  created_at: bigint | Date;
}

const toUser = (r: UserRow): UserWithHash => ({
  id: int(r.id),
  email: r.email,
  admin: flag(r.admin),
  createdAt: time(r.created_at),
  passwordHash: r.password_hash,
});

const withoutHash = ({ passwordHash: _hash, ...user }: UserWithHash): User => user;

const COLUMNS = 'id, email, admin, password_hash, created_at';

export function openAccountRepository(database: Database): AccountRepository {
  const sql = sqlFor(database);
  return {
    createUser: async (email, admin, passwordHash, now) => {
      const row = await sql.one<UserRow>(
        `INSERT INTO users (email, admin, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
        [email, admin, passwordHash, now],
      );
      return row ? withoutHash(toUser(row)) : null;
    },
    findUserByEmail: async (email) => {
      const row = await sql.one<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`, [email]);
      return row ? toUser(row) : null;
    },
    findUserById: async (id) => {
      const row = await sql.one<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]);
      return row ? withoutHash(toUser(row)) : null;
    },
    addMember: async (projectId, userId, now) =>
      (await sql.run('INSERT INTO project_members (project_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
        projectId,
        userId,
        now,
      ])) > 0,
    removeMember: async (projectId, userId) =>
      (await sql.run('DELETE FROM project_members WHERE project_id = ? AND user_id = ?', [projectId, userId])) > 0,
    isMember: async (projectId, userId) =>
      (await sql.one('SELECT 1 AS yes FROM project_members WHERE project_id = ? AND user_id = ?', [projectId, userId])) !== null,
    memberProjectIds: async (userId) =>
      (await sql.all<{ project_id: bigint }>('SELECT project_id FROM project_members WHERE user_id = ?', [userId])).map((r) =>
        int(r.project_id),
      ),
  };
}
