import type { FastifyInstance } from 'fastify';
import { Server as NetServer, type Socket } from 'node:net';
import { ApiError } from '../errors/errors.js';
import { sendError } from '../errors/error-handler.js';
import type { RequestStep } from '../pipeline/request-steps.js';

/** The drain state the front door (http/pipeline/front-door.ts) shares with the regular path. */
export interface Draining {
  /** The step that counts each request on its connection and, while draining, refuses it. */
  step: RequestStep;
  /** False once the app started closing. */
  accepting(): boolean;
  /** When the app started closing (epoch ms): the shutdown's budget counts from then. */
  closingSince(): number;
}

/** No request on any open connection for this long: the connections left are idle ones, closed then. */
export const QUIET_MS = 250;
/** The longest the drain waits for keep-alive clients to go (a client that keeps sending is answered and told to close). */
export const SETTLE_MAX_MS = 2000;

/**
 * Graceful shutdown. Once the app starts closing, requests already received
 * are finished; requests that still arrive (pipelined, or on a connection
 * that was open) are answered 503 with the Error body; and each response
 * that leaves nothing else pending on its connection carries
 * `Connection: close`, so keep-alive clients cannot hold the process open.
 *
 * A keep-alive connection between two requests is idle to Node, and closing it (as `server.close()` does at
 * once) resets a request its client sent meanwhile: under load, every busy connection has one on the way.
 * So the listener stops accepting connections first, and the open ones are left to their clients, each told
 * to close by its next answer, until none is left or none has sent a request for QUIET_MS (those left are
 * idle: keep-alive clients not sending), at most SETTLE_MAX_MS (a quarter of the shutdown's budget when that
 * is less); only then are idle connections closed.
 */
export function registerDraining(app: FastifyInstance): Draining {
  let draining = false;
  let closingSince = Date.now();
  let lastArrival = 0;
  /** Requests received on a connection and not yet answered. */
  const pending = new WeakMap<Socket, number>();

  app.addHook('preClose', async () => {
    draining = true;
    const started = Date.now();
    closingSince = started;
    lastArrival = started;
    app.log.info('draining: new requests are answered 503');
    const server = app.server;
    if (!server.listening) return;
    // The listener closes; Node's http close (which Fastify calls next) would also close idle connections at once.
    NetServer.prototype.close.call(server);
    const settleMs = Math.min(SETTLE_MAX_MS, app.config.shutdownTimeoutMs / 4);
    const open = () => new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
    while ((await open()) > 0) {
      const now = Date.now();
      if (now - lastArrival >= QUIET_MS || now - started >= settleMs) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
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
    lastArrival = Date.now();
    const headers = { 'retry-after': '1', connection: 'close' };
    sendError(reply, new ApiError('service_unavailable', 'The server is shutting down. Retry the request.', undefined, headers));
    return true;
  };
  return {
    step,
    accepting: () => !draining,
    closingSince: () => closingSince,
  };
}
