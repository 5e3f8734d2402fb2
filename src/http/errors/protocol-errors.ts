import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endWithError } from './client-errors.js';
import { sendError } from './error-handler.js';
import { ApiError } from './errors.js';
import { genReqId } from '../pipeline/request-id.js';
import type { RequestStep } from '../pipeline/request-steps.js';

const EXPECTATION_FAILED = Symbol('petstore.expectationFailed');
type Marked = IncomingMessage & { [EXPECTATION_FAILED]?: true };

/**
 * Node answers some requests itself, with an empty body, before the app sees
 * them: an HTTP/1.1 request without `Host` (400), an `Expect` other than
 * 100-continue (417), and CONNECT (the connection is closed without a word).
 * Here the first two are handed to the app like any request and answered by
 * the returned step, so they get the Error body, a request id, a log line and
 * their metrics. CONNECT to a path (`CONNECT /v1/pets`) is handed to the app
 * too, on a response of its own, and answered as any method a path does not
 * allow: 405 with the path's `Allow`, counted against its quota with the limit
 * headers; then the connection closes (Node has let go of it). CONNECT to an
 * authority (`CONNECT host:443`), a tunnel request, is answered on the socket:
 * 405 with an empty `Allow`, since this server tunnels nothing.
 */
export function registerProtocolErrors(app: FastifyInstance): RequestStep {
  const server = app.server;
  // Node's option, read at each request (missing from @types/node 20).
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on('checkExpectation', (req: Marked, res) => {
    req[EXPECTATION_FAILED] = true;
    server.emit('request', req, res);
  });
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    if (req.url?.startsWith('/')) {
      const res = new ServerResponse(req);
      res.shouldKeepAlive = false;
      res.assignSocket(socket);
      res.on('finish', () => {
        res.detachSocket(socket);
        socket.end();
      });
      server.emit('request', req, res);
      return;
    }
    const requestId = genReqId(req);
    app.log.debug({ reqId: requestId, method: req.method, status: 405 }, 'CONNECT refused; connection closed');
    const answer = new ApiError('method_not_allowed', 'CONNECT is not supported: this server is not a proxy.', undefined, { allow: '' });
    endWithError(socket, answer, requestId);
  });
  return protocolErrorStep;
}

/** Answers the requests Node would have answered with an empty body (see `registerProtocolErrors`). */
const protocolErrorStep: RequestStep = (request, reply) => {
  const raw = request.raw as Marked;
  if (raw[EXPECTATION_FAILED]) {
    sendError(reply, new ApiError('expectation_failed'));
    return true;
  }
  // HTTP/1.1 requires Host (RFC 9112 section 3.2); HTTP/1.0 does not.
  if (raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1) {
    const headers = { connection: 'close' };
    sendError(reply, new ApiError('bad_request', 'An HTTP/1.1 request must have a Host header.', undefined, headers));
    return true;
  }
  return false;
};
