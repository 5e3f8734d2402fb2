import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessLog } from '../observability/access-log.js';
import { arrivedUrl, environmentOf, type Environment, type EnvironmentRoutes } from './environments.js';
import { hostHeaderProblem, hostnameOf } from './host-header.js';
import type { RequestTrace } from '../observability/request-trace.js';
import { tracing, type SpanScope } from '../../telemetry/tracing.js';
import type { GatePrincipal } from './principal.js';

/** What an early step sees of a request: a GET or HEAD without a body, its host already parsed. */
export interface EarlyRequest {
  method: 'GET' | 'HEAD';
  /** The URL to route: a staging request's without its staging prefix (http/pipeline/environments.ts). */
  url: string;
  /** The environment the request's address names. */
  environment: Environment;
  headers: IncomingMessage['headers'];
  /** Lowercase, without port or a final dot (as `siteHostname` gives it). */
  hostname: string;
  /** Arrived over TLS (the custom-domain listener). */
  secure: boolean;
  /** Header names and values as received (`req.rawHeaders`); without them no API step answers (`isPlainApiRequest`). */
  rawHeaders?: readonly string[];
}

/** A whole answer from memory. */
export interface EarlyAnswer {
  status: number;
  /** Name, value, name, value… (lower-case names; Content-Length included), as `writeHead` takes them. */
  headers: readonly string[];
  /** Null for HEAD and 304. */
  body: Buffer | string | null;
  /** The metrics label of the answer (as `request.answeredAs` on the regular path). */
  operation: string;
  /** The principal of the key that was identified (the `identify` stages), for an API answer. */
  principal?: GatePrincipal;
}

/** A step's "the regular path must handle this one": one of its request steps would act on it. */
export const REGULAR = Symbol('regular');

/**
 * One capability's look at a request before Fastify sees it: an answer it can
 * give from memory, exactly as its request step would; `REGULAR` when the
 * request needs the regular path (a redirect, a file not in memory); null
 * when it has nothing to say (the next step looks). A promise when the answer
 * awaits storage (pets on PostgreSQL): it settles to the answer, to `REGULAR`,
 * or to a `FallThrough`; the steps after it are not asked.
 */
export type EarlyStep = (
  request: EarlyRequest,
) => EarlyAnswer | typeof REGULAR | null | Promise<EarlyAnswer | typeof REGULAR | FallThrough>;

/** An answer that awaits and was counted, then left to the regular path: the limit headers it was admitted with. */
export interface FallThrough {
  admitted: readonly string[];
}

/**
 * Set on a request that an answer which awaits has counted (the limiter admitted it) before falling
 * through to the regular path: the limit headers it got, which the meter sets instead of counting again.
 */
export const ADMITTED = Symbol('admitted');
export type AdmittedRequest = IncomingMessage & { [ADMITTED]?: readonly string[] };

/** What the front door needs besides its steps: the regular path's request id, its drain state and proxy setting. */
export interface FrontDoorParts {
  steps: () => readonly EarlyStep[];
  /** A request id from the request's `X-Request-Id` or a new one (as Fastify's `genReqId`). */
  requestId: (req: IncomingMessage) => string;
  /** False while the app drains: every request then takes the regular path (and is answered 503). */
  accepting: () => boolean;
  /** TRUST_PROXY: a request with forwarded headers takes the regular path, which reads them. */
  trustProxy: boolean;
  /** The pipeline's `trace` stage; null (or absent) when telemetry is off. */
  trace?: () => RequestTrace | null;
}

