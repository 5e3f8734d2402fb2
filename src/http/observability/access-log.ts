import { hostname } from 'node:os';
import type { Socket } from 'node:net';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { arrivedUrl } from '../pipeline/environments.js';
import type { LogSink } from './log-sink.js';
import { redactKeys } from './logging.js';
import { requestSpan } from './request-trace.js';
import { tracing, type SpanScope } from '../../telemetry/tracing.js';

/** What an access-log line tells of a request: a FastifyRequest, or the same read from the raw request. */
export interface LoggedRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  host: string | undefined;
  ip: string | undefined;
  socket: Pick<Socket, 'remotePort'>;
}

const loggedFields = (r: FastifyRequest): LoggedRequest => ({
  method: r.method,
  url: r.url,
  headers: r.headers,
  host: r.host,
  ip: r.ip,
  socket: r.socket,
});

/** A string as JSON: most URLs and hosts need no escaping, and checking is cheaper than JSON.stringify. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f-\uffff]/;
function json(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** Method, URL and Host as JSON fields, kept for the URLs and hosts seen most (clients repeat them). */
const TARGETS = new Map<string, string>();
const MAX_TARGETS = 1000;
/** The last target, compared before the map is asked: building and hashing its key cost more. */
let last = { method: '', url: '', host: undefined as string | undefined, json: '' };

function targetJson(method: string, url: string, host: string | undefined): string {
  if (url === last.url && host === last.host && method === last.method) return last.json;
  const json = targetJsonOf(method, url, host);
  last = { method, url, host, json };
  return json;
}

function targetJsonOf(method: string, url: string, host: string | undefined): string {
  const key = host === undefined ? `${method} ${url}` : `${method} ${url} ${host}`;
  let out = TARGETS.get(key);
  if (out === undefined) {
    // A method is an HTTP token: nothing in it needs escaping.
    out = `"method":"${method}","url":${json(redactKeys(url))}`;
    if (host !== undefined) out += `,"host":${json(redactKeys(host))}`;
    if (TARGETS.size >= MAX_TARGETS) TARGETS.clear();
    TARGETS.set(key, out);
  }
  return out;
}

/**
 * The `req` object pino's serializer (`requestSerializer`) gives, as JSON: the
 * same fields in the same order, absent ones left out.
 */
function requestJson(request: LoggedRequest): string {
  const version = request.headers['accept-version'];
  if (version !== undefined) {
    const host = request.host === undefined ? '' : `,"host":${json(redactKeys(request.host))}`;
    return withAddress(
      request,
      `{${targetJson(request.method, request.url, undefined)},"version":${json(redactKeys(String(version)))}${host}`,
    );
  }
  // A connection's port does not change: its last request's JSON is kept on it, for its next request to the same
  // target from the same address (behind a trusted proxy, one connection carries many clients' addresses).
  const target = targetJson(request.method, request.url, request.host);
  const socket = request.socket as LoggedRequest['socket'] & { [LAST_JSON]?: KeptJson };
  const kept = socket[LAST_JSON];
  if (kept !== undefined && kept.target === target && kept.ip === request.ip) return kept.json;
  const out = withAddress(request, `{${target}`);
  socket[LAST_JSON] = { target, ip: request.ip, json: out };
  return out;
}

interface KeptJson {
  target: string;
  ip: string | undefined;
  json: string;
}

const LAST_JSON = Symbol('access-log request json');

/** The request's fields so far (`head`), then its address and port, closed. */
function withAddress(request: LoggedRequest, head: string): string {
  let out = head;
  // An address has no character JSON escapes.
  if (request.ip !== undefined) out += `,"remoteAddress":"${request.ip}"`;
  const port = request.socket.remotePort;
  if (port !== undefined) out += `,"remotePort":${String(port)}`;
  return `${out}}`;
}

/** `Date.now()` as text, made once per millisecond. */
let lastMs = 0;
let lastMsText = '0';
function nowText(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastMsText = String(now);
  }
  return lastMsText;
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
 * running server, this way a few (docs/performance.md). Keys in the URL or
 * Host are scrubbed as the serializer pino uses for the other lines does.
 * `responseTime` is given to the microsecond: a double's every digit took
 * longer to write than the rest of the line's values together.
 */
export class AccessLog extends LogController {
  private readonly prefix = `{"level":30,"time":`;
  private readonly base: string;
  /** Telemetry on (installed before the app is built): lines name the request's span. */
  private readonly traced = tracing().enabled;

  constructor(
    private readonly sink: LogSink,
    private readonly infoEnabled: boolean,
    /** With WORKERS > 1, the worker whose lines these are. */
    worker?: number,
  ) {
    super();
    const which = worker === undefined ? '' : `,"worker":${String(worker)}`;
    this.base = `,"pid":${String(process.pid)},"hostname":${JSON.stringify(hostname())}${which},"reqId":`;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    // A staging request routed by its path is logged with the URL it arrived with (`/staging/v1/…`).
    const arrived = arrivedUrl(request.raw);
    const logged: LoggedRequest = arrived === request.url ? request : { ...loggedFields(request), url: arrived };
    this.completed(request.id, logged, reply.statusCode, reply.elapsedTime, this.traced ? requestSpan(request.raw) : undefined);
  }

  /**
   * The line of a request answered without Fastify (http/pipeline/front-door.ts). `id` is one `genReqId` gave: nothing in it
   * needs escaping. With telemetry on, the line carries the request span's `trace_id` and `span_id`.
   */
  completed(id: string, request: LoggedRequest, status: number, elapsedMs: number, span?: SpanScope): void {
    if (!this.infoEnabled) return;
    // Ids are hex digits: nothing to escape.
    const ids = span === undefined || span.traceId === '' ? '' : `,"trace_id":"${span.traceId}","span_id":"${span.spanId}"`;
    this.sink.write(
      `${this.prefix}${nowText()}${this.base}"${id}"${ids},"req":${requestJson(request)},` +
        `"res":{"statusCode":${String(status)}},"responseTime":${String(Math.round(elapsedMs * 1000) / 1000)},"msg":"request completed"}\n`,
    );
  }
}
