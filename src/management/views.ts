import type { KeyInfo } from '../keys/repository.js';
import type { Project } from '../projects/repository.js';

/** A project as the management API shows it. */
export const projectView = (p: Project, platformHost: string) => ({
  slug: p.slug,
  plan: p.plan,
  quota: p.quota,
  // Filled in once deploys exist (the publishing capability).
  liveDeploy: null,
  url: `http://${p.slug}.${platformHost}`,
  createdAt: p.createdAt.toISOString(),
});

export const keyView = (k: KeyInfo) => ({
  id: k.id,
  name: k.name,
  hint: k.hint,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});
