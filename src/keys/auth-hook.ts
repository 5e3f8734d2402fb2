import type { FastifyReply, FastifyRequest } from 'fastify';
import { environmentOf, type Environment } from '../http/pipeline/environments.js';
import { sendError } from '../http/errors/error-handler.js';
import { ApiError } from '../http/errors/errors.js';
import type { RequestStep } from '../http/pipeline/request-steps.js';
import { bearerToken, type Authenticator } from './authenticator.js';
import { keyEnvironment } from './key-format.js';
import type { Principal } from './repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's key and project once the key is known; null without a valid key. */
    principal: Principal | null;
    /** Set when the key is one of the other environment's (answered 401 `wrong_environment`): that environment. */
    keyEnvironment: Environment | null;
  }
}

/**
 * The principal of a bearer key the key cache holds, for a request to the key's own environment, without
 * waiting; null for a missing key, one not in the cache, or one of the other environment.
 */
export function knownPrincipal(
  authenticator: Authenticator,
  authorization: string | undefined,
  environment: Environment,
): Principal | null {
  const token = bearerToken(authorization);
  const principal = token ? authenticator.cached(token) : undefined;
  return principal !== undefined && principal.environment === environment ? principal : null;
}

/**
 * Sets `request.principal` from the request's bearer key; it stays null when
 * the key is missing or invalid. Synchronous when the key is in the cache.
 * A key of the other environment is told by its form alone (`psk_test_…` is
 * staging's), so it costs no lookup and says nothing of whether it exists: the
 * principal stays null and `keyEnvironment` names the key's environment.
 */
export function principalResolver(authenticator: Authenticator): (request: FastifyRequest) => void | Promise<void> {
  return (request) => {
    const environment = environmentOf(request.raw);
    const cached = knownPrincipal(authenticator, request.headers.authorization, environment);
    if (cached) {
      request.principal = cached;
      return undefined;
    }
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    const own = keyEnvironment(token);
    if (own !== null && own !== environment) {
      request.keyEnvironment = own;
      return undefined;
    }
    return authenticator.authenticate(token).then((principal) => {
      request.principal = principal !== null && principal.environment === environment ? principal : null;
    });
  };
}

/**
 * Resolves the key of a request that needs one to its principal. It never
 * answers: the rate limiter counts the request first (against the project, or
 * against the client address when the key is missing or invalid), then
 * `keyRequiredStep` answers 401.
 */
export function principalStep(resolvePrincipal: (request: FastifyRequest) => void | Promise<void>): RequestStep {
  return (request, _reply, route) => {
    if (!route.needsKey) return false;
    // Requests Fastify could not route are built without the app's request decorations (framework-errors.ts).
    request.principal ??= null;
    request.keyEnvironment ??= null;
    const pending = resolvePrincipal(request);
    return pending ? pending.then(() => false) : false;
  };
}

/** Answers 401 when the request has no valid key; returns true when it did. */
export function rejectWithoutKey(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.principal) return false;
  const other = request.keyEnvironment;
  if (other) {
    const message = `This is a ${other} API key: send it to ${request.server.environments.baseUrl(other)}.`;
    const challenge = 'Bearer realm="petstore", error="invalid_token"';
    sendError(reply, new ApiError('wrong_environment', message, undefined, { 'www-authenticate': challenge }));
    return true;
  }
  const token = bearerToken(request.headers.authorization);
  const challenge = token ? 'Bearer realm="petstore", error="invalid_token"' : 'Bearer realm="petstore"';
  const message = token
    ? 'The API key is invalid or has been revoked.'
    : 'A valid API key is required. Send it as "Authorization: Bearer <API_KEY>".';
  sendError(reply, new ApiError('unauthorized', message, undefined, { 'www-authenticate': challenge }));
  return true;
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * Answers 403 `insufficient_scope` when a read key calls anything but GET or HEAD. It runs after metering, so the
 * refused request counts against the quota.
 */
export const keyScopeStep: RequestStep = (request, reply, route) => {
  const principal = request.principal;
  if (!route.needsKey || principal?.scope !== 'read' || READ_METHODS.has(request.method)) return false;
  sendError(reply, new ApiError('insufficient_scope', 'This API key is read-only: it may call GET and HEAD operations only.'));
  return true;
};

/** Answers 401 when a request that needs a key has no valid one. */
export const keyRequiredStep: RequestStep = (request, reply, route) => route.needsKey && rejectWithoutKey(request, reply);

/** The principal of an authenticated request; routes behind auth always have one. */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
