import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mentionsSecret } from './logging.js';
import type { RequestStep } from './request-steps.js';

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Random bytes drawn 4 KiB at a time: an id is then 16 of them in hex, about a quarter of the cost of a UUID without its dashes.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A fresh request id (`req_` and 128 random bits in hex), for a request that brings no usable one of its own. */
export function newRequestId(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const id = pool.toString('hex', used, used + 16);
  used += 16;
  return `req_${id}`;
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
