import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError, toApiError } from './error-handler.js';
import { ApiError } from './errors.js';
import { GATE_KINDS, type Pipeline } from '../pipeline/pipeline.js';
import { isApiUrl, runSteps } from '../pipeline/request-steps.js';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is malformed: it has a percent-encoded sequence that does not decode.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is longer than 200 characters.',
};

/**
 * Fastify answers a URL it cannot route (bad percent-encoding, an over-long
 * path parameter) without running any hook. This handler (Fastify's
 * `frameworkErrors` option) answers it like every other request: request id,
 * and for /v1 URLs the pipeline's identify, record, admit and authorize stages
 * (the key, the usage count, the rate limit and its headers, the 401), then the Error body. The
 * draining step is left out: it counts requests per socket in a hook whose
 * counterpart never runs for these requests.
 */
export function frameworkErrorHandler(pipeline: () => Pipeline) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', request.id);
    const answer = () => {
      const message = MESSAGES[(error as { code?: string }).code ?? ''];
      sendError(reply, message ? new ApiError('bad_request', message) : toApiError(error));
    };
    if (!isApiUrl(request.url)) return answer();
    runSteps(
      pipeline().requestSteps(GATE_KINDS),
      request,
      reply,
      { needsKey: true, deprecation: undefined, config: {} },
      (err, answered) => {
        if (err) {
          request.log.error({ err }, 'answering a request Fastify could not route failed');
          if (!reply.sent) sendError(reply, toApiError(err));
        } else if (!answered) answer();
      },
    );
  };
}
