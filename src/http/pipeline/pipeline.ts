import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answeredErrors } from '../errors/error-handler.js';
import {
  isPlainApiRequest,
  type CompletedCall,
  type EarlyAnswer,
  type GatePrincipal,
  type EarlyRequest,
  type EarlyStep,
  type FallThrough,
  type REGULAR,
} from './front-door.js';
import { routeFacts, runSteps, type RequestStep } from './request-steps.js';
import { requestSpan, type RequestTrace, type TracedAnswer } from '../observability/request-trace.js';
import { tracing } from '../../telemetry/tracing.js';

/**
 * The API pipeline: every rule that touches all requests, declared once as a stage of a kind, ordered once
 * by kind, and run by both executors: Fastify's onRequest hook (`request` faces, `registerPipeline`) and the
 * front door (`early` faces, http/pipeline/front-door.ts). The kinds, in the order a request meets them:
 *
 * - `trace`: the request's server span (http/observability/request-trace.ts), begun as it arrives, active while it is handled
 *   and ended once its answer is handed to the connection; declared only when telemetry is on;
 * - `request-id`, `draining`, `host`: the ground floor's (request id, 503 while closing, a bad Host);
 * - `redirect`, `site`: host-level answers (redirect entries and HTTPS upgrades, a published site's files);
 * - `deprecation`: a deprecated route's headers;
 * - `identify`: the key's principal (keys), dropped on a project's own host (deploys);
 * - `record`: a request with a valid key is counted (usage), whatever its answer;
 * - `admit`: the rate limiter counts it and answers 429 when it must wait; metered before a missing key is
 *   answered 401, so key guessing counts against the client's address;
 * - `protocol`: HTTP protocol errors (a missing Host, an unsupported Expect), after metering so they count;
 * - `authorize`: 401 without a valid key, 403 for a read key that writes;
 * - `route`: the matched route's own refusals (410 past its sunset);
 * - `answer`: an answer from memory before Fastify (the front door only; Fastify's is the route handler);
 * - `log`: the answered request, once it is handed to the connection (the request log).
 *
 * Within a kind, stages run in the order they were declared: the ground floor's, then the capabilities' in
 * the composition root's order.
 */
export const STAGE_KINDS = [
  'trace',
  'request-id',
  'draining',
  'host',
  'redirect',
  'site',
  'deprecation',
  'identify',
  'record',
  'admit',
  'protocol',
  'authorize',
  'route',
  'answer',
  'log',
] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

/** The kinds a request Fastify could not route still goes through (see framework-errors.ts). */
export const GATE_KINDS: readonly StageKind[] = ['identify', 'record', 'admit', 'authorize'];

/**
 * The front door's identify: the principal of a request's key when it is known without waiting; null when the
 * regular path must identify it (a key not in the cache, a project's own host); undefined when the stage has
 * nothing to say (the principal comes from another identify stage).
 */
export type EarlyIdentify = (request: EarlyRequest) => GatePrincipal | null | undefined;

/** The front door's admit: counts a request it certainly admits and gives its limit headers; null, having counted nothing, otherwise. */
export interface EarlyAdmit {
  now(principal: GatePrincipal): readonly string[] | null;
  /**
   * `now` for counters that need I/O (Redis). With `versionKey`, also that shared version, read in the same
   * round trip, and whether it is settled: null where none is kept.
   */
  later(
    principal: GatePrincipal,
    versionKey?: string,
  ): Promise<{ headers: readonly string[]; version: string | null; settled: boolean } | null>;
  /** The counters are in another process (workers): `now` answers only from a worker's credit, else an answer read without a promise counts with `later`. */
  remote?: boolean;
}

/** Counts a request with a valid key; `deprecatedOperation` names the operation when it is deprecated (counted per key too). */
export type RecordCall = (principal: GatePrincipal, deprecatedOperation: string | undefined) => void;

/**
 * What an `answer` stage is given to answer an API request before Fastify: the `identify`, `record` and
 * `admit` stages, composed in their order. An answer calls them in the regular path's order (identify, then
 * admit and record once its answer is certain), so it counts exactly what the regular path would have.
 */
export interface ApiStages {
  /** The principal when every identify stage lets the front door answer; null: the regular path. */
  identify(request: EarlyRequest): GatePrincipal | null;
  admit: EarlyAdmit;
  record: RecordCall;
}

