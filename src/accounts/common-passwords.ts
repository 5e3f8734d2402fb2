import common from '@zxcvbn-ts/language-common';

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
  refused ??= new Set(common.dictionary.passwords.slice(0, COMMON_PASSWORDS).map((p) => p.toLowerCase()));
  const chars = [...password];
  if (chars.every((c) => c === chars[0])) return true;
  return refused.has(password.toLowerCase());
}
