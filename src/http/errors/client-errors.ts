import { maxHeaderSize, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { rawErrorResponse, sendError } from './error-handler.js';
import { ApiError } from './errors.js';
import { newRequestId } from '../pipeline/request-id.js';
import type { RequestStep } from '../pipeline/request-steps.js';

/** How long an answered connection may keep sending before it is closed anyway. */
const LINGER_MS = 2000;

/** Node's parser errors carry a fixed English `reason` from llhttp (never request bytes), e.g. "Invalid header token". */
type ClientError = Error & { code?: string; reason?: unknown };

const REASON = /^[\x20-\x7e]{1,120}$/;

function parserReason(error: ClientError): string | undefined {
  return typeof error.reason === 'string' && REASON.test(error.reason) ? error.reason : undefined;
}

/** The answer for a Node `clientError`: 431, 408, or 400 naming what the parser rejected. */
export function clientErrorAnswer(error: ClientError): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('request_header_fields_too_large', `The request header section is larger than ${String(maxHeaderSize)} bytes.`);
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('request_timeout', 'The request was not received in time; the connection is closed.');
  }
  const reason = parserReason(error);
  return new ApiError('bad_request', reason ? `The HTTP request is malformed: ${reason}.` : 'The HTTP request is malformed.');
}

const REPLY = Symbol('petstore.reply');
type TrackedResponse = ServerResponse & { [REPLY]?: FastifyReply };

/**
 * Lets `clientErrorHandler` find the reply of a request whose body is still
 * arriving when its time is up. Kept on the response, which lives as long as
 * the request, not on the connection, which would keep the last request alive.
 */
export const rememberReplyStep: RequestStep = (_request, reply) => {
  (reply.raw as TrackedResponse)[REPLY] = reply;
  return false;
};

/**
 * Fastify's `clientErrorHandler`: answers a request Node's HTTP parser
 * rejected (bad framing, oversized headers, a request that took too long)
 * with the Error body instead of Fastify's own, then closes the connection.
 * A request whose head was parsed is answered through its reply; otherwise
 * no request object exists, and the response is written to the socket
 * directly. Fastify calls it with `this` bound to the instance.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: ClientError, socket: Socket): void {
  // A reset connection is already gone (Node's documentation for 'clientError').
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    socket.destroy();
    return;
  }
  // Already answered: the parser keeps failing on what the client still sends until the connection closes.
  if (socket.writableEnded) return;
  const answer = clientErrorAnswer(error);
  const inFlight = (socket as Socket & { _httpMessage?: TrackedResponse | null })._httpMessage;
  // The request in flight was received whole: the bytes that failed are the next request's (a body longer
  // than its Content-Length). That request is answered as usual, then the bytes get their own 400.
  if (inFlight && (inFlight as ServerResponse & { req?: { complete?: boolean } }).req?.complete === true) {
    const requestId = newRequestId();
    this.log.debug(
      { reqId: requestId, code: error.code, reason: parserReason(error), status: answer.status },
      'malformed HTTP request after a complete one; connection closed after its response',
    );
    afterResponses(socket, () => endWithError(socket, answer, requestId));
    return;
  }
  // A request Fastify has taken in (its body was still arriving) is answered through its reply,
  // so it keeps its request id and limit headers and is logged and counted with the status sent.
  const reply = inFlight?.[REPLY];
  const requestId = reply?.request.id ?? newRequestId();
  // The code and the parser's fixed reason only: the request bytes (error.rawPacket) may carry an API key.
  this.log.debug(
    { reqId: requestId, code: error.code, reason: parserReason(error), status: answer.status },
    'malformed HTTP request; connection closed',
  );
  // As Node does by default: answer only if nothing of a response on this connection has been written yet.
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  if (reply && !reply.sent) {
    sendError(reply, new ApiError(answer.code, answer.message, undefined, { ...answer.headers, connection: 'close' }));
    return;
  }
  endWithError(socket, answer, requestId);
}

type Connection = Socket & { _httpMessage?: ServerResponse | null };

/** Calls `then` once every response of the connection's earlier requests has been written (not if it closes first). */
function afterResponses(socket: Connection, then: () => void): void {
  const current = socket._httpMessage;
  if (current === null || current === undefined || current.writableFinished) {
    if (!socket.destroyed && socket.writable) then();
    return;
  }
  // A pipelined response queued behind this one becomes the connection's next: look again once it is out.
  current.once('finish', () => setImmediate(() => afterResponses(socket, then)));
  current.once('close', () => setImmediate(() => afterResponses(socket, then)));
}

/** Writes a complete Error response to a connection that has no reply object, and closes it. */
export function endWithError(socket: Socket, answer: ApiError, requestId: string): void {
  // end() rather than destroy(): closing with unread request bytes would reset the connection and could
  // discard the answer before the client reads it. The timer bounds a client that keeps sending.
  socket.end(rawErrorResponse(answer, requestId));
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
