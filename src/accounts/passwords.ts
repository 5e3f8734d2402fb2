import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are hashed with scrypt (memory-hard, in node:crypto, no native
 * build). The operator sets N as `PASSWORD_HASH_COST` (log2 N, 14 to 20,
 * default 17); r=8, p=1. At 17 a hash needs 128 MiB and took about 290 ms
 * here. Each hash stores its parameters (`scrypt$N$r$p$salt$hash`,
 * base64url), so the cost can change while older hashes keep verifying.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** log2 of scrypt's N unless the operator sets `PASSWORD_HASH_COST` (the range is checked in config.ts). */
export const DEFAULT_HASH_COST = 17;

/** The parameters new hashes are made with at a cost (log2 N). */
export function scryptParams(cost: number): ScryptParams {
  return { N: 2 ** cost, r: 8, p: 1 };
}

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * Derivations running at once in this process; the rest wait their turn (none
 * is refused). Each takes 128 * N * r bytes (128 MiB at cost 17), so four
 * sign-ins at the same moment take 256 MiB at most instead of 512.
 */
export const MAX_CONCURRENT_DERIVATIONS = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Derivations running and waiting now (for tests and diagnostics). */
export function derivationsInProgress(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function turn(): Promise<void> {
  if (running < MAX_CONCURRENT_DERIVATIONS) {
    running += 1;
    return;
  }
  // The slot is handed over by the derivation that ends (running stays counted), so the queue keeps its order.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

async function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is below that at N=2^17.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  await turn();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    release();
  }
}

export async function hashPassword(password: string, params: ScryptParams = scryptParams(DEFAULT_HASH_COST)): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when the password matches the stored hash; false for a hash this code cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A strong generated password: 128 bits, base64url (22 characters). */
export function generatePassword(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A stored hash at the given parameters that no password matches (its key is random: a match is a
 * 2^-256 chance): verifying against it for an unknown email runs the same derivation as for a known
 * one, so the time of the answer does not tell which emails have accounts. Made without a derivation,
 * so it costs neither time nor memory before it is used.
 */
export function decoyHash(params: ScryptParams = scryptParams(DEFAULT_HASH_COST)): string {
  const salt = randomBytes(SALT_BYTES).toString('base64url');
  return ['scrypt', params.N, params.r, params.p, salt, randomBytes(KEY_LENGTH).toString('base64url')].join('$');
}
