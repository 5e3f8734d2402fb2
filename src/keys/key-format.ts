import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API keys look like `psk_` + 32 random base62 characters + 6 base62 characters
 * of CRC32 over the random part: about 190 bits of randomness, recognisable by
 * secret scanners, and a typo is rejected without touching the database.
 */
export const KEY_PREFIX = 'psk_';
const RANDOM_CHARS = 32;
const CHECK_CHARS = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECK_CHARS}}$`);

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

export function generateSecret(): string {
  const random = randomBase62(RANDOM_CHARS);
  return `${KEY_PREFIX}${random}${checksum(random)}`;
}

/** True when the text has the shape and checksum of a key this service issues. */
export function isWellFormedSecret(text: string): boolean {
  if (!KEY_SHAPE.test(text)) return false;
  const random = text.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_CHARS);
  return text.slice(KEY_PREFIX.length + RANDOM_CHARS) === checksum(random);
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
  return `${secret.slice(0, KEY_PREFIX.length + 4)}…`;
}
