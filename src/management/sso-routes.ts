import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SingleSignOn } from '../accounts/sso/service.js';
import { DomainError } from '../errors/domain-error.js';
import { ApiError, fromDomainError } from '../http/errors/errors.js';
import { readCookie } from './cookies.js';
import { jsonResponse, managementErrors } from './schemas.js';
import { OidcCallbackQuery, OidcStartQuery, SsoStartSchema } from './security-schemas.js';
import { requireDashboardHost, sendNewSession, SESSION_OK } from './session-routes.js';
import { safeNext } from './next-page.js';

/** Ties a sign-on to the browser that started it; only its hash is stored. */
const SSO_COOKIE = 'petstore_sso';
const SSO_PATH = '/api/v1/session/oidc';

const overHttps = (request: FastifyRequest) => request.protocol === 'https';

const ssoCookie = (value: string, request: FastifyRequest, maxAge: number) =>
  [
    `${SSO_COOKIE}=${value}`,
    `Path=${SSO_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${String(maxAge)}`,
    ...(overHttps(request) ? ['Secure'] : []),
  ].join('; ');

const LOCATION = { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } };

/** A browser asks for HTML: its refusals are the sign-in page saying what went wrong, not a JSON body. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** Answers a refusal: to a browser, the sign-in page with `?error=CODE`; to anything else, the Error body. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: DomainError | ApiError) {
  if (!wantsPage(request)) throw error instanceof DomainError ? fromDomainError(error) : error;
  return reply.header('cache-control', 'no-store').redirect(`/dashboard/sign-in?error=${encodeURIComponent(error.code)}`, 303);
}

function configured(app: FastifyInstance): SingleSignOn {
  if (!app.singleSignOn) throw new ApiError('not_found', 'Single sign-on is not configured on this service (OIDC_ISSUER).');
  return app.singleSignOn;
}

/** GET /api/v1/session/oidc and its callback: single sign-on with the OpenID Connect provider of OIDC_ISSUER. */
export function ssoRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const common = { tags: ['session'], 'x-stability': 'beta' as const, security: [] };

  r.get(
    SSO_PATH,
    {
      config: { public: true, openapi: { responseHeaders: { 303: LOCATION } } },
      schema: {
        ...common,
        operationId: 'startSingleSignOn',
        summary: 'Sign in with the identity provider',
        description:
          'Single sign-on (OpenID Connect, authorization code with PKCE): sends a browser (a request that accepts `text/html`) to the identity provider of OIDC_ISSUER with 303, with a new `state` and `nonce`, and a short cookie (10 minutes, this path only) tying the sign-on to it; any other client gets the address as `{url}` (200) with the same cookie. The provider sends the browser back to `/session/oidc/callback`, which is the redirect URI to register with it (on this origin). 404 when OIDC_ISSUER is not set; a browser whose sign-on cannot start goes to `/dashboard/sign-in?error=CODE`.',
        querystring: OidcStartQuery,
        response: {
          200: jsonResponse('Where to send the browser (a client that is not one).', SsoStartSchema),
          303: { description: 'To the identity provider, or (a browser, when the provider cannot be reached) back to the sign-in page.' },
          ...managementErrors('validation_failed', 'not_found', 'sso_failed'),
        },
      },
    },
    async (request, reply) => {
      requireDashboardHost(app, request);
      const sso = configured(app);
      const redirectUri = `${request.protocol}://${request.host}${SSO_PATH}/callback`;
      const started = await sso.start(redirectUri, safeNext(request.query.next));
      if (started instanceof DomainError) return refuse(request, reply, started);
      reply.header('set-cookie', ssoCookie(started.cookie, request, 600)).header('cache-control', 'no-store');
      return wantsPage(request) ? reply.redirect(started.url, 303) : { url: started.url };
    },
  );

  r.get(
    `${SSO_PATH}/callback`,
    {
      config: { public: true, openapi: { responseHeaders: { 303: LOCATION } } },
      schema: {
        ...common,
        operationId: 'finishSingleSignOn',
        summary: 'Come back from the identity provider',
        description:
          "Where the identity provider sends the browser back. Checks the answer against the sign-on this browser started (its cookie): the `state`, then the code exchanged with the PKCE verifier, and the ID token's signature, issuer, audience and `nonce`. The person is the account whose email the provider says it verified (`email_verified`); without one, an account is made when SIGNUP is `open` or the email's domain is one of OIDC_ALLOWED_DOMAINS, and refused otherwise (`signup_closed`). Success starts a session (as `POST /session`) and sends a browser to the page it started from (303); any other client gets the session's body (200). A refusal sends a browser to `/dashboard/sign-in?error=CODE` (`sso_failed`, `email_not_verified`, `signup_closed`), and answers anything else with the Error body.",
        querystring: OidcCallbackQuery,
        response: {
          200: SESSION_OK,
          303: {
            description:
              'Signed in: to the dashboard page the sign-on started from (or, a browser refused, to the sign-in page with `?error=CODE`).',
          },
          ...managementErrors('validation_failed', 'not_found', 'sso_failed', 'email_not_verified', 'signup_closed'),
        },
      },
    },
    async (request, reply) => {
      requireDashboardHost(app, request);
      const sso = configured(app);
      // The sign-on is over whatever its outcome: its cookie goes.
      reply.header('set-cookie', ssoCookie('', request, 0));
      const callback = new URL(request.url, `${request.protocol}://${request.host}`);
      const finished = await sso.finish(readCookie(request.headers.cookie, SSO_COOKIE), callback);
      if (finished instanceof DomainError) {
        request.log.info({ code: finished.code, reason: finished.message }, 'single sign-on refused');
        return refuse(request, reply, finished);
      }
      // Fastify adds each Set-Cookie to those already set: the session's come after the sign-on's clearing.
      const body = sendNewSession(request, reply, await app.sessions.start(finished.user, 'oidc', request.ip));
      return wantsPage(request) ? reply.redirect(finished.next, 303) : body;
    },
  );
}
