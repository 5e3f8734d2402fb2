import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Environment } from '../http/pipeline/environments.js';

/**
 * API keys look like `psk_` + 32 random base62 characters + 6 base62 characters
 * of CRC32 over the random part: about 190 bits of randomness, recognisable by
 * secret scanners, and a typo is rejected without touching the database.
 * Staging keys begin `psk_test_` instead, so a key tells its environment by itself (Stripe's `sk_test_`).
 */
export const KEY_PREFIX = 'psk_';
export const STAGING_KEY_PREFIX = 'psk_test_';
const RANDOM_CHARS = 32;
const CHECK_CHARS = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function base62(value: number, width: number): string {
  let out = '';
  let n = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

const checksum = (random: string) => base62(crc32(random), CHECK_CHARS);

/**
 * A family of prefixed secrets (`psk_` API keys, `pst_` access tokens): the
 * prefix, 32 random base62 characters and a 6-character CRC32 checksum.
 */
export interface SecretFormat {
  prefix: string;
  generate(): string;
  /** True when the text has the shape and checksum of a secret of this family. */
  isWellFormed(text: string): boolean;
  /** What listings show of a secret: its prefix and first characters. */
  hint(secret: string): string;
}

export function secretFormat(prefix: string): SecretFormat {
  const shape = new RegExp(`^${prefix}[0-9A-Za-z]{${String(RANDOM_CHARS + CHECK_CHARS)}}$`);
  return {
    prefix,
    generate: () => {
      const random = randomBase62(RANDOM_CHARS);
      return `${prefix}${random}${checksum(random)}`;
    },
    // The length is checked first, so a long hostile string costs no regular-expression work.
    isWellFormed: (text) =>
      text.length === prefix.length + RANDOM_CHARS + CHECK_CHARS &&
      shape.test(text) &&
      text.slice(prefix.length + RANDOM_CHARS) === checksum(text.slice(prefix.length, prefix.length + RANDOM_CHARS)),
    hint: (secret) => `${secret.slice(0, prefix.length + 4)}…`,
  };
}

const API_KEYS: Record<Environment, SecretFormat> = {
  production: secretFormat(KEY_PREFIX),
  staging: secretFormat(STAGING_KEY_PREFIX),
};

export function generateSecret(environment: Environment = 'production'): string {
  return API_KEYS[environment].generate();
}

/** The environment of a text with the shape and checksum of a key this service issues; null for anything else. */
export function keyEnvironment(text: string): Environment | null {
  // `psk_test_…` is longer than `psk_…` and holds a `_`, so no text has both shapes.
  if (API_KEYS.production.isWellFormed(text)) return 'production';
  return API_KEYS.staging.isWellFormed(text) ? 'staging' : null;
}

/** True when the text has the shape and checksum of a key this service issues. */
export function isWellFormedSecret(text: string): boolean {
  return keyEnvironment(text) !== null;
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** Public key id, safe to log and show: `key_` + 16 base62 characters. */
export function generateKeyId(): string {
  return `key_${randomBase62(16)}`;
}

/** What listings show of a secret: its prefix and first characters. */
export function secretHint(secret: string): string {
  return API_KEYS[secret.startsWith(STAGING_KEY_PREFIX) ? 'staging' : 'production'].hint(secret);
}
