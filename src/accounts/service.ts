import { createHash, randomBytes } from 'node:crypto';
import type { Actor, AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Project, ProjectRepository } from '../projects/repository.js';
import { checkNewProject, projectExists, projectNotFound } from '../projects/service.js';
import { StorageUnavailableError } from '../storage/unavailable.js';
import { isCommonPassword, normalisePassword } from './common-passwords.js';
import { DEFAULT_HASH_COST, generatePassword, hashPassword, scryptParams } from './passwords.js';
import type { AccountRepository, Invitation, Member, User } from './repository.js';
import { insufficientRole, type Role } from './roles.js';
import type { SessionRepository } from './sessions-repository.js';
import { emailProblem, normaliseEmail } from './email.js';

const MIN_PASSWORD = 12;
const MAX_PASSWORD = 1024;

export { normaliseEmail };

export type SignupMode = 'closed' | 'invite' | 'open';

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

/** Invitations of a project neither used nor expired at once; more are refused (`invitation_limit`). */
export const MAX_PENDING_INVITATIONS = 20;
/** How often a change to a member is decided again when other changes to that member keep coming first. */
const ROLE_CHANGE_TRIES = 5;

/** Passwords of 12 characters or more that lists of leaked passwords start with; refused as trivially weak. */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  'passwordpassword',
  'password1234',
  'password12345',
  'password123456',
  'qwertyuiopasdfgh',
  'qwertyuiop12',
  'qwerty123456',
  '1q2w3e4r5t6y',
  'iloveyou1234',
  'administrator',
  'letmeinletmein',
  'changeme1234',
  'welcome12345',
  'abcdefghijkl',
  'aaaaaaaaaaaa',
  'petstore1234',
]);

/**
 * Why a password chosen by a person is refused (ASVS V2.1: at least 12
 * characters, checked against common passwords, no composition rules), or
 * null when it is acceptable.
 */
export function passwordWeakness(password: string, email: string): DomainError | null {
  const weak = (message: string) =>
    new DomainError('weak_password', `The password is too weak: ${message}.`, [{ in: 'body', field: 'password', message }]);
  // Judged (and counted) without invisible characters and surrounding spaces.
  const normalised = normalisePassword(password);
  const chars = [...normalised];
  if (chars.length < MIN_PASSWORD) return weak(`it needs at least ${String(MIN_PASSWORD)} characters`);
  if (password.length > MAX_PASSWORD) return weak(`it may have at most ${String(MAX_PASSWORD)} characters`);
  const lower = normalised.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || isCommonPassword(password) || new Set(chars).size < 4)
    return weak('it is a common or repetitive password');
  const local = normaliseEmail(email).split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local)) return weak('it contains the email');
  return null;
}

const invitationHash = (token: string) => createHash('sha256').update(token).digest();
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const invalidEmail = (email: string) => {
  const why = emailProblem(email) ?? 'it is not an email address';
  return new DomainError('validation_failed', `Invalid email: ${JSON.stringify(email.slice(0, 254))}: ${why}.`, [
    { in: 'body', field: 'email', message: why },
  ]);
};

export interface InvitationView extends Invitation {
  project: string;
}

const userNotFound = (email: string) => new DomainError('not_found', `No user "${email}" exists.`);

const notMember = (email: string, slug: string) =>
  new DomainError('not_found', `${normaliseEmail(email)} is not a member of project "${slug}".`);

const lastOwner = (email: string, slug: string) =>
  new DomainError('last_owner', `${email} is the last owner of project "${slug}": make another member owner first.`);

export interface CreatedUser extends User {
  /** Set when the password was generated: shown once. */
  generatedPassword?: string;
}

/** An invitation whose sender may no longer send it (AccountService.inviterMayStill). */
const WITHDRAWN = () =>
  new DomainError(
    'invitation_expired',
    'This invitation was withdrawn: whoever sent it may no longer invite to this project with its role. Ask a project admin for a new one.',
  );

