import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mentionsSecret } from '../observability/logging.js';
import type { RequestStep } from './request-steps.js';

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Random bytes drawn 4 KB at a time and written in hex at once: an id's random part is then the next 20 hex
// digits (10 bytes), a slice of that text (a call into Buffer per id cost twice as much; a UUID more).
const pool = Buffer.alloc(4000);
let hex = '';
let used = 0;
let stampedAt = -1;
let stamp = '';

/**
 * A fresh request id, for a request that brings no usable one of its own: `req_`, the time in milliseconds
 * (48 bits) and 80 random bits, in hex (as a UUIDv7 orders its fields). Ids made later sort after earlier
 * ones, so the request log's index on them grows at its end instead of at a random page of a large table
 * (about a third of the cost of recording a request once the log holds a few hundred thousand).
 */
export function newRequestId(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = now.toString(16).padStart(12, '0');
  }
  if (used === hex.length) {
    hex = randomFillSync(pool).toString('hex');
    used = 0;
  }
  const id = hex.slice(used, used + 20);
  used += 20;
  return `req_${stamp}${id}`;
}

/**
 * Keeps a caller's well-formed `X-Request-Id`, otherwise makes one. The id is
 * on every log line, so one that carries a secret's prefix is replaced too.
 */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const usable = typeof given === 'string' && CLIENT_ID.test(given) && !mentionsSecret(given);
  return usable ? given : newRequestId();
}

export const requestIdStep: RequestStep = (request, reply) => {
  reply.header('x-request-id', request.id);
  return false;
};
