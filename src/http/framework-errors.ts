import type { FastifyReply, FastifyRequest } from 'fastify';
import { rejectWithoutKey } from './auth.js';
import { sendError, toApiError } from './error-handler.js';
import { ApiError } from './errors.js';
import { isApiUrl } from './request-steps.js';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is malformed: it has a percent-encoded sequence that does not decode.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is longer than 200 characters.',
};

/** What a /v1 request goes through before it is answered: its key is resolved, then it is counted. */
export interface ApiGate {
  resolvePrincipal(request: FastifyRequest): void | Promise<void>;
  /** Resolves true when it answered the request (429). */
  meter(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Fastify answers a URL it cannot route (bad percent-encoding, an over-long
 * path parameter) without running any hook. This handler (Fastify's
 * `frameworkErrors` option) answers it like every other request: request id,
 * and for /v1 URLs the key, the rate limit and its headers, then the Error
 * body. The gate is set once the app has built it.
 */
export function frameworkErrorHandler(gate: { current?: ApiGate }) {
  const answer = async (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
    const steps = gate.current;
    if (steps && isApiUrl(request.url)) {
      // This request object is built outside the routes, without the app's request decorations.
      request.principal = null;
      await steps.resolvePrincipal(request);
      if (await steps.meter(request, reply)) return;
      if (rejectWithoutKey(request, reply)) return;
    }
    const message = MESSAGES[(error as { code?: string }).code ?? ''];
    sendError(reply, message ? new ApiError('bad_request', message) : toApiError(error));
  };
  return (error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    answer(error, request, reply).catch((err: unknown) => {
      request.log.error({ err }, 'answering a request Fastify could not route failed');
      if (!reply.sent) sendError(reply, toApiError(err));
    });
  };
}
