import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Passkey } from '../accounts/factors/passkey-repository.js';
import type { RelyingParty } from '../accounts/factors/passkeys.js';
import { ADDRESS_LIMIT, SignInThrottled } from '../accounts/sign-in.js';
import { actorFor } from '../audit/request-actor.js';
import { siteHostname } from '../deploys/sites.js';
import { DomainError, orThrow } from '../errors/domain-error.js';
import { addressSubject } from '../limits/client-address.js';
import { userOf } from './auth.js';
import { sessionTokenOf } from './cookies.js';
import { jsonResponse, managementErrors, SESSION_READ_SECURITY, SESSION_WRITE_SECURITY } from './schemas.js';
import {
  NewPasskeySchema,
  PasskeyListSchema,
  PasskeyParams,
  PasskeySchema,
  PasskeySignInSchema,
  RenamePasskeySchema,
  WebAuthnOptionsSchema,
} from './security-schemas.js';
import { requireDashboardHost, SESSION_OK, sendNewSession, throttledAnswer } from './session-routes.js';

/** Challenges one client address may ask for in 15 minutes (each is stored for 5 minutes). */
const OPTIONS_PER_ADDRESS = 300;

/**
 * The relying party of a request: the dashboard's host (DASHBOARD_HOST, else the request's host, without its
 * port) and the origin the browser reports (scheme, host and port the request came to).
 */
export const relyingParty = (app: FastifyInstance, request: FastifyRequest): RelyingParty => ({
  id: app.config.dashboardHost ?? siteHostname(request.hostname),
  origin: `${request.protocol}://${request.host}`,
  name: 'Petstore',
});

