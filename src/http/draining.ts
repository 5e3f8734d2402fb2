import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';
import type { RequestStep } from './request-steps.js';

/** The drain state the front door (http/front-door.ts) shares with the regular path. */
export interface Draining {
  /** The step that counts each request on its connection and, while draining, refuses it. */
  step: RequestStep;
  /** False once the app started closing. */
  accepting(): boolean;
}

/**
 * Graceful shutdown. Once the app starts closing, requests already received
 * are finished; requests that still arrive (pipelined, or on a connection
 * that was open) are answered 503 with the Error body; and each response
 * that leaves nothing else pending on its connection carries
 * `Connection: close`, so keep-alive clients cannot hold the process open.
 */
export function registerDraining(app: FastifyInstance): Draining {
  let draining = false;
  /** Requests received on a connection and not yet answered. */
  const pending = new WeakMap<Socket, number>();

  app.addHook('preClose', (done) => {
    draining = true;
    app.log.info('draining: new requests are answered 503');
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining && (pending.get(request.raw.socket) ?? 0) <= 1) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket;
    pending.set(socket, Math.max(0, (pending.get(socket) ?? 1) - 1));
    done();
  });
  const step: RequestStep = (request, reply) => {
    const socket = request.raw.socket;
    pending.set(socket, (pending.get(socket) ?? 0) + 1);
    if (!draining) return false;
    const headers = { 'retry-after': '1', connection: 'close' };
    sendError(reply, new ApiError('service_unavailable', 'The server is shutting down. Retry the request.', undefined, headers));
    return true;
  };
  return {
    step,
    accepting: () => !draining,
  };
}
