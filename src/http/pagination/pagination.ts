import type { FastifyReply } from 'fastify';
import type { CursorCodec, CursorScope } from './cursors.js';
import { ApiError } from '../errors/errors.js';

/** A listing of one project with one filter, and the codec its cursors are signed with. */
export interface Listing extends CursorScope {
  cursors: CursorCodec;
}

/** The last id a cursor points after; one this service did not issue for this listing is a 400 `invalid_cursor`. */
export function positionOf(listing: Listing, cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  const position = listing.cursors.decode(listing, cursor);
  if (position === null) {
    throw new ApiError(
      'invalid_cursor',
      'The cursor was not issued by this service for this listing: take it unchanged from the Link header of the previous page, with the same filter.',
      [{ in: 'query', field: 'cursor', message: 'is not a cursor from a Link header of this listing' }],
    );
  }
  return position;
}

/**
 * Returns the page and, when more items follow, announces the next page in a
 * `Link: <…>; rel="next"` header that keeps the other query parameters.
 * `rows` holds up to limit + 1 items: the extra one only proves there is more.
 */
export function page<T extends { id: bigint }>(
  reply: FastifyReply,
  rows: T[],
  opts: { limit: number; path: string; listing: Listing; query: Record<string, string | undefined> },
): T[] {
  if (rows.length <= opts.limit) return rows;
  const items = rows.slice(0, opts.limit);
  const last = items[items.length - 1];
  if (last) announceNext(reply, { ...opts, lastId: last.id });
  return items;
}

/** The `Link` value for the page after `lastId`: `<path?limit=…&…&cursor=…>; rel="next"`, keeping `limit` and the other query parameters. */
export function nextLink(opts: {
  limit: number;
  path: string;
  listing: Listing;
  query: Record<string, string | undefined>;
  lastId: bigint;
}): string {
  const params = new URLSearchParams();
  params.set('limit', String(opts.limit));
  for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) params.set(k, v);
  params.set('cursor', opts.listing.cursors.encode(opts.listing, opts.lastId));
  return `<${opts.path}?${params.toString()}>; rel="next"`;
}

/** Sets `Link: <…>; rel="next"` for the page after `lastId` (`nextLink`). */
export function announceNext(
  reply: FastifyReply,
  opts: { limit: number; path: string; listing: Listing; query: Record<string, string | undefined>; lastId: bigint },
): void {
  reply.header('link', nextLink(opts));
}
