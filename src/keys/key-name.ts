import { DomainError } from '../errors/domain-error.js';

/** A key's name (a label, e.g. where the key is used): this many characters at most. */
export const KEY_NAME_MAX = 100;

/**
 * Characters a key name may not hold: controls (C0 with line feed, carriage return and tab, DEL, C1), the line and
 * paragraph separators, and the bidi embeddings, overrides and isolates. Each would let a name break a line or a
 * column of the CLI's output, or reorder what follows it on the line, where an operator reads every key's name.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Why `name` cannot be a key's name, or null: 1 to 100 characters, none of FORBIDDEN. */
export function keyNameError(name: string): DomainError | null {
  const refuse = (message: string) =>
    new DomainError('validation_failed', `Invalid name: ${message}.`, [{ in: 'body', field: 'name', message }]);
  const length = [...name].length;
  if (length === 0 || length > KEY_NAME_MAX) return refuse(`must be 1 to ${String(KEY_NAME_MAX)} characters`);
  const found = FORBIDDEN.exec(name)?.[0];
  if (found !== undefined)
    return refuse(
      `must not contain control characters such as line breaks (found U+${found.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0') ?? ''})`,
    );
  return null;
}

/**
 * Characters shown escaped in a name printed among others: those a key name may not hold, the other invisible format
 * characters (Unicode's Cf; the zero-width joiners stay, scripts and emoji need them), and the backslash itself, so
 * an escape is never confused with the text it stands for.
 */
// eslint-disable-next-line no-control-regex
const ESCAPED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]|(?![\u200c\u200d])\p{Cf}/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/**
 * A name as the CLI's lines and tab-separated rows print it: one line, one column. Names stored before control
 * characters were refused (or written to the database directly) show them as escapes (`\n`, `\t`, `\u202e`), so
 * a name can neither forge a row of the output nor hide part of itself.
 */
export function printableName(name: string | null): string {
  if (name === null) return '';
  return name.replace(ESCAPED, (c) => SHORT[c] ?? `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
