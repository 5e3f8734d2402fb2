/** The content codings a blob can be stored in, best first when equally preferred. */
export type Coding = 'br' | 'gzip' | 'identity';

interface Preference {
  coding: string;
  q: number;
}

function parseQ(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim());
    if (name?.toLowerCase() === 'q') {
      const q = Number(value);
      return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
    }
  }
  return 1;
}

function preferences(header: string): Preference[] {
  return header
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const [coding = '', ...params] = item.split(';');
      return { coding: coding.trim().toLowerCase(), q: parseQ(params) };
    });
}

/**
 * Picks the coding to send from the ones available, following Accept-Encoding
 * with its q-values (RFC 9110 §12.5.3): the highest q wins, ties go to the
 * smaller coding (br, then gzip, then identity). Identity is acceptable unless
 * refused explicitly, and when it is not listed it ranks with the least
 * preferred listed coding. When every coding is refused the file is still
 * sent as is, as most servers do, rather than a 406.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: readonly Coding[]): Coding {
  if (acceptEncoding === undefined) return 'identity';
  const prefs = preferences(acceptEncoding);
  const star = prefs.find((p) => p.coding === '*');
  const qOf = (coding: Coding): number => {
    const explicit = prefs.find((p) => p.coding === coding || (coding === 'gzip' && p.coding === 'x-gzip'));
    if (explicit) return explicit.q;
    if (star) return star.q;
    // Identity is implicitly acceptable, ranked below every coding the client lists (as the negotiator library does).
    return coding === 'identity' ? Math.min(1, ...prefs.map((p) => p.q)) : 0;
  };
  let best: Coding = 'identity';
  let bestQ = 0;
  for (const coding of [...available.filter((c) => c !== 'identity'), 'identity'] as Coding[]) {
    const q = qOf(coding);
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  return best;
}

/** Whether If-None-Match matches this entity tag, by weak comparison (RFC 9110 §13.1.2). */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

export type RangeResult = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a single byte range (RFC 9110 §14.1.2) against a representation of
 * `size` bytes. Anything else (other units, several ranges, bad syntax) is
 * ignored and the whole representation is sent, which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: 'none' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
