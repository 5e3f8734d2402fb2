import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { tracing, type SpanOptions, type SpanScope, type Tracing } from '../../telemetry/tracing.js';
import { environmentOf } from '../pipeline/environments.js';
import type { GatePrincipal } from '../pipeline/principal.js';

/**
 * A request's server span: the pipeline's `trace` stage (http/pipeline/pipeline.ts), declared only when telemetry is on.
 * Both executors run it: the front door begins the span as a request arrives and ends it when its answer is
 * handed to the connection; Fastify's onRequest begins it (or takes over the front door's, for a request the
 * front door left to it) and its onResponse ends it. The span is active while the request is handled (the
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
  /** Starts the request's span, parented to the caller's `traceparent` when it sent a valid one; the front door's when it began one. */
  begin(req: IncomingMessage): SpanScope;
  /** Names the span, sets its attributes and ends it, once the answer is handed to the connection. */
  end(req: IncomingMessage, span: SpanScope, answer: TracedAnswer): void;
}

const SPAN = Symbol('request span');
const STARTED = Symbol('request span started');
type Spanned = IncomingMessage & { [SPAN]?: SpanScope; [STARTED]?: number };

/** The span of a request, once the `trace` stage began one. */
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

/** A request's span without a caller's trace context: a new trace, never under whatever ran before on its connection's turn. */
const NEW_TRACE: SpanOptions = { kind: 'server', root: true };

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
  return {
    begin(req) {
      const spanned = req as Spanned;
      const begun = spanned[SPAN];
      if (begun !== undefined) return begun;
      const { traceparent, tracestate } = req.headers;
      const span = traces.startSpan(
        req.method ?? 'HTTP',
        typeof traceparent === 'string'
          ? { ...NEW_TRACE, parent: traceparent, tracestate: typeof tracestate === 'string' ? tracestate : undefined }
          : NEW_TRACE,
      );
      spanned[SPAN] = span;
      spanned[STARTED] = performance.now();
      return span;
    },
    end(req, span, answer) {
      const route =
        answer.route !== null ? routeTemplate(answer.route) : answer.operation !== null ? (routes.get(answer.operation) ?? null) : null;
      const { method, status } = answer;
      const principal = answer.principal as PrincipalFacts | undefined;
      span.rename(route === null ? method : `${method} ${route}`);
      span.setAttributes({
        'http.request.method': method,
        'http.route': route ?? undefined,
        'http.response.status_code': status,
        'petstore.request_id': answer.requestId,
        'petstore.environment': environmentOf(req),
        'petstore.project': text(principal?.projectSlug),
        'petstore.key_id': text(principal?.keyId),
        'error.type': status >= 500 ? String(status) : undefined,
      });
      if (status >= 500)
        span.fail(new Error(answer.errorCode === null ? `HTTP ${String(status)}` : `${String(status)} ${answer.errorCode}`));
      span.end();
      const started = (req as Spanned)[STARTED];
      if (observe !== null && started !== undefined) observe(answer, route, performance.now() - started);
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