export interface CompletedRequest {
  req: IncomingMessage;
  id: string;
  status: number;
  operation: string;
  /** Milliseconds from arrival until the whole response was handed to the connection. */
  elapsedMs: number;
  principal: GatePrincipal | undefined;
  /** The request's span, when telemetry is on. */
  span: SpanScope | undefined;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export { hostnameOf };

function withoutBody(headers: IncomingMessage['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** The request as early steps see it, or null when only the regular path may answer it. */
function earlyRequest(req: IncomingMessage, trustProxy: boolean): EarlyRequest | null {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return null;
  const headers = req.headers;
  const host = headers.host;
  if (host === undefined || !withoutBody(headers)) return null;
  // A Host the regular path refuses (host-header.ts) is refused there, with its log line and metrics.
  if (hostHeaderProblem(req) !== null) return null;
  if (trustProxy && (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-host'] !== undefined)) return null;
  return {
    method,
    url: req.url ?? '/',
    environment: environmentOf(req),
    headers,
    hostname: hostnameOf(host),
    secure: (req.socket as Partial<{ encrypted: boolean }>).encrypted === true,
    rawHeaders: req.rawHeaders,
  };
}

/** An early answer waiting for the end of its event-loop turn. */
export interface HeldAnswer {
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  answer: EarlyAnswer;
  start: number;
  /** The request's span, when telemetry is on. */
  span: SpanScope | undefined;
}

/**
 * Early answers written together at the end of the event-loop turn that made
 * them (`setImmediate`: after every request read in the turn's poll phase has
 * been handled). Written one by one as they were made, each woke the client's
 * process on its own and interleaved Node's write path with the next
 * request's parsing: under load about a third of the CPU of an early listPets
 * (docs/performance.md). A response waits at most for the rest of its turn.
 */
export class TurnWrites {
  private held: HeldAnswer[] = [];

  constructor(
    private readonly completed: (done: CompletedRequest) => void,
    /** An answer that could not be written (its connection is closed instead). */
    private readonly failed: (held: HeldAnswer) => void = () => undefined,
  ) {}

  add(answer: HeldAnswer): void {
    if (this.held.length === 0) setImmediate(this.write);
    this.held.push(answer);
  }

  /** Writes what is held now (the app starts closing: no answer may be left for after its connections close). */
  readonly write = (): void => {
    const held = this.held;
    this.held = [];
    for (const one of held) {
      const { req, res, id, answer, start, span } = one;
      try {
        res.writeHead(answer.status, ['x-request-id', id, ...answer.headers]);
        res.end(answer.body ?? undefined);
      } catch {
        // Never expected (the headers are the steps' own): the others are still written; this connection is closed.
        res.destroy();
        this.failed(one);
        continue;
      }
      const { status, operation, principal } = answer;
      this.completed({ req, id, status, operation, elapsedMs: performance.now() - start, principal, span });
    }
  };
}

/**
 * The server's request handler: an early step's answer when one gives it,
 * otherwise Fastify's own handler (`next`), untouched.
 *
 * Only a request whose response has the connection to itself is answered
 * early (`res.socket` is null for one pipelined behind an unfinished response):
 * its whole response is written to the connection at once, at the end of the
 * turn (`TurnWrites`), so it never waits behind another. Until then it is the
 * connection's unfinished response, which closing idle connections spares.
 * Its access-log line and metrics are recorded when the response is handed to
 * the connection, not at 'finish': listening for 'finish' alone cost about
 * 14 µs per request (docs/performance.md).
 */
export function frontDoor(parts: FrontDoorParts, writes: TurnWrites, next: Handler): Handler {
  const traces = tracing();
  /** The regular path, with the request's span when the front door started one (Fastify's takes it over). */
  const regular = (req: IncomingMessage, res: ServerResponse, span: SpanScope | undefined): void => {
    if (span !== undefined) parts.trace?.()?.handOver(req, span);
    next(req, res);
  };
  /** The steps' answer, or the regular path. */
  const answerEarly = (
    req: IncomingMessage,
    res: ServerResponse,
    request: EarlyRequest,
    steps: readonly EarlyStep[],
    start: number,
    span: SpanScope | undefined,
  ): void => {
    let answer: EarlyAnswer | null = null;
    try {
      for (const step of steps) {
        const r = step(request);
        if (r === REGULAR) return regular(req, res, span);
        if (r instanceof Promise) {
          // An answer that awaits storage: written when it comes, or the regular path then (never a crash here).
          r.then(
            (a) => {
              if (a === REGULAR) return regular(req, res, span);
              if ('admitted' in a) {
                (req as AdmittedRequest)[ADMITTED] = a.admitted;
                return regular(req, res, span);
              }
              writes.add({ req, res, id: parts.requestId(req), answer: a, start, span });
            },
            () => regular(req, res, span),
          );
          return;
        }
        if (r !== null) {
          answer = r;
          break;
        }
      }
    } catch {
      // A step that fails leaves the request to the regular path, whose error handling answers it (never a crash here).
      return regular(req, res, span);
    }
    if (answer === null) return regular(req, res, span);
    writes.add({ req, res, id: parts.requestId(req), answer, start, span });
  };
  return (req, res) => {
    const steps = parts.steps();
    if (steps.length === 0 || res.socket === null || !parts.accepting()) return next(req, res);
    const start = performance.now();
    const request = earlyRequest(req, parts.trustProxy);
    if (request === null) return next(req, res);
    const trace = parts.trace?.() ?? null;
    if (trace === null) return answerEarly(req, res, request, steps, start, undefined);
    // The request's span, active while the steps look (an answer that awaits storage makes its statements'
    // spans its children); one the regular path takes over when it is left to it.
    const span = trace.start(req);
    traces.withActive(span, () => answerEarly(req, res, request, steps, start, span));
  };
}

/** Records an early answer in metrics: operation label, method, status, milliseconds. */
type RecordAnswer = (operation: string, method: string, status: number, elapsedMs: number) => void;

/**
 * The early steps of an app and the server handlers that run them. Steps
 * answer the most frequent requests of a published site (a file in the blob
 * cache) before Fastify: no request and reply objects, no hooks, no routing,
 * for about a third of the CPU of such a request (docs/performance.md). Each
 * step must give exactly the answer its request step gives on the regular
 * path; anything else goes on to Fastify unchanged.
 */
export class FrontDoor {
  /** Empty until `open`: a request that arrives while the app starts takes the regular path. */
  private steps: readonly EarlyStep[] = [];
  /** The pipeline's `log` stages, given at `open`. */
  private completed: (call: CompletedCall) => void = () => undefined;
  /** Requests answered early since start (a test can tell which path answered). */
  answered = 0;
  /** Requests received since start, whichever path answers them (the API's load: http/server/api-load.ts). */
  received = 0;
  /** draining.ts's: false once the app started closing (given at `open`). */
  private accepting: () => boolean = () => true;
  /** Records an early answer in metrics, when they are on (given at `open`). */
  private recordAnswer: RecordAnswer | null = null;
  /** The pipeline's `trace` stage, when telemetry is on (given at `open`). */
  private trace: RequestTrace | null = null;

  constructor(
    private readonly options: {
      requestId: (req: IncomingMessage) => string;
      trustProxy: boolean;
      accessLog: AccessLog;
      /** LOG_LEVEL debug or trace: every request takes the regular path, which logs its arrival too. */
      verbose: boolean;
      /** Decides each request's environment before any step looks at it. */
      environments: EnvironmentRoutes;
    },
  ) {}

  /**
   * Starts answering early (the app is ready), with the pipeline's early steps in its order; each answer with
   * a principal goes to its `log` stages as it is handed to the connection, and to metrics when they are on.
   */
  open(
    pipeline: { earlySteps(): EarlyStep[]; completed: (call: CompletedCall) => void; trace(): RequestTrace | null },
    parts: { accepting: () => boolean; recordAnswer: RecordAnswer | null },
  ): void {
    this.completed = pipeline.completed;
    this.trace = pipeline.trace();
    this.accepting = parts.accepting;
    this.recordAnswer = parts.recordAnswer;
    if (this.options.verbose) return;
    this.steps = pipeline.earlySteps();
  }

  /** An early answer that could not be written: its span ends failed (500), as nothing was answered. */
  private readonly abandoned = ({ req, id, answer, start, span }: HeldAnswer): void => {
    if (span === undefined) return;
    const { operation, principal } = answer;
    this.trace?.end(
      req,
      span,
      { method: req.method ?? 'GET', route: null, operation, status: 500, principal, requestId: id, errorCode: null },
      performance.now() - start,
    );
  };

  /** Early answers not yet written, of every server this front door answers for. */
  private readonly writes = new TurnWrites((done) => {
    const { req, id, status, operation, elapsedMs, principal, span } = done;
    this.answered++;
    const method = req.method ?? 'GET';
    this.recordAnswer?.(operation, method, status, elapsedMs);
    if (span !== undefined) {
      this.trace?.end(req, span, { method, route: null, operation, status, principal, requestId: id, errorCode: null }, elapsedMs);
    }
    if (principal !== undefined) {
      const url = req.url ?? '/';
      this.completed({ id, principal, method, url, operation, status, elapsedMs, error: null, traceId: span?.traceId });
    }
    const socket = req.socket;
    const logged = { method, url: arrivedUrl(req), headers: req.headers, host: req.headers.host, ip: socket.remoteAddress, socket };
    this.options.accessLog.completed(id, logged, status, elapsedMs, span);
  }, this.abandoned);

  /** Writes the answers held for the end of this turn now: called as the app starts closing, before its connections close. */
  writeHeld(): void {
    this.writes.write();
  }

  /** A server's request handler: early answers, otherwise `next` (Fastify's `routing`). */
  handler(next: Handler): Handler {
    const { requestId, trustProxy, environments } = this.options;
    const answer = frontDoor(
      { steps: () => this.steps, requestId, accepting: () => this.accepting(), trustProxy, trace: () => this.trace },
      this.writes,
      next,
    );
    return (req, res) => {
      this.received++;
      environments.route(req);
      answer(req, res);
    };
  }
}

export type { GatePrincipal } from './principal.js';

/** A request with a valid key, answered, as both paths describe it to the pipeline's `log` stages (http/pipeline/pipeline.ts). */
export interface CompletedCall {
  id: string;
  principal: GatePrincipal;
  method: string;
  /** The URL routed (a staging request's without its staging prefix). */
  url: string;
  /** The operation answered; null when no route matched. */
  operation: string | null;
  status: number;
  /** Milliseconds from arrival until the response was handed to the connection. */
  elapsedMs: number;
  /** The Error body's code and message, when the answer is an error. */
  error: { code: string; message: string } | null;
  /** The trace the request's span belongs to, when telemetry is on and the span is recorded ('' or absent otherwise). */
  traceId?: string;
}

/** Request headers that change nothing in an API answer; any other header sends the request to the regular path. */
const PLAIN_HEADERS = [
  'host',
  'authorization',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'connection',
  'keep-alive',
  'cache-control',
  'pragma',
  'x-request-id',
  // A caller's trace context: the request's span continues it, on either path.
  'traceparent',
  'tracestate',
];
/** Each plain header by its lower-case name and its usual spelling (`Host`, `User-Agent`, `X-Request-Id`): most need no lower-casing. */
const PLAIN_SPELLINGS = new Map(
  PLAIN_HEADERS.flatMap((name): [string, string][] => [
    [name, name],
    [name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase()), name],
  ]),
);
const PLAIN_HOST = /^[A-Za-z0-9.-]{1,253}(?::(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?$/;

/**
 * True for an API request the front door may answer: one Host line of the
 * plain `name[:port]` form, and no header outside a short list (an `Expect`,
 * an `Accept-Version`, a body header, a forwarded header… all take the
 * regular path, which reads them).
 */
export function isPlainApiRequest(request: EarlyRequest): boolean {
  const raw = request.rawHeaders;
  if (raw === undefined) return false;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const spelled = raw[i] as string;
    const name = PLAIN_SPELLINGS.get(spelled) ?? PLAIN_SPELLINGS.get(spelled.toLowerCase());
    if (name === undefined) return false;
    if (name === 'host' && (++hosts > 1 || !PLAIN_HOST.test(raw[i + 1] as string))) return false;
  }
  return hosts === 1;
}
