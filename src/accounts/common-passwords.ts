import { createRequire } from 'node:module';

// Read when a password is first checked: the package's dictionaries add about 2.7 MB to the heap of every process.
const require = createRequire(import.meta.url);

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS = 10_000;

let refused: Set<string> | undefined;

/**
 * A password as its strength is judged: NFKC, without control and invisible format characters
 * (NUL, zero-width spaces), trimmed. `password` with four zero-width spaces is `password`, and
 * twelve spaces before `abc` is `abc`: length is counted on this form. (The hash is still made of
 * the password as typed, so existing passwords keep signing in.)
 */
export function normalisePassword(password: string): string {
  return password
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

/** Sequences people type without thinking: alphabet, digits (round: `…7890123…`), keyboard rows (one after another) and columns. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '012345678901',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  '!@#$%^&*()',
];
/** Pairs of characters that follow each other in a sequence, either way (`ab`, `ba`, `90`, `pa`). */
const STEPS = new Set(SEQUENCES.flatMap((seq) => [...seq].slice(1).flatMap((ch, i) => [`${seq[i] ?? ''}${ch}`, `${ch}${seq[i] ?? ''}`])));
/** Characters of runs this long (or longer) count for nothing. */
const RUN = 3;

/**
 * The characters of a (normalised, lower-case) password outside runs of 3 or more that follow a
 * sequence (`1234`, `qwer`, `zyx`) or repeat one character (`!!!`, spaces): what someone guessing
 * keyboard walks and padding would still have to guess.
 */
function beyondRuns(password: string): string {
  const chars = [...password];
  const counted = chars.map(() => true);
  const mark = (start: number, end: number) => {
    if (end - start >= RUN) for (let i = start; i < end; i++) counted[i] = false;
  };
  for (const follows of [(a: string, b: string) => STEPS.has(a + b), (a: string, b: string) => a === b]) {
    let start = 0;
    for (let i = 1; i <= chars.length; i++) {
      if (i < chars.length && follows(chars[i - 1] ?? '', chars[i] ?? '')) continue;
      mark(start, i);
      start = i;
    }
  }
  return chars.filter((_, i) => counted[i]).join('');
}

/**
 * True for a password people pick first, judged on its normalised form without case: one of the
 * 10,000 most common (the ranked list of @zxcvbn-ts/language-common, installed with the service,
 * so nothing is looked up over the network); one character or a short block repeated
 * (`aaaaaaaaaaaa`, `abcabcabcabc`); or, once keyboard walks, sequences and repeated characters are
 * set aside, fewer than 4 characters or a common password (`qwertyuiopasdfghjkl`,
 * `1234567890123456`, `password!!!!!!!!`).
 */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(commonPasswords().map((p) => p.toLowerCase()));
  const lower = normalisePassword(password).toLowerCase();
  if (refused.has(lower) || /^(.+?)\1+$/su.test(lower)) return true;
  const rest = beyondRuns(lower);
  return [...rest].length < 4 || refused.has(rest);
}

/** The most common passwords, most common first. */
function commonPasswords(): string[] {
  const common = require('@zxcvbn-ts/language-common') as { dictionary: { passwords: string[] } };
  return common.dictionary.passwords.slice(0, COMMON_PASSWORDS);
}
