import type { Role } from '../accounts/roles.js';
import type { Config } from '../config.js';
import type { KeyInfo } from '../keys/repository.js';
import type { CreatedKey } from '../keys/service.js';
import { siteUrl } from '../projects/site-url.js';
import type { Project } from '../projects/repository.js';

/** The deploy a project's site serves. */
export interface LiveDeploySummary {
  id: string;
  number: number;
  createdAt: Date;
}

/** A project as the management API shows it to a caller with `role` in it. */
export const projectView = (p: Project, config: Pick<Config, 'platformHost' | 'port'>, live: LiveDeploySummary | null, role: Role) => ({
  slug: p.slug,
  plan: p.plan,
  quota: p.quota,
  liveDeploy: live && { id: live.id, number: live.number, createdAt: live.createdAt.toISOString() },
  url: siteUrl(config, p.slug),
  createdAt: p.createdAt.toISOString(),
  role,
  productionProtected: p.productionProtected,
});

/** An API key without its secret; `bannedUntil` only while the ban lasts (`now`, in ms). */
export const keyView = (k: KeyInfo, now: number) => ({
  id: k.id,
  project: k.project,
  environment: k.environment,
  name: k.name,
  scope: k.scope,
  hint: k.hint,
  createdAt: k.createdAt.toISOString(),
  expiresAt: k.expiresAt?.toISOString() ?? null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
  bannedUntil: k.bannedUntil && k.bannedUntil.getTime() > now ? k.bannedUntil.toISOString() : null,
  replacedBy: k.replacedBy && { id: k.replacedBy.id, hint: k.replacedBy.hint, rolledAt: k.replacedBy.at.toISOString() },
  replaces: k.replaces && { id: k.replaces.id, hint: k.replaces.hint },
});

/** A new key with its secret, as the management API answers it once. */
export const createdKeyView = (k: CreatedKey) => ({
  id: k.id,
  key: k.key,
  project: k.project,
  environment: k.environment,
  name: k.name,
  scope: k.scope,
  hint: k.hint,
  createdAt: k.createdAt.toISOString(),
  expiresAt: k.expiresAt?.toISOString() ?? null,
});
