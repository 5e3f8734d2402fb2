import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { Deprecation } from '../deprecation/deprecated-operations.js';

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
