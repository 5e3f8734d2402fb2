import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps expect it: 30-second steps, 6 digits, HMAC-SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too (a clock off by up to 30 s, a slow typist). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 in lower case: no i, l, o or u, so a code read aloud or copied by hand is not misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 16 characters of 32: 80 bits each, so a stolen table of their SHA-256 hashes cannot be reversed. */
const RECOVERY_LENGTH = 16;

/** A new authenticator secret (20 random bytes, base32) and its `otpauth://` URL for the QR code. */
export function newTotpSecret(email: string, issuer: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer, label: email, secret }) };
}

/** True for what looks like an authenticator code (6 digits, spaces allowed) rather than a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The time step (RFC 6238's T) whose code `code` is, within one step of `nowMs`, or null. `after`: steps at or
 * before it are refused (a code already used, so none is accepted twice).
 */
export async function totpStep(secret: string, code: string, nowMs: number, after: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib refuses an `afterTimeStep` beyond the window (a clock set back since the last code): no code passes then.
    return null;
  }
}

/** Ten new recovery codes, as shown to the person once: `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? '0').join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/** A recovery code as it is compared: lower case, without spaces and hyphens, the look-alikes read as Crockford does. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

/** What is stored of a recovery code. */
export const recoveryCodeHash = (code: string): Buffer => createHash('sha256').update(normaliseRecoveryCode(code)).digest();
