import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { User } from '../accounts/repository.js';
import { lesser, type Role } from '../accounts/roles.js';
import { csrfMatches, type ActiveSession } from '../accounts/sign-in.js';
import { jsonResponse, type ResponseSpec } from '../contract/error-schema.js';
import { ApiError, ERROR_CATALOG } from '../http/errors/errors.js';
import { bearerToken } from '../keys/authenticator.js';
import type { TokenGrant } from '../tokens/repository.js';
import { sessionTokenOf } from './cookies.js';
import { permissionOf } from './permissions.js';
import { ManagementErrorSchema } from './schemas.js';

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
    /**
     * What a session that must still set up a second factor (REQUIRE_SECOND_FACTOR, signed in with a password
     * alone) may call: `always` (its own session, signing out, who it is), `setup` (setting up an authenticator
     * app or a passkey, while its person has neither). Other routes refuse it.
     */
    secondFactorSetup?: 'always' | 'setup';
  }
  interface FastifyRequest {
    /** The signed-in person's session on routes marked `session` (null when a token authenticated the request). */
    account: ActiveSession | null;
    /** Who acts, on routes marked `session`. */
    actor: Actor | null;
    /** The caller's role in the project of a project route, once `projectFor` has found it (a token's: the lesser). */
    projectRole: Role | null;
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
  app.decorateRequest('projectRole', null);
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
      const refused = await refusal(app, session, request.routeOptions.config);
      if (refused) throw refused;
    };
  const checks = new Map<string, onRequestAsyncHookHandler>();
  app.addHook('onRoute', (route) => {
    requirePermission(route);
    const session = route.config?.session;
    if (!session) return;
    const optional = session === 'optional';
    const bearer = !optional && route.config?.bearer !== false;
    const key = `${String(optional)}/${String(bearer)}`;
    let hook = checks.get(key);
    if (!hook) checks.set(key, (hook = check(optional, bearer)));
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [hook, ...existing];
    if (route.config?.secondFactorSetup !== 'always') documentSecondFactorRefusal(route);
  });
}

/** The management documents themselves: public, and no operation of the table. */
const DOCUMENTS = new Set(['/api/v1/openapi.json']);

/**
 * Every management route is in the permission table (permissions.ts): one that is not stops the start. A
 * project route's documented 403 names `insufficient_role`, which the table decides for every one.
 */
function requirePermission(route: { url: string; method: string | string[]; schema?: { operationId?: string; response?: unknown } }): void {
  if (!route.url.startsWith('/api/v1/') || DOCUMENTS.has(route.url)) return;
  const permission = permissionOf(route.schema?.operationId);
  if (!permission) {
    throw new Error(
      `${[route.method].flat().join(',')} ${route.url} (${route.schema?.operationId ?? 'no operationId'}) has no entry in the permission table (src/management/permissions.ts)`,
    );
  }
  if (permission.rule.who === 'anyone' || permission.rule.who === 'person') return;
  const response = (route.schema?.response ?? {}) as Record<string, ResponseSpec>;
  const forbidden = response[403] ?? response['403'];
  if (forbidden?.description.includes('insufficient_role')) return;
  const documented = forbidden
    ? { ...forbidden, description: `${forbidden.description} ${INSUFFICIENT_ROLE}` }
    : jsonResponse(`Error. Codes: ${INSUFFICIENT_ROLE}`, ManagementErrorSchema);
  route.schema = { ...route.schema, response: { ...response, 403: documented } };
}

const INSUFFICIENT_ROLE = `\`insufficient_role\`: ${ERROR_CATALOG.insufficient_role.message}`;

const SETUP_REQUIRED = `\`second_factor_setup_required\`: ${ERROR_CATALOG.second_factor_setup_required.message}`;

/** Adds REQUIRE_SECOND_FACTOR's 403 to a session route's documented answers (the check above decides it for every one). */
function documentSecondFactorRefusal(route: { schema?: { response?: unknown } }): void {
  const response = (route.schema?.response ?? {}) as Record<string, ResponseSpec>;
  const forbidden = response[403] ?? response['403'];
  if (forbidden?.description.includes('second_factor_setup_required')) return;
  const documented = forbidden
    ? { ...forbidden, description: `${forbidden.description} ${SETUP_REQUIRED}` }
    : jsonResponse(`Error. Codes: ${SETUP_REQUIRED}`, ManagementErrorSchema);
  route.schema = { ...route.schema, response: { ...response, 403: documented } };
}

/**
 * The one decision of whether a signed-in session may call a route, beyond being signed in (who may call what
 * grows here: roles will be decided beside the second factor): null when it may, else the refusal.
 * REQUIRE_SECOND_FACTOR keeps a session started with a password alone to the routes marked `secondFactorSetup`,
 * and to none once its person has a second factor (they sign in again with it). Access tokens are not
 * concerned: a token is made from a session that passed this check.
 */
async function refusal(
  app: FastifyInstance,
  session: ActiveSession,
  route: { secondFactorSetup?: 'always' | 'setup' } | undefined,
): Promise<ApiError | null> {
  const gate = await app.sessions.secondFactorGate(session);
  if (gate === 'open' || route?.secondFactorSetup === 'always') return null;
  if (gate === 'sign_in_again') {
    return new ApiError(
      'second_factor_setup_required',
      'This service requires a second factor and this session was started with a password alone: sign out, then sign in again with your second factor.',
    );
  }
  return route?.secondFactorSetup === 'setup' ? null : new ApiError('second_factor_setup_required');
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

/**
 * The role the request acts with in a project where its person has `role`: a read access token acts as a
 * viewer at most, and every token as its person's role now (so lowering a role lowers their tokens at once).
 */
export function actingRole(request: FastifyRequest, role: Role): Role {
  const actor = request.actor;
  return actor?.type === 'token' && actor.token.scope !== 'write' ? lesser(role, 'viewer') : role;
}

/** True when the request may see this project: a token limited to a list of projects sees only those. */
export function tokenAllows(request: FastifyRequest, slug: string): boolean {
  const actor = request.actor;
  return actor?.type !== 'token' || actor.token.projects === null || actor.token.projects.includes(slug);
}
