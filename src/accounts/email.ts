import { domainToASCII, domainToUnicode } from 'node:url';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 254;

/** Control and invisible format characters (NUL, zero-width spaces, direction marks). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * An email address as accounts are keyed by it: NFKC (a fullwidth `ａ` is `a`), trimmed, lower
 * case, and the domain without a trailing dot and in IDNA A-labels (`bücher.example` is
 * `xn--bcher-kva.example`). Sign-up, sign-in, invitations and the CLI all key by this form, so one
 * address is one account however it is typed. An address that has no such form (a domain IDNA
 * refuses) comes back NFKC, trimmed and in lower case, and `emailProblem` refuses it.
 */
export function normaliseEmail(email: string): string {
  const folded = email.normalize('NFKC').trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const domain = asciiDomain(folded.slice(at + 1));
  return domain === null ? folded : `${folded.slice(0, at)}@${domain}`;
}

function asciiDomain(domain: string): string | null {
  const bare = domain.endsWith('.') ? domain.slice(0, -1) : domain;
  if (bare === '') return null;
  const ascii = domainToASCII(bare);
  return ascii === '' ? null : ascii.toLowerCase();
}

/**
 * Scripts a label may mix (UTS #39 "highly restrictive"): one script, or Latin with the scripts
 * written together in Chinese, Japanese or Korean. Characters common to all scripts (digits,
 * punctuation) count for none.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Thai',
  'Georgian',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Han',
  'Bopomofo',
  'Ethiopic',
  'Cherokee',
  'Tamil',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) {
    if (NEUTRAL.test(ch)) continue;
    found.add(SCRIPTS.find((s) => s.pattern.test(ch))?.name ?? `other:${ch}`);
  }
  return found;
}

const mixesScripts = (text: string): boolean => {
  const scripts = scriptsOf(text);
  return scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
};

/**
 * Why `email` cannot name an account, in words, or null when it can. Refused besides what is not
 * an address: invisible or control characters, a domain IDNA refuses, and a local part or domain
 * label that mixes scripts (a Cyrillic `с` among Latin letters looks the same as `c`: such
 * confusables are refused rather than mapped, as browsers show such domains in their xn-- form).
 */
export function emailProblem(email: string): string | null {
  const folded = email.normalize('NFKC').trim().toLowerCase();
  if (INVISIBLE.test(folded)) return 'it contains control or invisible characters';
  if (!EMAIL.test(folded)) return 'it is not an email address';
  const at = folded.lastIndexOf('@');
  const local = folded.slice(0, at);
  const domain = folded.slice(at + 1);
  const ascii = asciiDomain(domain);
  if (ascii === null) return 'its domain is not a valid domain name';
  if (mixesScripts(local)) return 'its local part mixes letters of different scripts (look-alike characters)';
  // Labels as they are shown, so that one typed in its xn-- form is judged by its letters too.
  for (const label of domainToUnicode(ascii).split('.')) {
    if (mixesScripts(label)) return 'its domain mixes letters of different scripts (look-alike characters)';
  }
  if (normaliseEmail(email).length > MAX_EMAIL) return `it is longer than ${String(MAX_EMAIL)} characters`;
  return null;
}
