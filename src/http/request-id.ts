import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's well-formed `X-Request-Id`, otherwise makes one. */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_ID.test(given) ? given : `req_${randomUUID().replace(/-/g, '')}`;
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
