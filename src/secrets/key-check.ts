import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../config-error.js';
import type { Keyring } from './keyring.js';
import type { SecretRepository } from './repository.js';

/** The row naming which SECRETS_KEY this database's secrets are sealed under: a fingerprint, never the key. */
export const FINGERPRINT_NAME = 'secrets-key-fingerprint';

/** One-way: the HMAC of a purpose key of its own (keyring.ts), so it tells nothing of SECRETS_KEY or any other key. */
export function fingerprintOf(keyring: Keyring): Buffer {
  return createHmac('sha256', keyring.key('secrets-key-check/v1')).update('fingerprint').digest();
}

/**
 * Checked at start, before anything is sealed or opened. Authenticator secrets and certificate private keys are
 * sealed under SECRETS_KEY; started with another one the server would run and fail each sign-in with a second
 * factor (500) and each certificate it serves. So the first start with SECRETS_KEY stores its fingerprint, and a
 * start with a different one is refused, naming the variable. A start without SECRETS_KEY on a database that has one
 * answers `missing`: the caller warns (cursors and unsealed data still work; sealed ones cannot be opened).
 */
export async function checkSecretsKey(secrets: SecretRepository, keyring: Keyring | null, now: Date): Promise<'kept' | 'missing' | 'none'> {
  if (keyring === null) return (await secrets.find(FINGERPRINT_NAME)) === null ? 'none' : 'missing';
  const fingerprint = fingerprintOf(keyring);
  const stored = await secrets.obtain(FINGERPRINT_NAME, fingerprint, now);
  if (stored.length === fingerprint.length && timingSafeEqual(stored, fingerprint)) return 'kept';
  throw new ConfigError([
    'SECRETS_KEY is not the key this database was started with: the authenticator secrets and certificate private keys ' +
      'sealed under the earlier one cannot be opened with it. Start with the earlier SECRETS_KEY ' +
      '(docs/operations.md, "A changed SECRETS_KEY").',
  ]);
}
