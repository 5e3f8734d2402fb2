import { DomainError } from '../errors/domain-error.js';

/** A person's role in a project, from most to least. Instance admins act as owners of every project. */
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

const RANK: Readonly<Record<Role, number>> = { owner: 3, admin: 2, developer: 1, viewer: 0 };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `role` has every right of `needed`. */
export const atLeast = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];

/** The role with fewer rights of the two. */
export const lesser = (a: Role, b: Role): Role => (RANK[a] <= RANK[b] ? a : b);

/** The refusal of a caller whose role is below the one needed: the message names both. */
export const insufficientRole = (needed: Role, actual: Role | null, what = 'this'): DomainError =>
  new DomainError(
    'insufficient_role',
    `Doing ${what} needs the role ${needed}${needed === 'owner' ? '' : ' or higher'}; your role in this project is ${actual ?? 'none'}.`,
  );