/** An answer from memory before Fastify, given the API stages (null when the front door answers no API request). */
export type EarlyAnswerStep = (
  request: EarlyRequest,
  api: ApiStages,
) => EarlyAnswer | typeof REGULAR | null | Promise<EarlyAnswer | typeof REGULAR | FallThrough>;

type RegularKind = 'request-id' | 'draining' | 'host' | 'deprecation' | 'protocol' | 'authorize' | 'route';

/**
 * One rule of the request path. Each kind says which faces it has: a `request` face is a Fastify request step;
 * an `early` face is the same rule for the front door. `identify` and `admit` must say what the front door
 * does (`early: null`: the front door then answers no API request), so no rule is left out of one path.
 * `record`, `log` and `trace` have one face, run by both paths alike.
 */
export type Stage =
  | { kind: RegularKind; request: RequestStep }
  | { kind: 'redirect' | 'site'; request: RequestStep; early: EarlyStep | null }
  | { kind: 'identify'; request: RequestStep; early: EarlyIdentify | null }
  | { kind: 'record'; record: RecordCall }
  | { kind: 'admit'; request: RequestStep; early: EarlyAdmit | null }
  | { kind: 'answer'; early: EarlyAnswerStep }
  | { kind: 'log'; completed: (call: CompletedCall) => void }
  | { kind: 'trace'; trace: RequestTrace };

type StageOf<K extends StageKind> = Extract<Stage, { kind: K }>;

/** A capability's stages, made from what its plugin decorated the app with (called once every plugin is registered). */
export type StagesOf = (app: FastifyInstance) => readonly Stage[];

/** The operation's name when the matched route is deprecated. */
function deprecatedOperation(request: FastifyRequest, deprecated: boolean): string | undefined {
  return deprecated ? (request.routeOptions.schema?.operationId ?? undefined) : undefined;
}

/** The principal the identify stages set on a request (keys declares it; this layer reads it as a principal only). */
const principalOf = (request: FastifyRequest): GatePrincipal | null =>
  (request as unknown as { principal?: GatePrincipal | null }).principal ?? null;

/**
 * The stages, ordered once by kind, and what each executor runs of them. Built when every capability has
 * registered, before the app is ready.
 */
export class Pipeline {
  private readonly byKind = new Map<StageKind, Stage[]>();

  constructor(stages: readonly Stage[]) {
    for (const stage of stages) this.byKind.set(stage.kind, [...(this.byKind.get(stage.kind) ?? []), stage]);
  }

  /** The stages of a kind, in declaration order. */
  of<K extends StageKind>(kind: K): readonly StageOf<K>[] {
    return (this.byKind.get(kind) ?? []) as StageOf<K>[];
  }

  /** The regular path's steps of the given kinds, in kind order (every kind by default). */
  requestSteps(kinds: readonly StageKind[] = STAGE_KINDS): RequestStep[] {
    return STAGE_KINDS.filter((k) => kinds.includes(k)).flatMap((kind) => this.of(kind).flatMap((stage) => this.requestFace(stage)));
  }

  private requestFace(stage: Stage): RequestStep[] {
    if ('request' in stage) return [stage.request];
    if (stage.kind !== 'record') return [];
    const record = stage.record;
    // Every request with a valid key counts, before the limiter may answer it.
    return [
      (request, _reply, route) => {
        const principal = principalOf(request);
        if (route.needsKey && principal) record(principal, deprecatedOperation(request, route.deprecation !== undefined));
        return false;
      },
    ];
  }

  /**
   * The identify, record and admit stages as the front door runs them; null when one of them cannot run
   * there (no early face), so the front door answers no API request.
   */
  api(): ApiStages | null {
    const identify = this.of('identify');
    const admits = this.of('admit');
    const records = this.of('record').map((s) => s.record);
    const faces = identify.map((s) => s.early);
    const admit = admits.length === 1 ? admits[0]?.early : null;
    if (!admit || faces.some((f) => f === null)) return null;
    const identifiers = faces as EarlyIdentify[];
    return {
      identify: (request) => {
        if (!isPlainApiRequest(request)) return null;
        let principal: GatePrincipal | null = null;
        for (const face of identifiers) {
          const found = face(request);
          if (found === null) return null;
          if (found !== undefined) principal = found;
        }
        return principal;
      },
      admit,
      record: (principal, operation) => {
        for (const record of records) record(principal, operation);
      },
    };
  }

