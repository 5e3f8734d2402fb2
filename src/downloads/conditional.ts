/**
 * RFC 9110 preconditions (section 13) for a GET or HEAD of a representation that has a strong entity tag and
 * no modification date: what `If-Match` and `If-None-Match` ask, in the order of section 13.2.2.
 * `If-Modified-Since` and `If-Unmodified-Since` have no date to compare with and are ignored, as are
 * `Range` and `If-Range` (the downloads answer `Accept-Ranges: none`).
 */

/** What to answer: the representation (`proceed`), 304 Not Modified, or 412 Precondition Failed. */
export type Precondition = 'proceed' | 'not_modified' | 'failed';

/** An entity tag of a list: its opaque part (quotes included) and whether it was weak (`W/`). */
interface ListedTag {
  weak: boolean;
  opaque: string;
}

/**
 * `*`, or the entity tags of a list (`"a", W/"b"`, several header lines joined by commas), per RFC 9110
 * section 8.8.3: a member that is not an entity tag is skipped (a comma inside quotes is part of its tag).
 */
export function parseTagList(value: string): '*' | ListedTag[] {
  if (value.trim() === '*') return '*';
  const tags: ListedTag[] = [];
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    if (c === ' ' || c === '\t' || c === ',') {
      i++;
      continue;
    }
    const weak = value.startsWith('W/"', i);
    const open = weak ? i + 2 : i;
    if (value[open] === '"') {
      const close = value.indexOf('"', open + 1);
      if (close === -1) break;
      const opaque = value.slice(open, close + 1);
      // etagc: %x21 / %x23-7E / obs-text (no space, no control character, no quote).
      if (/^"[\x21\x23-\x7e\x80-\xff]*"$/.test(opaque)) tags.push({ weak, opaque });
      i = close + 1;
    } else {
      // Not an entity tag: skipped up to the next comma.
      const comma = value.indexOf(',', i);
      i = comma === -1 ? value.length : comma + 1;
    }
  }
  return tags;
}

/**
 * Evaluates `If-Match` (strong comparison: a weak tag never matches) and then `If-None-Match` (weak
 * comparison) against the current representation's strong `etag` (e.g. `"abc"`), for a GET or HEAD:
 * a failed `If-Match` is 412; an `If-None-Match` that matches (or is `*`, the representation existing) is 304.
 */
export function evaluatePreconditions(headers: { 'if-match'?: string; 'if-none-match'?: string }, etag: string): Precondition {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = parseTagList(ifMatch);
    if (tags !== '*' && !tags.some((t) => !t.weak && t.opaque === etag)) return 'failed';
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = parseTagList(ifNoneMatch);
    if (tags === '*' || tags.some((t) => t.opaque === etag)) return 'not_modified';
  }
  return 'proceed';
}
