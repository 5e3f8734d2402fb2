/**
 * The `cursor` of the `rel="next"` link in a `Link` header (RFC 8288), or null
 * when there is none (the last page).
 */
export function nextCursor(link: string | null, base: string): string | null {
  if (link === null) return null;
  for (const match of link.matchAll(/<([^>]*)>([^,]*)/g)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return new URL(match[1] ?? '', base).searchParams.get('cursor');
  }
  return null;
}
