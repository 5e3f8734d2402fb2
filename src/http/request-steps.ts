import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deprecation } from './deprecated-operations.js';

/** What the steps need to know about the route a request matched, read once per request. */
export interface RouteFacts {
  /** Every /v1 route not marked public, and unknown /v1 paths. */
  needsKey: boolean;
  deprecation: Deprecation | undefined;
  /** The matched route's config (what its declaration says, whatever the spelling of the URL). */
  config: FastifyContextConfig;
}

/**
 * One step of a request's way in, before its body is read. Returns true when
 * it answered the request (the later steps are skipped), false otherwise; a
 * promise only when it has to wait (a key not in the cache, counters in Redis).
 * The value is a boolean, never the reply: a FastifyReply is a thenable, so a
 * promise that returns it settles only when the response has finished, with
 * `undefined`, and the next step would answer the request a second time.
 */
export type RequestStep = (request: FastifyRequest, reply: FastifyReply, route: RouteFacts) => boolean | Promise<boolean>;

/**
 * The phases a request goes through, in this order. Capabilities add their
 * steps to a phase, so the order is stated here once, not by registration:
 * host-level answers first (`host`: a malformed or misdirected Host; `redirect`: redirect entries and the upgrade to
 * HTTPS of custom domains; `site`: a published project's static files), then
 * the API's: the key is identified before the request is metered, and metered
 * before a missing or invalid key is answered 401 (so key guessing counts
 * against the client's address); HTTP protocol errors (a missing Host, an
 * unsupported Expect) are answered after metering, so they count too. Within a phase, steps run in the order their
 * capabilities are listed in the composition root.
 */
export const STEP_PHASES = [
  'request-id',
  'draining',
  'host',
  'redirect',
  'site',
  'deprecation',
  'identify',
  'meter',
  'protocol',
  'authorize',
  'route',
] as const;
export type StepPhase = (typeof STEP_PHASES)[number];

/** The phases a request Fastify could not route still goes through (see framework-errors.ts). */
export const GATE_PHASES: readonly StepPhase[] = ['identify', 'meter', 'authorize'];

export class RequestSteps {
  private readonly byPhase = new Map<StepPhase, RequestStep[]>();

  add(phase: StepPhase, step: RequestStep): void {
    this.byPhase.set(phase, [...(this.byPhase.get(phase) ?? []), step]);
  }

  /** The steps of the given phases, in phase order. */
  list(phases: readonly StepPhase[] = STEP_PHASES): RequestStep[] {
    return STEP_PHASES.filter((p) => phases.includes(p)).flatMap((p) => this.byPhase.get(p) ?? []);
  }
}

/** A URL under the versioned API (`/v1`, `/v1/…`, `/v1?…`). */
export function isApiUrl(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

export function routeFacts(request: FastifyRequest): RouteFacts {
  // request.routeOptions builds a new object on every access: read it once.
  const config = request.routeOptions.config;
  const needsKey = config.public ? false : request.is404 ? isApiUrl(request.url) : true;
  return { needsKey, deprecation: config.deprecation, config };
}

function notBoolean(index: number, value: unknown): Error {
  return new TypeError(`request step ${String(index)} resolved ${typeof value}, not a boolean`);
}

/**
 * Runs steps in order: synchronously while each step is, awaiting only a step
 * that returns a promise. Calls `done(answered)` once.
 */
export function runSteps(
  steps: readonly RequestStep[],
  request: FastifyRequest,
  reply: FastifyReply,
  route: RouteFacts,
  done: (err: Error | null, answered: boolean) => void,
): void {
  const run = (from: number): void => {
    for (let i = from; i < steps.length; i++) {
      const answered = (steps[i] as RequestStep)(request, reply, route);
      if (answered === true) return done(null, true);
      if (answered !== false) {
        answered.then(
          (sent: unknown) => {
            // A step that resolved anything but a boolean (a reply is a thenable) would let the chain answer twice.
            if (sent === false) run(i + 1);
            else if (sent === true) done(null, true);
            else done(notBoolean(i, sent), false);
          },
          (err: unknown) => done(err as Error, false),
        );
        return;
      }
    }
    done(null, false);
  };
  run(0);
}

/**
 * Runs every step as one onRequest hook. With the key in the cache and the
 * counters in memory a request passes every step without a promise; one hook
 * instead of one per step also saves Fastify a dispatch each.
 */
export function registerRequestSteps(app: FastifyInstance, registry: RequestSteps): void {
  let steps: readonly RequestStep[] | undefined;
  app.addHook('onReady', async () => {
    steps = registry.list();
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A step that answered sent the reply itself: Fastify's done() is called only to go on.
    runSteps(steps ?? registry.list(), request, reply, routeFacts(request), (err, answered) => {
      if (err) done(err);
      else if (!answered) done();
    });
  });
}
