import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { tracing, type SpanScope, type Tracing } from '../../telemetry/tracing.js';
import { environmentOf } from '../pipeline/environments.js';
import type { GatePrincipal } from '../pipeline/principal.js';

/**
 * A request's server span: the pipeline's `trace` stage (http/pipeline/pipeline.ts), declared only when telemetry is on.
 * Both executors run it: the front door starts the span as a request arrives and ends it when its answer is
 * handed to the connection, or hands it over to the regular path; Fastify's onRequest begins one (or takes over
 * the front door's) and its onResponse ends it. A request's span is a new trace, never under whatever ran before
 * on its connection's turn, unless the caller sent a `traceparent`. The span is active while the request is handled (the
 * onRequest hook runs the steps, and Fastify what follows them, inside it; AsyncLocalStorage carries it on to
 * the handler once the body has arrived), so the spans its work starts (statements, Redis commands) are its
 * children.
 */

/** What is known of a request once it is answered, on either path. */
export interface TracedAnswer {
  method: string;
  /** The matched route's path (`/v1/pets/:petId`), or null when none matched. */
  route: string | null;
  /** The contract's operation, when the route has one (the front door knows the operation only). */
  operation: string | null;
  status: number;
  principal: GatePrincipal | undefined;
  requestId: string;
  /** The Error body's code, when the answer is an error. */
  errorCode: string | null;
}

export interface RequestTrace {
  /**
   * Starts a request's span, parented to the caller's `traceparent` when it sent a valid one (the front door: its
   * answer ends the span, or `handOver` leaves it to the regular path).
   */
  start(req: IncomingMessage): SpanScope;
  /** Leaves a span the front door started to the regular path, whose `begin` takes it over. */
  handOver(req: IncomingMessage, span: SpanScope): void;
  /** The request's span on the regular path: the one the front door handed over, or a new one. */
  begin(req: IncomingMessage): SpanScope;
  /** Names the span, sets its attributes and ends it, once the answer is handed to the connection `elapsedMs` after arrival. */
  end(req: IncomingMessage, span: SpanScope, answer: TracedAnswer, elapsedMs: number): void;
}

const SPAN = Symbol('request span');
type Spanned = IncomingMessage & { [SPAN]?: SpanScope };

/** The span of a request on the regular path, once the `trace` stage began one. */
export function requestSpan(req: IncomingMessage): SpanScope | undefined {
  return (req as Spanned)[SPAN];
}

/** Route paths as templates, each worked out once: routes are few and fixed once the app is ready. */
const templates = new Map<string, string>();

/** A route's path as OpenTelemetry's `http.route` gives it: parameters in braces, as in the contract. */
export function routeTemplate(url: string): string {
  let template = templates.get(url);
  if (template === undefined) {
    template = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    templates.set(url, template);
  }
  return template;
}

/** What a principal says of itself in a span (keys' Principal; this layer knows no capability, and never a secret). */
interface PrincipalFacts {
  keyId?: unknown;
  projectSlug?: unknown;
}
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The `trace` stage of an app: `routes` maps operations to route paths (the front door's answers name their
 * operation); `observe`, when metrics go over OTLP, records each answered request's duration.
 */
export function requestTrace(
  routes: ReadonlyMap<string, string>,
  observe: ((answer: TracedAnswer, route: string | null, elapsedMs: number) => void) | null = null,
  traces: Tracing = tracing(),
): RequestTrace {
  const start = (req: IncomingMessage): SpanScope => {
    const { traceparent, tracestate } = req.headers;
    return traces.startServerSpan(
      req.method ?? 'HTTP',
      typeof traceparent === 'string' ? traceparent : undefined,
      typeof tracestate === 'string' ? tracestate : undefined,
    );
  };
  return {
    start,
    handOver(req, span) {
      (req as Spanned)[SPAN] = span;
    },
    begin(req) {
      const spanned = req as Spanned;
      return (spanned[SPAN] ??= start(req));
    },
    end(req, span, answer, elapsedMs) {
      const route =
        answer.route !== null ? routeTemplate(answer.route) : answer.operation !== null ? (routes.get(answer.operation) ?? null) : null;
      const { method, status } = answer;
      const principal = answer.principal as PrincipalFacts | undefined;
      span.served({
        method,
        route,
        status,
        requestId: answer.requestId,
        environment: environmentOf(req),
        project: text(principal?.projectSlug),
        keyId: text(principal?.keyId),
      });
      if (status >= 500)
        span.fail(new Error(answer.errorCode === null ? `HTTP ${String(status)}` : `${String(status)} ${answer.errorCode}`));
      span.end();
      if (observe !== null) observe(answer, route, elapsedMs);
    },
  };
}

/**
 * The route path of each operation, as routes are registered (called before any is): the front door's answers
 * name their operation only.
 */
export function operationRoutes(app: FastifyInstance): Map<string, string> {
  const routes = new Map<string, string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const operation = route.schema?.operationId;
    if (operation !== undefined) routes.set(operation, routeTemplate(route.url));
  });
  return routes;
}
