import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ActiveSession, SignedIn } from '../accounts/sign-in.js';
import { ABSOLUTE_TIMEOUT_MS, SignInThrottled } from '../accounts/sign-in.js';
import { DomainError } from '../errors/domain-error.js';
import { ApiError } from '../http/errors/errors.js';
import { addressSubject } from '../limits/client-address.js';
import {
  clearedSessionCookie,
  clearedSessionCookies,
  hasSeveralSessionCookies,
  onDashboardHost,
  sessionCookie,
  sessionTokenOf,
} from './cookies.js';
import { userOf } from './auth.js';
import { jsonResponse, managementErrors, SESSION_READ_SECURITY, SESSION_WRITE_SECURITY, SessionSchema, SignInSchema } from './schemas.js';

export const sessionBody = (s: ActiveSession) => ({ user: { email: s.user.email, admin: s.user.admin }, csrfToken: s.csrfToken });
export const overHttps = (request: FastifyRequest) => request.protocol === 'https';

/** Clearing values for session cookies other than the one about to be set (the new one comes after, so it wins). */
const clearedOthers = (request: FastifyRequest) => (hasSeveralSessionCookies(request) ? clearedSessionCookies(request) : []);

export const SESSION_OK = jsonResponse('The signed-in person and the CSRF token of the session.', SessionSchema);

/** Sets the cookie of a session just started (clearing any other session cookie first) and answers its body. */
export function sendNewSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
  const cookie = sessionCookie(signedIn.token, overHttps(request), ABSOLUTE_TIMEOUT_MS / 1000);
  // Any other session cookie would make the next request not signed in: cleared first.
  const others = clearedOthers(request);
  reply.header('set-cookie', others.length > 0 ? [...others, cookie] : cookie);
  reply.header('cache-control', 'no-store');
  return sessionBody(signedIn);
}

/** 429 with `Retry-After`, for a throttled door. */
export const throttledAnswer = (t: SignInThrottled, message = 'Too many failed sign-ins. Retry after the time in Retry-After.') =>
  new ApiError('rate_limited', message, undefined, { 'retry-after': String(t.retryAfterSeconds) });

/** 404 unless the request is for the dashboard's host (DASHBOARD_HOST): sessions exist there only. */
export function requireDashboardHost(app: FastifyInstance, request: FastifyRequest): void {
  if (!onDashboardHost(request)) throw new ApiError('not_found', `Sessions are served on ${app.config.dashboardHost ?? ''} only.`);
}

/** POST/GET/DELETE /api/v1/session: sign in, who is signed in, sign out. */
export function sessionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/v1/session',
    {
      config: {
        public: true,
        openapi: {
          responseHeaders: {
            429: {
              'Retry-After': {
                description: 'Seconds until sign-in is accepted again for this email from this address.',
                schema: { type: 'integer', format: 'int32', minimum: 1 },
              },
            },
          },
        },
      },
      schema: {
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Checks the email and password (and, for a person with an authenticator app, its `code`: without one the answer is 401 `second_factor_required`, with a wrong or used one 401 `invalid_code`, which counts as a failed sign-in) and starts a session: the answer sets an HttpOnly, SameSite=Lax session cookie, `petstore_session` over HTTP and `__Host-petstore_session` (Secure, host-only) over HTTPS; a request carrying more than one session cookie is not signed in. With DASHBOARD_HOST set, sessions exist on that host only (404 elsewhere) and carries the CSRF token. An unknown email and a wrong password get the same answer. Each attempt is counted before the password is checked, on every instance: after 10 failed sign-ins for one email from one address, 100 from one address, or 100 for one email from all addresses (then only an address that has not failed for it may try) within 15 minutes, sign-in answers 429 with `Retry-After`. Sessions end after 12 hours without use and 30 days after sign-in.',
        tags: ['session'],
        'x-stability': 'beta',
        security: [],
        body: SignInSchema,
        response: {
          200: SESSION_OK,
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'invalid_credentials',
            'second_factor_required',
            'invalid_code',
            'not_found',
            'rate_limited',
          ),
        },
      },
    },
    async (request, reply) => {
      requireDashboardHost(app, request);
      const result = await app.sessions.signIn(request.body, { address: addressSubject(request.ip), ip: request.ip });
      if (result instanceof SignInThrottled) throw throttledAnswer(result);
      if (result instanceof DomainError) throw result;
      return sendNewSession(request, reply, result);
    },
  );

  r.get(
    '/api/v1/session',
    {
      config: { public: true, session: true, bearer: false, secondFactorSetup: 'always' },
      schema: {
        operationId: 'getSession',
        summary: 'The current session',
        description: 'Who is signed in, and the CSRF token of the session; 401 without a live session.',
        tags: ['session'],
        'x-stability': 'beta',
        security: SESSION_READ_SECURITY,
        response: { 200: SESSION_OK, ...managementErrors('not_signed_in') },
      },
    },
    async (request, reply) => {
      userOf(request);
      reply.header('cache-control', 'no-store');
      return sessionBody(request.account as ActiveSession);
    },
  );

  r.delete(
    '/api/v1/session',
    {
      config: { public: true, session: true, bearer: false, secondFactorSetup: 'always' },
      schema: {
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Ends the session on every instance and clears the cookie.',
        tags: ['session'],
        'x-stability': 'beta',
        security: SESSION_WRITE_SECURITY,
        response: {
          204: { description: 'Signed out.' },
          ...managementErrors('not_signed_in', 'csrf_failed'),
        },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      await app.sessions.signOut(sessionTokenOf(request) ?? '');
      reply.header(
        'set-cookie',
        hasSeveralSessionCookies(request) ? clearedSessionCookies(request) : clearedSessionCookie(overHttps(request)),
      );
      return reply.code(204).send();
    },
  );
}
