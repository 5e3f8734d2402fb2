import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type Authenticator } from '../keys/authenticator.js';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';

/** Routes that need a key: every /v1 route not marked public, and unknown /v1 paths. */
export function needsKey(request: FastifyRequest): boolean {
  if (request.routeOptions.config.public) return false;
  if (request.is404) return request.url === '/v1' || request.url.startsWith('/v1/') || request.url.startsWith('/v1?');
  return true;
}

export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!needsKey(request)) return;
    const token = bearerToken(request.headers.authorization);
    const principal = token ? await authenticator.authenticate(token) : null;
    if (principal) {
      request.principal = principal;
      return;
    }
    const challenge = token ? 'Bearer realm="petstore", error="invalid_token"' : 'Bearer realm="petstore"';
    const message = token
      ? 'The API key is invalid or has been revoked.'
      : 'A valid API key is required. Send it as "Authorization: Bearer <API_KEY>".';
    return sendError(reply, new ApiError('unauthorized', message, undefined, { 'www-authenticate': challenge }));
  });
}

/** The principal of an authenticated request; routes behind auth always have one. */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
