import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type Authenticator } from '../keys/authenticator.js';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';
import type { RequestStep } from './request-steps.js';

/**
 * Sets `request.principal` from the request's bearer key; it stays null when
 * the key is missing or invalid. Synchronous when the key is in the cache.
 */
export function principalResolver(authenticator: Authenticator): (request: FastifyRequest) => void | Promise<void> {
  return (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    const cached = authenticator.cached(token);
    if (cached) {
      request.principal = cached;
      return undefined;
    }
    return authenticator.authenticate(token).then((principal) => {
      request.principal = principal;
    });
  };
}

export function decoratePrincipal(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
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
    const pending = resolvePrincipal(request);
    return pending ? pending.then(() => false) : false;
  };
}

/** Answers 401 when the request has no valid key; returns true when it did. */
export function rejectWithoutKey(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.principal) return false;
  const token = bearerToken(request.headers.authorization);
  const challenge = token ? 'Bearer realm="petstore", error="invalid_token"' : 'Bearer realm="petstore"';
  const message = token
    ? 'The API key is invalid or has been revoked.'
    : 'A valid API key is required. Send it as "Authorization: Bearer <API_KEY>".';
  sendError(reply, new ApiError('unauthorized', message, undefined, { 'www-authenticate': challenge }));
  return true;
}

/** Answers 401 when a request that needs a key has no valid one. */
export const keyRequiredStep: RequestStep = (request, reply, route) => route.needsKey && rejectWithoutKey(request, reply);

/** The principal of an authenticated request; routes behind auth always have one. */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