/**
 * People, the projects they are members of, and what they may see. Changes to a project's people (and the
 * projects people create) are recorded in the audit log with their actor.
 */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionRepository,
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    /** log2 of scrypt's N for new password hashes (`PASSWORD_HASH_COST`). */
    private readonly passwordHashCost: number = DEFAULT_HASH_COST,
  ) {}

  /** Creates a person; without a password one is generated and returned once. */
  async createUser(email: string, options: { admin?: boolean; password?: string } = {}): Promise<CreatedUser | DomainError> {
    const normalised = normaliseEmail(email);
    if (emailProblem(email) !== null) return invalidEmail(email);
    const password = options.password ?? generatePassword();
    if ([...password].length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
      return new DomainError(
        'validation_failed',
        `Invalid password: it must be ${String(MIN_PASSWORD)} to ${String(MAX_PASSWORD)} characters.`,
        [{ in: 'body', field: 'password', message: `must be ${String(MIN_PASSWORD)} to ${String(MAX_PASSWORD)} characters` }],
      );
    }
    if (isCommonPassword(password)) {
      return new DomainError(
        'weak_password',
        'The password is one of the 10,000 most common ones (or one character repeated); choose another.',
        [{ in: 'body', field: 'password', message: 'is too common' }],
      );
    }
    if (await this.accounts.findUserByEmail(normalised)) return new DomainError('user_exists', `A user "${normalised}" already exists.`);
    const user = await this.accounts.createUser(
      normalised,
      options.admin ?? false,
      await hashPassword(password, scryptParams(this.passwordHashCost)),
      new Date(this.clock.now()),
    );
    if (!user) return new DomainError('user_exists', `A user "${normalised}" already exists.`);
    return options.password === undefined ? { ...user, generatedPassword: password } : user;
  }

  private async userAndProject(slug: string, email: string): Promise<{ user: User; project: Project } | DomainError> {
    const project = await this.projects.findBySlug(slug);
    if (!project) return projectNotFound(slug);
    const user = await this.accounts.findUserByEmail(normaliseEmail(email));
    if (!user) return userNotFound(email);
    return { user, project };
  }

  /** Makes a person a member of a project; true when they were not one before (only then is it recorded). */
  async addMember(actor: Actor, slug: string, email: string, role: Role = 'developer'): Promise<boolean | DomainError> {
    const found = await this.userAndProject(slug, email);
    if (found instanceof DomainError) return found;
    const added = await this.accounts.addMember(found.project.id, found.user.id, new Date(this.clock.now()), role);
    if (added) await this.audit.record(actor, found.project.id, 'member.add', found.user.email);
    return added;
  }

  /** Removes a member as the operator, who may remove anyone but the last owner. */
  async removeMember(actor: Actor, slug: string, email: string): Promise<true | DomainError> {
    const found = await this.userAndProject(slug, email);
    if (found instanceof DomainError) return found;
    const removed = await this.removeMemberAs(actor, 'owner', found.project, email);
    return removed instanceof DomainError ? removed : true;
  }

  /** The person with this email (any case), or null. */
  async findUser(email: string): Promise<User | null> {
    const found = await this.accounts.findUserByEmail(normaliseEmail(email));
    if (!found) return null;
    const { passwordHash: _hash, ...user } = found;
    return user;
  }

  /** Ends every session of a person at once, on every instance; the number ended. */
  async revokeSessions(email: string): Promise<number | DomainError> {
    const user = await this.accounts.findUserByEmail(normaliseEmail(email));
    if (!user) return userNotFound(email);
    return this.sessions.deleteForUser(user.id);
  }

  /** The projects a person may manage: every one for an admin, their memberships otherwise. */
  async projectsOf(user: User): Promise<Project[]> {
    const all = await this.projects.list();
    if (user.admin) return all;
    const mine = new Set(await this.accounts.memberProjectIds(user.id));
    return all.filter((p) => mine.has(p.id));
  }

  /** A project the person may manage; one they may not is "not found", so its existence is not revealed. */
  async projectOf(user: User, slug: string): Promise<Project | DomainError> {
    const project = await this.projects.findBySlug(slug);
    if (!project || !(user.admin || (await this.accounts.isMember(project.id, user.id)))) return projectNotFound(slug);
    return project;
  }

  /** A project the person may manage and their role in it (an admin: owner); one they may not is "not found". */
  async access(user: User, slug: string): Promise<{ project: Project; role: Role } | DomainError> {
    const project = await this.projects.findBySlug(slug);
    const role = project ? await this.roleIn(user, project) : null;
    if (!project || !role) return projectNotFound(slug);
    return { project, role };
  }

  /** Sign-up by the person themselves: allowed only when SIGNUP is open; the password must not be weak. */
  async signUp(email: string, password: string, mode: SignupMode): Promise<User | DomainError> {
    if (mode !== 'open') return new DomainError('signup_closed', 'Sign-up is not open on this service: ask for an invitation.');
    return this.createChosen(email, password);
  }

  /** A person with a password they chose (sign-up, accepted invitation). */
  private async createChosen(email: string, password: string): Promise<User | DomainError> {
    const normalised = normaliseEmail(email);
    if (emailProblem(email) !== null) return invalidEmail(email);
    const weakness = passwordWeakness(password, normalised);
    if (weakness) return weakness;
    const created = await this.createUser(normalised, { password });
    return created instanceof DomainError
      ? created
      : { id: created.id, email: created.email, admin: created.admin, createdAt: created.createdAt };
  }

  /** The person's role in a project: admins count as owners everywhere. */
  async roleIn(user: User, project: Project): Promise<Role | null> {
    if (user.admin) return 'owner';
    return this.accounts.roleOf(project.id, user.id);
  }

  /**
   * A Free project created by a person, who becomes its owner; at most `limit` owned projects (admins: no limit).
   * `actor` is the person, through their session or one of their access tokens.
   */
  async createProject(actor: Actor, user: User, slug: string, limit: number): Promise<Project | DomainError> {
    const checked = checkNewProject(slug, 'free');
    if (checked instanceof DomainError) return checked;
    const project = await this.accounts.createOwnedProject(
      user.id,
      { ...checked, createdAt: new Date(this.clock.now()) },
      // Its owners vouch for no one: their invitations do not create accounts when SIGNUP is invite.
      { limit: user.admin ? Number.POSITIVE_INFINITY : limit, selfMade: !user.admin },
    );
    if (project === 'at_limit') return new DomainError('project_limit', `You already own ${String(limit)} projects, the most allowed.`);
    if (!project) return projectExists(slug);
    await this.audit.record(actor, project.id, 'project.create', project.slug);
    return project;
  }

  /** The project's members; any member may see them. */
  members(project: Project): Promise<Member[]> {
    return this.accounts.members(project.id);
  }

  /**
   * Removes a member. `acting` is the role of the person `actor` acting (the route has checked it is at least
   * admin): only an owner removes an owner, and the last owner stays.
   */
  async removeMemberAs(actor: Actor, acting: Role, project: Project, email: string): Promise<User | DomainError> {
    return this.decidedOnRole(project, email, async ({ member, role }) => {
      if (role === 'owner' && acting !== 'owner') return insufficientRole('owner', acting, 'removing an owner');
      const outcome = await this.accounts.removeMemberKeepingAnOwner(project.id, member.id, role);
      if (outcome !== 'removed') return outcome;
      await this.audit.record(actor, project.id, 'member.remove', member.email);
      return member;
    });
  }

  /**
   * Gives a member another role (`member.role_change`, target `email: old -> new`). `acting` is the role of the
   * person acting: only an owner makes an owner or changes an owner's role, and the last owner stays.
   */
  async setRole(actor: Actor, acting: Role, project: Project, email: string, role: Role): Promise<Member | DomainError> {
    const changed = await this.decidedOnRole(project, email, async ({ member, role: was }) => {
      if ((role === 'owner' || was === 'owner') && acting !== 'owner') {
        return insufficientRole('owner', acting, role === 'owner' ? 'making an owner' : "changing an owner's role");
      }
      if (was === role) return member;
      const outcome = await this.accounts.setRole(project.id, member.id, role, was);
      if (outcome !== 'changed') return outcome;
      await this.audit.record(actor, project.id, 'member.role_change', `${member.email}: ${was} -> ${role}`);
      return member;
    });
    if (changed instanceof DomainError) return changed;
    const now = (await this.accounts.members(project.id)).find((m) => m.email === changed.email);
    return now ?? notMember(email, project.slug);
  }

  /**
   * Runs a change decided on the member's role, which the change's statement requires to be unchanged: when
   * another change came first ('role_changed': an owner promoted the member an admin is demoting), the role is
   * read again and the change decided again, so no decision is made on a role the member no longer has.
   */
  private async decidedOnRole<T>(
    project: Project,
    email: string,
    change: (found: { member: User; role: Role }) => Promise<T | DomainError | 'last_owner' | 'not_member' | 'role_changed'>,
  ): Promise<T | DomainError> {
    for (let tries = 1; ; tries++) {
      const found = await this.memberOf(project, email);
      if (found instanceof DomainError) return found;
      const outcome = await change(found);
      if (outcome === 'last_owner') return lastOwner(found.member.email, project.slug);
      if (outcome === 'not_member') return notMember(email, project.slug);
      if (outcome !== 'role_changed') return outcome;
      // Each try follows another change that committed: more than a few means changes keep racing this one.
      if (tries >= ROLE_CHANGE_TRIES) throw new StorageUnavailableError(new Error('the member kept changing'));
    }
  }

  private async memberOf(project: Project, email: string): Promise<{ member: User; role: Role } | DomainError> {
    const found = await this.accounts.findUserByEmail(normaliseEmail(email));
    const role = found ? await this.accounts.roleOf(project.id, found.id) : null;
    if (!found || !role) return notMember(email, project.slug);
    const { passwordHash: _hash, ...member } = found;
    return { member, role };
  }

  /**
   * An invitation link's token for an email to join with `role`, valid 7 days, at most MAX_PENDING_INVITATIONS
   * pending per project. `acting` is the role of `user` (the route has checked it is at least admin): only an
   * owner invites an owner. Only its hash is stored. The invitation is vouched for (may
   * create the account when SIGNUP is invite) when `user` is an admin or the project is not one a person made
   * themselves. `actor` is the person `user` acting.
   */
  async invite(
    actor: Actor,
    user: User,
    acting: Role,
    project: Project,
    email: string,
    role: Role = 'developer',
  ): Promise<{ token: string; email: string; role: Role; expiresAt: Date } | DomainError> {
    if (role === 'owner' && acting !== 'owner') return insufficientRole('owner', acting, 'inviting an owner');
    const normalised = normaliseEmail(email);
    if (emailProblem(email) !== null) return invalidEmail(email);
    const now = this.clock.now();
    const vouched = user.admin || !(await this.accounts.isSelfMade(project.id));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + INVITATION_TTL_MS);
    const created = await this.accounts.createInvitation(
      invitationHash(token),
      { projectId: project.id, email: normalised, createdAt: new Date(now), expiresAt, usedAt: null, vouched, role },
      user.id,
      MAX_PENDING_INVITATIONS,
    );
    if (!created) {
      return new DomainError(
        'invitation_limit',
        `Project "${project.slug}" already has ${String(MAX_PENDING_INVITATIONS)} pending invitations, the most allowed: wait for some to be used or to expire.`,
      );
    }
    await this.audit.record(actor, project.id, 'member.invite', normalised);
    return { token, email: normalised, role, expiresAt };
  }

  /** The invitation of a link, still valid: unknown is not_found, expired and used are refused. */
  async invitation(token: string): Promise<InvitationView | DomainError> {
    const notFound = new DomainError('not_found', 'No such invitation exists.');
    if (!INVITATION_TOKEN.test(token)) return notFound;
    const invitation = await this.accounts.findInvitation(invitationHash(token));
    if (!invitation) return notFound;
    if (invitation.usedAt) return new DomainError('invitation_used', 'This invitation has already been used.');
    if (invitation.expiresAt.getTime() <= this.clock.now()) return new DomainError('invitation_expired', 'This invitation has expired.');
    const project = await this.projectById(invitation.projectId);
    if (!project) return notFound;
    if (!(await this.inviterMayStill(invitation))) return WITHDRAWN();
    return { ...invitation, project: project.slug };
  }

  /**
   * Whether the person who sent an invitation may still send it: an invitation carries its sender's authority,
   * so one from an admin who has since been demoted or removed (or an owner's invitation of an owner, once they
   * are not one) no longer admits anyone. The operator's and a site admin's stay valid.
   */
  private async inviterMayStill(invitation: Invitation): Promise<boolean> {
    if (invitation.invitedBy === null || invitation.invitedBy === undefined) return true;
    const inviter = await this.accounts.findUserById(invitation.invitedBy);
    if (!inviter) return false;
    if (inviter.admin) return true;
    const role = await this.accounts.roleOf(invitation.projectId, inviter.id);
    return role === 'owner' || (role === 'admin' && invitation.role !== 'owner');
  }

  /**
   * Accepts an invitation as a signed-in person, whose email must be the invited one. The audit log records
   * the person themselves (a user actor) joining, from `ip`.
   */
  async accept(token: string, user: User, ip: string | null): Promise<{ project: string; projectId: number; role: Role } | DomainError> {
    const invitation = await this.invitation(token);
    if (invitation instanceof DomainError) return invitation;
    if (invitation.email !== user.email) {
      return new DomainError('invitation_mismatch', 'This invitation is meant for another email: sign in with the invited one.');
    }
    if (!(await this.accounts.useInvitation(invitationHash(token), new Date(this.clock.now())))) {
      // Its sender's authority is checked again in the statement that uses it: a demotion since the check above wins.
      return (await this.inviterMayStill(invitation))
        ? new DomainError('invitation_used', 'This invitation has already been used.')
        : WITHDRAWN();
    }
    // Already a member: the invitation is used, the role they have stays, and nothing is added to the audit log.
    if (await this.accounts.addMember(invitation.projectId, user.id, new Date(this.clock.now()), invitation.role)) {
      await this.audit.record({ type: 'user', email: user.email, ip }, invitation.projectId, 'member.add', user.email);
    }
    const role = (await this.accounts.roleOf(invitation.projectId, user.id)) ?? invitation.role;
    return { project: invitation.project, projectId: invitation.projectId, role };
  }

  /** Whether accepting the invitation may create the invited email's account, under SIGNUP `mode`. */
  static signupAllowed(invitation: Invitation, mode: SignupMode): boolean {
    return mode === 'open' || (mode === 'invite' && invitation.vouched);
  }

  /**
   * Accepts an invitation by signing up as the invited email, from `ip`: with SIGNUP open, or invite when the
   * invitation is vouched for. An invitation that may not create the account is refused the same way whether
   * the email has an account or not.
   */
  async acceptBySignUp(
    token: string,
    password: string,
    mode: SignupMode,
    ip: string | null,
  ): Promise<{ user: User; project: string; projectId: number; role: Role } | DomainError> {
    const invitation = await this.invitation(token);
    if (invitation instanceof DomainError) return invitation;
    if (mode === 'closed') return new DomainError('signup_closed', 'Sign-up is closed on this service: ask its operator for an account.');
    if (!AccountService.signupAllowed(invitation, mode)) {
      return new DomainError(
        'signup_closed',
        'This invitation cannot create an account: only invitations from an admin, or from the owners of a project an admin made, can. If the invited email has an account, sign in and accept.',
      );
    }
    const user = await this.createChosen(invitation.email, password);
    if (user instanceof DomainError) return user;
    const accepted = await this.accept(token, user, ip);
    if (accepted instanceof DomainError) return accepted;
    return { user, ...accepted };
  }

  /** The project with this id (for invitations and audit targets). */
  async projectById(id: number): Promise<Project | null> {
    return (await this.projects.list()).find((p) => p.id === id) ?? null;
  }
}
