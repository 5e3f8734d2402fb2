import type { FastifyReply } from 'fastify';
import { INT64_MAX, INT64_MIN } from '../contract/primitives.js';
import { ApiError } from './errors.js';

const CURSOR_TEXT = /^([a-z]+):(-?\d{1,20})$/;

/** Opaque cursor: base64url of `<kind>:<last id>`. Clients must not build their own. */
export function encodeCursor(kind: string, lastId: bigint): string {
  return Buffer.from(`${kind}:${lastId.toString()}`).toString('base64url');
}

/** The last id a cursor points after; a cursor of another kind or not ours is a 400. */
export function decodeCursor(kind: string, cursor: string): bigint {
  const m = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const id = m && m[1] === kind && Buffer.from(cursor, 'base64url').toString('base64url') === cursor ? BigInt(m[2] ?? '') : null;
  if (id === null || id < INT64_MIN || id > INT64_MAX) {
    throw new ApiError('validation_failed', 'Invalid request: cursor is not one this service issued.', [
      { in: 'query', field: 'cursor', message: 'is not a cursor from a Link header of this listing' },
    ]);
  }
  return id;
}

/**
 * Returns the page and, when more items follow, announces the next page in a
 * `Link: <…>; rel="next"` header that keeps the other query parameters.
 * `rows` holds up to limit + 1 items: the extra one only proves there is more.
 */
export function page<T extends { id: bigint }>(
  reply: FastifyReply,
  rows: T[],
  opts: { limit: number; path: string; kind: string; query: Record<string, string | undefined> },
): T[] {
  if (rows.length <= opts.limit) return rows;
  const items = rows.slice(0, opts.limit);
  const last = items[items.length - 1];
  if (last) announceNext(reply, { ...opts, lastId: last.id });
  return items;
}

/** Sets `Link: <…>; rel="next"` for the page after `lastId`, keeping `limit` and the other query parameters. */
export function announceNext(
  reply: FastifyReply,
  opts: { limit: number; path: string; kind: string; query: Record<string, string | undefined>; lastId: bigint },
): void {
  const params = new URLSearchParams();
  params.set('limit', String(opts.limit));
  for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) params.set(k, v);
  params.set('cursor', encodeCursor(opts.kind, opts.lastId));
  reply.header('link', `<${opts.path}?${params.toString()}>; rel="next"`);
}
