/**
 * The seam between Petstore and OpenTelemetry. Every capability that makes a span (a request, a database
 * statement, a Redis command, a webhook delivery, an ACME order, a backup) calls `tracing()`; with telemetry
 * off that is `noTracing`, which loads nothing and allocates nothing, and no `@opentelemetry` module is ever
 * imported. When OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set, the server installs the
 * OpenTelemetry-backed implementation once at start, before storage opens.
 *
 * Hot paths check `enabled` first, so that with telemetry off they build no names, attributes or closures.
 */

/** A span's attributes: OpenTelemetry's primitive values (undefined ones are left out). */
export type SpanAttributes = Readonly<Record<string, string | number | boolean | undefined>>;

/** A request as its server span records it once answered: the span's name and attributes come from it alone. */
export interface ServedRequest {
  readonly method: string;
  /** The matched route's template (`/v1/pets/{petId}`), or null when none matched. */
  readonly route: string | null;
  readonly status: number;
  readonly requestId: string;
  readonly environment: string;
  readonly project: string | undefined;
  readonly keyId: string | undefined;
}

/** A served request's span name: `METHOD route`, or the method alone when no route matched. */
export const servedName = (request: ServedRequest): string =>
  request.route === null ? request.method : `${request.method} ${request.route}`;

/** The attributes a served request's span shares with every other of the same method, route, status and environment. */
export function servedSharedAttributes(request: ServedRequest): SpanAttributes {
  const { method, route, status, environment } = request;
  return {
    'http.request.method': method,
    'http.route': route ?? undefined,
    'http.response.status_code': status,
    'petstore.environment': environment,
    'error.type': status >= 500 ? String(status) : undefined,
  };
}

/** The keys of a served request's own attributes. */
export const SERVED_OWN_KEYS = { requestId: 'petstore.request_id', project: 'petstore.project', keyId: 'petstore.key_id' } as const;

/** Every attribute of a served request's span: the shared ones and the request's own (its id, project and key). */
export function servedAttributes(request: ServedRequest): SpanAttributes {
  return {
    ...servedSharedAttributes(request),
    [SERVED_OWN_KEYS.requestId]: request.requestId,
    [SERVED_OWN_KEYS.project]: request.project,
    [SERVED_OWN_KEYS.keyId]: request.keyId,
  };
}

export interface SpanScope {
  /** The span's W3C trace id (32 hex digits); '' when the span is not recorded. */
  readonly traceId: string;
  /** The span's id (16 hex digits); '' when the span is not recorded. */
  readonly spanId: string;
  setAttributes(attributes: SpanAttributes): void;
  /** Names a server span and sets its attributes from the request it answered (once its route and answer are known). */
  served(request: ServedRequest): void;
  /** Marks the span failed, with the error recorded as an exception event. */
  fail(err: unknown): void;
  /** Ends the span; later calls do nothing. */
  end(): void;
}

export interface SpanOptions {
  kind?: 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  attributes?: SpanAttributes;
  /** Other spans this one follows from, as W3C `traceparent` values (a delivery's link to the request that caused its event). */
  links?: readonly string[];
  /** Starts a new trace instead of a child of the active span (work that outlives its cause: a webhook delivery). */
  root?: boolean;
  /** The parent as a W3C `traceparent` value (a caller's header); ignored when malformed. */
  parent?: string;
  /** The caller's W3C `tracestate` value, continued with `parent` (ignored without a valid one). */
  tracestate?: string;
}

export interface Tracing {
  readonly enabled: boolean;
  /**
   * Runs `fn` in a new span, active for everything `fn` starts (child spans nest under it). The span ends when
   * `fn` returns or, when it returns a promise, when that settles; it is marked failed when `fn` throws or rejects.
   */
  inSpan<T>(name: string, options: SpanOptions, fn: (span: SpanScope) => T): T;
  /** Starts a span the caller ends; not made active. */
  startSpan(name: string, options: SpanOptions): SpanScope;
  /**
   * Starts a request's server span, which the caller ends once its answer is sent: in the caller's trace when its
   * `traceparent` is valid (with its `tracestate`), otherwise in a new one, never under the active span; not made active.
   */
  startServerSpan(name: string, traceparent: string | undefined, tracestate: string | undefined): SpanScope;
  /** Runs `fn` with `span` active, so the spans `fn` starts are its children. */
  withActive<T>(span: SpanScope, fn: () => T): T;
  /** The active span's `traceparent` value (kept with what outlives the request, to link to it later), or null. */
  activeTraceparent(): string | null;
  /**
   * Runs `fn` with no span active: for background work a request merely sets going (a worker woken, a batch
   * scheduled), so its timers and statements do not join that request's trace.
   */
  detached<T>(fn: () => T): T;
}

const NO_SPAN: SpanScope = {
  traceId: '',
  spanId: '',
  setAttributes: () => undefined,
  served: () => undefined,
  fail: () => undefined,
  end: () => undefined,
};

/** Telemetry off: spans cost a function call. */
export const noTracing: Tracing = {
  enabled: false,
  inSpan: (_name, _options, fn) => fn(NO_SPAN),
  startSpan: () => NO_SPAN,
  startServerSpan: () => NO_SPAN,
  withActive: (_span, fn) => fn(),
  activeTraceparent: () => null,
  detached: (fn) => fn(),
};

let installed: Tracing = noTracing;

/** The process's tracing: `noTracing` unless the server installed OpenTelemetry at start. */
export function tracing(): Tracing {
  return installed;
}

/** Installs the process's tracing (the server, once, at start; tests restore `noTracing` after). */
export function installTracing(implementation: Tracing): void {
  installed = implementation;
}
