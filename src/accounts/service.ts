import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Project, ProjectRepository } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import { isCommonPassword } from './common-passwords.js';
import { generatePassword, hashPassword } from './passwords.js';
import type { AccountRepository, User } from './repository.js';
import type { SessionRepository } from './sessions-repository.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 12;
const MAX_PASSWORD = 1024;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const userNotFound = (email: string) => new DomainError('not_found', `No user "${email}" exists.`);

export interface CreatedUser extends User {
  /** Set when the password was generated: shown once. */
  generatedPassword?: string;
}

/** People, the projects they are members of, and what they may see. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionRepository,
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
  ) {}

  /** Creates a person; without a password one is generated and returned once. */
  async createUser(email: string, options: { admin?: boolean; password?: string } = {}): Promise<CreatedUser | DomainError> {
    const normalised = normaliseEmail(email);
    if (!EMAIL.test(normalised) || normalised.length > 254) {
      return new DomainError('validation_failed', `Invalid email: "${email}" is not an email address.`, [
        { in: 'body', field: 'email', message: 'must be an email address' },
      ]);
    }
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
      await hashPassword(password),
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

  /** Makes a person a member of a project; true when they were not one before. */
  async addMember(slug: string, email: string): Promise<boolean | DomainError> {
    const found = await this.userAndProject(slug, email);
    if (found instanceof DomainError) return found;
    return this.accounts.addMember(found.project.id, found.user.id, new Date(this.clock.now()));
  }

  async removeMember(slug: string, email: string): Promise<true | DomainError> {
    const found = await this.userAndProject(slug, email);
    if (found instanceof DomainError) return found;
    return (
      (await this.accounts.removeMember(found.project.id, found.user.id)) ||
      new DomainError('not_found', `${found.user.email} is not a member of project "${slug}".`)
    );
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
}
