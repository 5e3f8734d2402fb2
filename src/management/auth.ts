import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { User } from '../accounts/repository.js';
import { csrfMatches, type ActiveSession } from '../accounts/sign-in.js';
import { ApiError } from '../http/errors.js';
import { sessionTokenOf } from './cookies.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A management route that needs a signed-in person (and, when it changes state, the CSRF token). */
    session?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person on routes marked `session`. */
    account: ActiveSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Adds the session check to every route registered from now on with
 * `config.session`: 401 `not_signed_in` without a live session, 403
 * `csrf_failed` when a state-changing request lacks the session's
 * `X-CSRF-Token`. It runs before the body is read. Only those routes get the
 * hook, so /v1 requests pay nothing for it.
 */
export function registerSessionAuth(app: FastifyInstance): void {
  app.decorateRequest('account', null);
  const check: onRequestAsyncHookHandler = async (request) => {
    const token = sessionTokenOf(request);
    const session = token ? await app.sessions.session(token) : null;
    if (!session) throw new ApiError('not_signed_in');
    if (!SAFE_METHODS.has(request.method) && !csrfMatches(request.headers['x-csrf-token'], session.csrfToken)) {
      throw new ApiError('csrf_failed');
    }
    request.account = session;
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.session) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...existing];
  });
}

/** The signed-in person of a route marked `session`. */
export function userOf(request: FastifyRequest): User {
  if (!request.account) throw new ApiError('not_signed_in');
  return request.account.user;
}
