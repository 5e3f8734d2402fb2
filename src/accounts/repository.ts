import type { Plan, Quota } from '../projects/plans.js';
import { insertProject, toProject, type Project, type ProjectRow } from '../projects/repository.js';
import type { Database } from '../storage/database.js';
import { flag, int, sqlFor, time, type SqlStatement } from '../storage/sql.js';
import type { Role } from './roles.js';

export type { Role };

export interface User {
  id: number;
  email: string;
  admin: boolean;
  createdAt: Date;
}

export interface UserWithHash extends User {
  passwordHash: string;
}

export interface Member {
  email: string;
  role: Role;
  createdAt: Date;
}

export interface Invitation {
  projectId: number;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /** The role the person joins with. */
  role: Role;
  /**
   * Made by someone trusted to vouch for the email (an admin, or an owner of a project a person did not make
   * themselves): only then may accepting it create the account when SIGNUP is invite.
   */
  vouched: boolean;
  /** Who sent it (null: the operator); only read back, to check they still may. */
  invitedBy?: number | null;
}

/** People and which projects they are members of. */
export interface AccountRepository {
  /** The new user, or null when the email is taken. */
  createUser(email: string, admin: boolean, passwordHash: string, now: Date): Promise<User | null>;
  findUserByEmail(email: string): Promise<UserWithHash | null>;
  findUserById(id: number): Promise<User | null>;
  /** False when the person already was a member. */
  addMember(projectId: number, userId: number, now: Date, role?: Role): Promise<boolean>;
  /** The person's role in the project, or null when they are not a member. */
  roleOf(projectId: number, userId: number): Promise<Role | null>;
  /** The project's members, owners first (then admins, developers, viewers), then by when they joined. */
  members(projectId: number): Promise<Member[]>;
  /**
   * Gives a member another role, keeping at least one owner even against another change at once: 'last_owner'
   * when it would take the project's last owner away, 'not_member' when the person is not a member. Only while
   * the member still has the role `was` (what the caller decided on): 'role_changed' when another change came first.
   */
  setRole(projectId: number, userId: number, role: Role, was: Role): Promise<RoleChange<'changed'>>;
  /** Removes a member as `setRole` changes one: never the last owner, even against another change at once. */
  removeMemberKeepingAnOwner(projectId: number, userId: number, was: Role): Promise<RoleChange<'removed'>>;
  /**
   * Adds a project with the person as its owner (and marked made by them when `selfMade`), unless they already
   * own `limit` projects ('at_limit') or the slug is taken (null).
   */
  createOwnedProject(
    userId: number,
    project: { slug: string; plan: Plan; quota: Quota; createdAt: Date },
    options: { limit: number; selfMade: boolean },
  ): Promise<Project | null | 'at_limit'>;
  /** Stores the invitation unless its project already has `limit` pending at its creation: false then. */
  createInvitation(tokenHash: Buffer, invitation: Invitation, invitedBy: number | null, limit: number): Promise<boolean>;
  findInvitation(tokenHash: Buffer): Promise<Invitation | null>;
  /**
   * Marks an unused invitation used, in the same statement as checking that its sender may still send it (a site
   * admin, the project's owner, or its admin for a role below owner; the operator's, with no sender, always): false
   * when it was used already (only one acceptance wins) or its sender lost that authority, even a moment before.
   */
  useInvitation(tokenHash: Buffer, at: Date): Promise<boolean>;
  /** Whether a person made the project themselves (not an admin nor the operator). */
  isSelfMade(projectId: number): Promise<boolean>;
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

/**
 * A membership's role: `project_role`, except that `role` (the column from before roles, `owner` or `member`)
 * decides who is an owner, so an owner added by a build that knows only `role` is one here too.
 */
const ROLE = "CASE WHEN m.role = 'owner' THEN 'owner' ELSE m.project_role END";

/** The value of the column from before roles: an owner is `owner`, anyone else `member`. */
const legacyRole = (role: Role) => (role === 'owner' ? 'owner' : 'member');

/** The condition that keeps an owner: the member is not one, or another owner remains (parameters: project, user). */
const KEEPS_AN_OWNER =
  "(role <> 'owner' OR EXISTS (SELECT 1 FROM project_members o WHERE o.project_id = ? AND o.user_id <> ? AND o.role = 'owner'))";

/** What a guarded change to a member did: done, refused to keep the last owner, not a member, or the role changed first. */
export type RoleChange<Done extends string> = Done | 'last_owner' | 'not_member' | 'role_changed';

/** The condition that the member still has a role (parameter: the role), for a change decided on it. */
const STILL_HAS_ROLE = "(CASE WHEN role = 'owner' THEN 'owner' ELSE project_role END) = ?";

export function openAccountRepository(database: Database): AccountRepository {
  const sql = sqlFor(database);

  /**
   * Runs a change to a project's members guarded by KEEPS_AN_OWNER; the rows it changed. Two such changes at once
   * (two owners demoting each other) must not both see the other owner: on PostgreSQL each locks the project's row
   * first, in the same transaction, so the second waits and its statement then sees what the first committed;
   * SQLite's writes run one at a time already.
   */
  const keepingAnOwner = async (projectId: number, change: SqlStatement): Promise<number> => {
    const lock: SqlStatement[] =
      database.engine === 'postgres' ? [['SELECT 1 FROM projects WHERE id = ? FOR NO KEY UPDATE', [projectId]]] : [];
    return (await sql.runAll([...lock, change])).at(-1) ?? 0;
  };
  const roleOf = async (projectId: number, userId: number) =>
    (
      await sql.one<{ role: Role }>(`SELECT ${ROLE} AS role FROM project_members m WHERE m.project_id = ? AND m.user_id = ?`, [
        projectId,
        userId,
      ])
    )?.role ?? null;
  /** Why a guarded change changed nothing: the member's role now says. */
  const whyUnchanged = async (projectId: number, userId: number, was: Role): Promise<'last_owner' | 'not_member' | 'role_changed'> => {
    const now = await roleOf(projectId, userId);
    if (now === null) return 'not_member';
    return now === was ? 'last_owner' : 'role_changed';
  };
  const isMember = async (projectId: number, userId: number) =>
    (await sql.one('SELECT 1 AS yes FROM project_members WHERE project_id = ? AND user_id = ?', [projectId, userId])) !== null;

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
    addMember: async (projectId, userId, now, role = 'developer') =>
      (await sql.run(
        'INSERT INTO project_members (project_id, user_id, created_at, role, project_role) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
        [projectId, userId, now, legacyRole(role), role],
      )) > 0,
    roleOf,
    members: async (projectId) =>
      (
        await sql.all<{ email: string; role: Role; created_at: bigint | Date }>(
          `SELECT u.email, ${ROLE} AS role, m.created_at FROM project_members m JOIN users u ON u.id = m.user_id
            WHERE m.project_id = ?
            ORDER BY CASE ${ROLE} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'developer' THEN 2 ELSE 3 END, m.created_at, u.id`,
          [projectId],
        )
      ).map((r) => ({ email: r.email, role: r.role, createdAt: time(r.created_at) })),
    setRole: async (projectId, userId, role, was) => {
      // An owner stays unless another owner remains, decided by the same statement that demotes.
      const update = `UPDATE project_members SET role = ?, project_role = ? WHERE project_id = ? AND user_id = ? AND ${STILL_HAS_ROLE}`;
      const changed =
        role === 'owner'
          ? await sql.run(update, [legacyRole(role), role, projectId, userId, was])
          : await keepingAnOwner(projectId, [
              `${update} AND ${KEEPS_AN_OWNER}`,
              [legacyRole(role), role, projectId, userId, was, projectId, userId],
            ]);
      return changed > 0 ? 'changed' : whyUnchanged(projectId, userId, was);
    },
    removeMemberKeepingAnOwner: async (projectId, userId, was) => {
      const removed = await keepingAnOwner(projectId, [
        `DELETE FROM project_members WHERE project_id = ? AND user_id = ? AND ${STILL_HAS_ROLE} AND ${KEEPS_AN_OWNER}`,
        [projectId, userId, was, projectId, userId],
      ]);
      return removed > 0 ? 'removed' : whyUnchanged(projectId, userId, was);
    },
    createOwnedProject: async (userId, p, { limit, selfMade }) => {
      const row = await sql.insertCapped<ProjectRow>({
        parent: { table: 'users', id: userId },
        count: ["SELECT COUNT(*) AS n FROM project_members WHERE user_id = ? AND role = 'owner'", [userId]],
        limit,
        insert: insertProject(p.slug, p.plan, p.quota, p.createdAt),
        then: (created) => [
          ...(selfMade ? [['INSERT INTO self_made_projects (project_id) VALUES (?)', [created.id]] as const] : []),
          [
            "INSERT INTO project_members (project_id, user_id, created_at, role, project_role) VALUES (?, ?, ?, 'owner', 'owner')",
            [created.id, userId, p.createdAt],
          ],
        ],
      });
      return row === 'at_limit' || row === null ? row : toProject(row);
    },
    createInvitation: async (tokenHash, i, invitedBy, limit) =>
      (await sql.insertCapped({
        parent: { table: 'projects', id: i.projectId },
        count: [
          'SELECT COUNT(*) AS n FROM invitations WHERE project_id = ? AND used_at IS NULL AND expires_at > ?',
          [i.projectId, i.createdAt],
        ],
        limit,
        insert: [
          'INSERT INTO invitations (token_hash, project_id, email, invited_by, created_at, expires_at, vouched, role) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING project_id',
          [tokenHash, i.projectId, i.email, invitedBy, i.createdAt, i.expiresAt, i.vouched, i.role],
        ],
      })) !== 'at_limit',
    findInvitation: async (tokenHash) => {
      const r = await sql.one<{
        project_id: bigint;
        email: string;
        created_at: bigint | Date;
        expires_at: bigint | Date;
        used_at: bigint | Date | null;
        vouched: bigint | boolean;
        role: Role;
        invited_by: bigint | number | null;
      }>('SELECT project_id, email, created_at, expires_at, used_at, vouched, role, invited_by FROM invitations WHERE token_hash = ?', [
        tokenHash,
      ]);
      return r
        ? {
            projectId: int(r.project_id),
            email: r.email,
            createdAt: time(r.created_at),
            expiresAt: time(r.expires_at),
            usedAt: time(r.used_at),
            vouched: flag(r.vouched),
            role: r.role,
            invitedBy: r.invited_by === null ? null : int(r.invited_by),
          }
        : null;
    },
    useInvitation: async (tokenHash, at) =>
      (await sql.run(
        `UPDATE invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND (
           invited_by IS NULL
           OR EXISTS (SELECT 1 FROM users u WHERE u.id = invitations.invited_by AND u.admin = ?)
           OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = invitations.project_id AND m.user_id = invitations.invited_by
                      AND ((${ROLE}) = 'owner' OR ((${ROLE}) = 'admin' AND invitations.role <> 'owner'))))`,
        [at, tokenHash, true],
      )) > 0,
    isSelfMade: async (projectId) => (await sql.one('SELECT 1 AS yes FROM self_made_projects WHERE project_id = ?', [projectId])) !== null,
    isMember,
    memberProjectIds: async (userId) =>
      (await sql.all<{ project_id: bigint }>('SELECT project_id FROM project_members WHERE user_id = ?', [userId])).map((r) =>
        int(r.project_id),
      ),
  };
}
