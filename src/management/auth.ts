import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { User } from '../accounts/repository.js';
import { csrfMatches, type ActiveSession } from '../accounts/sign-in.js';
import { ApiError } from '../http/errors.js';
import { bearerToken } from '../keys/authenticator.js';
import type { TokenGrant } from '../tokens/repository.js';
import { sessionTokenOf } from './cookies.js';

/** Who makes a management request: a person through their session, or through one of their access tokens. */
export type Actor = { type: 'user'; user: User } | { type: 'token'; user: User; token: TokenGrant };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A management route that needs a signed-in person (and, when it changes
     * state, the CSRF token) or an access token; `'optional'` lets a request
     * without a session through (its session, when it has one, is checked the same way).
     */
    session?: boolean | 'optional';
    /** False on the session and token operations: they take a session only, never an access token. */
    bearer?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person's session on routes marked `session` (null when a token authenticated the request). */
    account: ActiveSession | null;
    /** Who acts, on routes marked `session`. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Resolves `Authorization: Bearer pst_…` to a token's grant; set by the tokens capability. */
    bearerTokens: { resolve: (secret: string) => Promise<TokenGrant | null> };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const invalidToken = () =>
  new ApiError('invalid_token', undefined, undefined, { 'www-authenticate': 'Bearer realm="petstore", error="invalid_token"' });

/**
 * Adds the one check of who may call a management route to every route
 * registered from now on with `config.session`. With an `Authorization`
 * header (unless the route says `bearer: false`): the access token, 401
 * `invalid_token` unless it is live, 403 `insufficient_scope` for a read token
 * changing state; no CSRF token is needed. Otherwise the session cookie: 401
 * `not_signed_in` without a live session, 403 `csrf_failed` when a
 * state-changing request lacks the session's `X-CSRF-Token`. It runs before the
 * body is read. Only those routes get the hook, so /v1 requests pay nothing for it.
 */
export function registerSessionAuth(app: FastifyInstance): void {
  app.decorateRequest('account', null);
  app.decorateRequest('actor', null);
  app.decorate('bearerTokens', { resolve: () => Promise.resolve(null) });
  const check =
    (optional: boolean, bearer: boolean): onRequestAsyncHookHandler =>
    async (request) => {
      const authorization = request.headers.authorization;
      if (bearer && authorization !== undefined) {
        const secret = bearerToken(authorization);
        const grant = secret ? await app.bearerTokens.resolve(secret) : null;
        if (!grant) throw invalidToken();
        if (!SAFE_METHODS.has(request.method) && grant.scope !== 'write') throw new ApiError('insufficient_scope');
        request.actor = { type: 'token', user: grant.user, token: grant };
        return;
      }
      const token = sessionTokenOf(request);
      const session = token ? await app.sessions.session(token) : null;
      if (!session) {
        if (optional) return;
        throw new ApiError('not_signed_in');
      }
      if (!SAFE_METHODS.has(request.method) && !csrfMatches(request.headers['x-csrf-token'], session.csrfToken)) {
        throw new ApiError('csrf_failed');
      }
      request.account = session;
      request.actor = { type: 'user', user: session.user };
    };
  const checks = new Map<string, onRequestAsyncHookHandler>();
  app.addHook('onRoute', (route) => {
    const session = route.config?.session;
    if (!session) return;
    const optional = session === 'optional';
    const bearer = !optional && route.config?.bearer !== false;
    const key = `${String(optional)}/${String(bearer)}`;
    let hook = checks.get(key);
    if (!hook) checks.set(key, (hook = check(optional, bearer)));
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [hook, ...existing];
  });
}

/** Who acts on a route marked `session`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new ApiError('not_signed_in');
  return request.actor;
}

/** The person acting on a route marked `session` (directly, or through their token). */
export function userOf(request: FastifyRequest): User {
  return actorOf(request).user;
}

/** True when the request may see this project: a token limited to a list of projects sees only those. */
export function tokenAllows(request: FastifyRequest, slug: string): boolean {
  const actor = request.actor;
  return actor?.type !== 'token' || actor.token.projects === null || actor.token.projects.includes(slug);
}
