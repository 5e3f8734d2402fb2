import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { requestSerializer } from './logging.js';

/** Where log lines go: the same destination pino writes to. */
export interface LogSink {
  write(line: string): unknown;
}

/**
 * At info, one access-log line per request, written when the response is
 * finished: request id, method, URL, host, client address, status and
 * response time. The line on arrival ("incoming request") is at debug:
 * written at info for every request, as Fastify does by default, it doubled
 * the logging cost of every request (see docs/performance.md).
 *
 * The completion line has exactly the fields and order pino would write, but
 * is put together here and written straight to the log destination: through
 * pino's serializers and redaction it cost about 15 µs per request in the
 * running server, this way 3-8 µs (docs/performance.md; a microbenchmark of
 * building and writing it: 2.5 µs). Keys in the URL or Host are scrubbed by
 * the same serializer pino uses for the other lines.
 */
class AccessLog extends LogController {
  private readonly prefix = `{"level":30,"time":`;
  private readonly base = `,"pid":${String(process.pid)},"hostname":${JSON.stringify(hostname())},"reqId":`;

  constructor(
    private readonly sink: LogSink,
    private readonly infoEnabled: boolean,
  ) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (!this.infoEnabled) return;
    this.sink.write(
      `${this.prefix}${String(Date.now())}${this.base}${JSON.stringify(request.id)},"req":${JSON.stringify(requestSerializer(request))},` +
        `"res":{"statusCode":${String(reply.statusCode)}},"responseTime":${String(reply.elapsedTime)},"msg":"request completed"}\n`,
    );
  }
}

export const accessLog = (sink: LogSink, infoEnabled: boolean): LogController => new AccessLog(sink, infoEnabled);
