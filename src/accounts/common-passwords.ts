import { createRequire } from 'node:module';

// Read when a password is first checked: the package's dictionaries add about 2.7 MB to the heap of every process.
const require = createRequire(import.meta.url);

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS = 10_000;

let refused: Set<string> | undefined;

/**
 * True for a password people pick first: one of the 10,000 most common (the
 * ranked list of @zxcvbn-ts/language-common, installed with the service, so
 * nothing is looked up over the network), compared without case, or one
 * character repeated (`aaaaaaaaaaaa`).
 */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(commonPasswords().map((p) => p.toLowerCase()));
  const chars = [...password];
  if (chars.every((c) => c === chars[0])) return true;
  return refused.has(password.toLowerCase());
}

/** The most common passwords, most common first. */
function commonPasswords(): string[] {
  const common = require('@zxcvbn-ts/language-common') as { dictionary: { passwords: string[] } };
  return common.dictionary.passwords.slice(0, COMMON_PASSWORDS);
}
