import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type Authenticator } from '../keys/authenticator.js';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';

/** A URL under the versioned API (`/v1`, `/v1/…`, `/v1?…`). */
export function isApiUrl(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** Routes that need a key: every /v1 route not marked public, and unknown /v1 paths. */
export function needsKey(request: FastifyRequest): boolean {
  if (request.routeOptions.config.public) return false;
  if (request.is404) return isApiUrl(request.url);
  return true;
}

/** Sets `request.principal` from the request's bearer key; it stays null when the key is missing or invalid. */
export function principalResolver(authenticator: Authenticator): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (token) request.principal = await authenticator.authenticate(token);
  };
}

/**
 * Resolves the key of a request that needs one to its principal. It never
 * answers: the rate limiter counts the request first (against the project, or
 * against the client address when the key is missing or invalid), then
 * `registerKeyRequired` answers 401.
 */
export function registerPrincipal(app: FastifyInstance, resolvePrincipal: (request: FastifyRequest) => Promise<void>): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (needsKey(request)) await resolvePrincipal(request);
  });
}

/** Answers 401 when the request has no valid key; returns the reply when it did. */
export function rejectWithoutKey(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (request.principal) return undefined;
  const token = bearerToken(request.headers.authorization);
  const challenge = token ? 'Bearer realm="petstore", error="invalid_token"' : 'Bearer realm="petstore"';
  const message = token
    ? 'The API key is invalid or has been revoked.'
    : 'A valid API key is required. Send it as "Authorization: Bearer <API_KEY>".';
  return sendError(reply, new ApiError('unauthorized', message, undefined, { 'www-authenticate': challenge }));
}

/** Answers 401 when a request that needs a key has no valid one. */
export function registerKeyRequired(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!needsKey(request) || !rejectWithoutKey(request, reply)) done();
  });
}

/** The principal of an authenticated request; routes behind auth always have one. */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
