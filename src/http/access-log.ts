import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * At info, one access-log line per request, written when the response is
 * finished: request id, method, URL, client address, status and response time.
 * The line on arrival ("incoming request") is at debug: written at info for
 * every request, as Fastify does by default, it doubled the logging cost of
 * every request (see README "Performance").
 */
class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export const accessLog = (): LogController => new AccessLog();