const passkeyView = (p: Passkey) => ({
  id: p.id,
  name: p.name,
  backedUp: p.backedUp,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

const me = (setup?: 'setup' | 'always') => ({ public: true, session: true, bearer: false, ...(setup ? { secondFactorSetup: setup } : {}) });

/** /api/v1/me/passkeys: the person's passkeys; /api/v1/session/passkey: signing in with one. */
export function passkeyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const common = { tags: ['security'], 'x-stability': 'beta' as const };

  r.post(
    '/api/v1/me/passkeys/options',
    {
      config: me('setup'),
      schema: {
        ...common,
        operationId: 'passkeyRegistrationOptions',
        summary: 'Start registering a passkey',
        description:
          "Registration options for the browser's `navigator.credentials.create()`: a discoverable credential that verifies its user, for the relying party id DASHBOARD_HOST (else this request's host). Its challenge is good for 5 minutes, once.",
        security: SESSION_WRITE_SECURITY,
        response: {
          200: jsonResponse('The options.', WebAuthnOptionsSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'second_factor_setup_required'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return orThrow(await app.passkeys.registrationOptions(userOf(request), relyingParty(app, request)));
    },
  );

  r.post(
    '/api/v1/me/passkeys',
    {
      config: me('setup'),
      schema: {
        ...common,
        operationId: 'addPasskey',
        summary: 'Register a passkey',
        description:
          'Registers the passkey the browser made from the registration options (its answer checked against the challenge, the origin and the relying party id) under a name. A passkey then signs in alone (`POST /session/passkey`). At most 20 per person.',
        security: SESSION_WRITE_SECURITY,
        body: NewPasskeySchema,
        response: {
          201: jsonResponse('The passkey.', PasskeySchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'second_factor_setup_required',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      const passkey = orThrow(
        await app.passkeys.register(
          actorFor(request),
          userOf(request),
          name,
          response as unknown as RegistrationResponseJSON,
          relyingParty(app, request),
        ),
      );
      await app.sessions.provenInSession(sessionTokenOf(request) ?? '', 'password+passkey');
      reply.code(201);
      return passkeyView(passkey);
    },
  );

  r.get(
    '/api/v1/me/passkeys',
    {
      config: me('always'),
      schema: {
        ...common,
        operationId: 'listPasskeys',
        summary: 'List passkeys',
        description: "The signed-in person's passkeys, oldest first.",
        security: SESSION_READ_SECURITY,
        response: { 200: jsonResponse('The passkeys.', PasskeyListSchema), ...managementErrors('not_signed_in') },
      },
    },
    async (request) => (await app.passkeys.list(userOf(request))).map(passkeyView),
  );

  r.patch(
    '/api/v1/me/passkeys/:id',
    {
      config: me(),
      schema: {
        ...common,
        operationId: 'renamePasskey',
        summary: 'Rename a passkey',
        description: 'Gives one of the person’s passkeys a new name.',
        security: SESSION_WRITE_SECURITY,
        params: PasskeyParams,
        body: RenamePasskeySchema,
        response: {
          200: jsonResponse('The passkey.', PasskeySchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'second_factor_setup_required',
            'not_found',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) =>
      passkeyView(orThrow(await app.passkeys.rename(actorFor(request), userOf(request), request.params.id, request.body.name))),
  );

  r.delete(
    '/api/v1/me/passkeys/:id',
    {
      config: me(),
      schema: {
        ...common,
        operationId: 'removePasskey',
        summary: 'Remove a passkey',
        description:
          'Removes one of the person’s passkeys: it no longer signs in. With REQUIRE_SECOND_FACTOR, refused with 409 `last_second_factor` when it is their only second factor.',
        security: SESSION_WRITE_SECURITY,
        params: PasskeyParams,
        response: {
          204: { description: 'Removed.' },
          ...managementErrors(
            'validation_failed',
            'not_signed_in',
            'csrf_failed',
            'second_factor_setup_required',
            'not_found',
            'last_second_factor',
          ),
        },
      },
    },
    async (request, reply) => {
      orThrow(await app.passkeys.remove(actorFor(request), userOf(request), request.params.id));
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/session/passkey/options',
    {
      config: {
        public: true,
        openapi: {
          responseHeaders: {
            429: {
              'Retry-After': {
                description: 'Seconds until options are given again.',
                schema: { type: 'integer', format: 'int32', minimum: 1 },
              },
            },
          },
        },
      },
      schema: {
        ...common,
        tags: ['session'],
        operationId: 'passkeySignInOptions',
        summary: 'Start signing in with a passkey',
        description:
          "Authentication options for the browser's `navigator.credentials.get()`: any passkey of this service (discoverable, the user verified). Its challenge is good for 5 minutes, once. 300 per client address in 15 minutes.",
        security: [],
        response: {
          200: jsonResponse('The options.', WebAuthnOptionsSchema),
          ...managementErrors('not_found', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      requireDashboardHost(app, request);
      const counted = await app.attemptThrottle.attempt([
        { subject: `passkey-options:address:${addressSubject(request.ip)}`, limit: OPTIONS_PER_ADDRESS },
      ]);
      if (counted instanceof SignInThrottled)
        throw throttledAnswer(counted, 'Too many passkey sign-ins started. Retry after the time in Retry-After.');
      reply.header('cache-control', 'no-store');
      return app.passkeys.authenticationOptions(relyingParty(app, request));
    },
  );

  r.post(
    '/api/v1/session/passkey',
    {
      config: {
        public: true,
        openapi: {
          responseHeaders: {
            429: {
              'Retry-After': {
                description: 'Seconds until sign-in is accepted again from this address.',
                schema: { type: 'integer', format: 'int32', minimum: 1 },
              },
            },
          },
        },
      },
      schema: {
        ...common,
        tags: ['session'],
        operationId: 'signInWithPasskey',
        summary: 'Sign in with a passkey',
        description:
          'Checks the passkey’s answer to a challenge of `POST /session/passkey/options` and starts a session, as `POST /session` does (the cookie and the CSRF token): a passkey is a whole sign-in, no password and no code. 401 `invalid_passkey` when it is not registered here or the challenge is unknown, used or expired; 100 failures from one address in 15 minutes are 429.',
        security: [],
        body: PasskeySignInSchema,
        response: {
          200: SESSION_OK,
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'invalid_passkey',
            'not_found',
            'rate_limited',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      requireDashboardHost(app, request);
      const reservation = await app.attemptThrottle.attempt([
        { subject: `sign-in:address:${addressSubject(request.ip)}`, limit: ADDRESS_LIMIT },
      ]);
      if (reservation instanceof SignInThrottled) throw throttledAnswer(reservation);
      const user = await app.passkeys.authenticate(
        request.body.response as unknown as AuthenticationResponseJSON,
        relyingParty(app, request),
      );
      if (user instanceof DomainError) throw user;
      await reservation.succeeded();
      return sendNewSession(request, reply, await app.sessions.start(user, 'passkey', request.ip));
    },
  );
}