  /** The front door's steps, in kind order: host-level answers, then the API's answers with the API stages. */
  earlySteps(): EarlyStep[] {
    const api = this.api();
    const steps: EarlyStep[] = [];
    for (const kind of STAGE_KINDS) {
      for (const stage of this.of(kind)) {
        if (stage.kind === 'redirect' || stage.kind === 'site') {
          if (stage.early) steps.push(stage.early);
        } else if (stage.kind === 'answer' && api) {
          const answer = stage.early;
          steps.push((request) => answer(request, api));
        }
      }
    }
    return steps;
  }

  /** The `trace` stage: null when telemetry is off (none is declared); at most one is. */
  trace(): RequestTrace | null {
    const traces = this.of('trace');
    if (traces.length > 1) throw new Error('the request pipeline has more than one trace stage');
    return traces[0]?.trace ?? null;
  }

  /** Runs the `log` stages for an answered request with a valid key, on either path. */
  readonly completed = (call: CompletedCall): void => {
    for (const stage of this.of('log')) stage.completed(call);
  };
}

/**
 * Runs the pipeline on the regular path: every request step as one onRequest hook (with the key in the cache
 * and the counters in memory a request passes every step without a promise; one hook instead of one per step
 * also saves Fastify a dispatch each), and the `log` stages as an onResponse hook. `pipeline` is read when the
 * app is ready (the capabilities' stages are declared once they have registered).
 */
/** The status a request span ends with when its client closed the connection before the answer (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/** A request of the regular path as its span records it once answered. */
function answerOf(
  request: FastifyRequest,
  status: number,
  principal: GatePrincipal | null | undefined,
  errorCode: string | null,
): TracedAnswer {
  return {
    method: request.method,
    route: request.is404 ? null : (request.routeOptions.url ?? null),
    operation: null,
    status,
    principal: principal ?? undefined,
    requestId: request.id,
    errorCode,
  };
}

export function registerPipeline(app: FastifyInstance, pipeline: () => Pipeline): void {
  let steps: readonly RequestStep[] = [];
  let completed: Pipeline['completed'] = () => undefined;
  let trace: RequestTrace | null = null;
  app.addHook('onReady', async () => {
    steps = pipeline().requestSteps();
    completed = pipeline().completed;
    trace = pipeline().trace();
  });
  const traces = tracing();
  const runAll = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) =>
    // A step that answered sent the reply itself: Fastify's done() is called only to go on.
    runSteps(steps, request, reply, routeFacts(request), (err, answered) => {
      if (err) done(err);
      else if (!answered) done();
    });
  // A client that goes away before its answer is sent: Fastify runs no onResponse, so the span ends when the
  // response closes unfinished (status 499, "client closed request", as proxies log it).
  const aborted = new WeakSet<FastifyRequest>();
  const endAborted = (request: FastifyRequest, reply: FastifyReply) => {
    const span = requestSpan(request.raw);
    if (trace === null || span === undefined) return;
    aborted.add(request);
    trace.end(request.raw, span, answerOf(request, CLIENT_CLOSED_REQUEST, principalOf(request), null), reply.elapsedTime);
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (trace === null) return runAll(request, reply, done);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) endAborted(request, reply);
    });
    // The request's span is active for every step, and for what Fastify runs from here on.
    traces.withActive(trace.begin(request.raw), () => runAll(request, reply, done));
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const principal = principalOf(request);
    const error = principal || trace !== null ? answeredErrors.get(request) : undefined;
    if (trace !== null && !aborted.has(request)) {
      const span = requestSpan(request.raw);
      if (span !== undefined) {
        trace.end(request.raw, span, answerOf(request, reply.statusCode, principal, error?.code ?? null), reply.elapsedTime);
      }
    }
    if (principal) {
      completed({
        id: request.id,
        principal,
        method: request.method,
        url: request.url,
        operation: request.is404 ? null : (request.routeOptions.schema?.operationId ?? null),
        status: reply.statusCode,
        elapsedMs: reply.elapsedTime,
        error: error ? { code: error.code, message: error.message } : null,
        traceId: trace === null ? undefined : requestSpan(request.raw)?.traceId,
      });
    }
    done();
  });
}
