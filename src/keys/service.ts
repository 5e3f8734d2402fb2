import type { Store } from '../storage/store.js';
import { generateKeyId, generateSecret, hashSecret, secretHint } from './key-format.js';
import type { KeyInfo } from './repository.js';

export class NotFoundError extends Error {}

export interface CreatedKey extends KeyInfo {
  /** The secret; shown once, stored only as a hash. */
  key: string;
}

export async function createKey(store: Store, projectSlug: string, name: string | null, now = new Date()): Promise<CreatedKey> {
  const project = await store.projects.findBySlug(projectSlug);
  if (!project) throw new NotFoundError(`project "${projectSlug}" does not exist`);
  const key = generateSecret();
  const id = generateKeyId();
  const hint = secretHint(key);
  await store.keys.create({ id, projectId: project.id, name, secretHash: hashSecret(key), hint, createdAt: now });
  return { id, key, project: project.slug, name, hint, createdAt: now, revokedAt: null, bannedUntil: null };
}

export async function listKeys(store: Store, projectSlug?: string): Promise<KeyInfo[]> {
  if (projectSlug === undefined) return store.keys.list();
  const project = await store.projects.findBySlug(projectSlug);
  if (!project) throw new NotFoundError(`project "${projectSlug}" does not exist`);
  return store.keys.list(project.id);
}

export async function revokeKey(store: Store, id: string, now = new Date()): Promise<void> {
  if (!(await store.keys.revoke(id, now))) throw new NotFoundError(`no active key with id "${id}"`);
}

/** Lifts a key's ban before it ends; false when the key was not banned. */
export async function unbanKey(store: Store, id: string, now = new Date()): Promise<boolean> {
  const result = await store.keys.unban(id, now);
  if (result === null) throw new NotFoundError(`no key with id "${id}"`);
  return result === 'lifted';
}
