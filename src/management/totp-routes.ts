import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SignInThrottled } from '../accounts/sign-in.js';
import { actorFor } from '../audit/request-actor.js';
import { DomainError } from '../errors/domain-error.js';
import { userOf } from './auth.js';
import { sessionTokenOf } from './cookies.js';
import { jsonResponse, managementErrors, SESSION_READ_SECURITY, SESSION_WRITE_SECURITY } from './schemas.js';
import { CodeSchema, RecoveryCodesSchema, TotpSetupSchema, TotpStatusSchema } from './security-schemas.js';
import { throttledAnswer } from './session-routes.js';

const RETRY_AFTER = {
  429: {
    'Retry-After': { description: 'Seconds until codes are checked again.', schema: { type: 'integer', format: 'int32', minimum: 1 } },
  },
};

/** A service answer as the route sends it: 429 for too many wrong codes, the error's status for a refusal. */
function answer<T>(result: T | DomainError | SignInThrottled): T {
  if (result instanceof SignInThrottled) throw throttledAnswer(result, 'Too many wrong codes. Retry after the time in Retry-After.');
  if (result instanceof DomainError) throw result;
  return result;
}

const session = (setup?: 'setup' | 'always') => ({
  public: true,
  session: true,
  bearer: false,
  ...(setup ? { secondFactorSetup: setup } : {}),
});

/** /api/v1/me/totp: the signed-in person's authenticator app (TOTP) and recovery codes. A session only, never an access token. */
export function totpRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const common = { tags: ['security'], 'x-stability': 'beta' as const };

  r.get(
    '/api/v1/me/totp',
    {
      config: session('always'),
      schema: {
        ...common,
        operationId: 'getTotp',
        summary: 'The authenticator app',
        description: 'Whether sign-in asks for a code of an authenticator app, since when, and how many recovery codes are left.',
        security: SESSION_READ_SECURITY,
        response: { 200: jsonResponse('The authenticator app.', TotpStatusSchema), ...managementErrors('not_signed_in') },
      },
    },
    async (request, reply) => {
      const { totp, recoveryCodesLeft } = await app.secondFactors.status(userOf(request));
      reply.header('cache-control', 'no-store');
      return { enabled: totp.enabled, confirmedAt: totp.confirmedAt?.toISOString() ?? null, recoveryCodesLeft };
    },
  );

  r.post(
    '/api/v1/me/totp',
    {
      config: session('setup'),
      schema: {
        ...common,
        operationId: 'setUpTotp',
        summary: 'Set up an authenticator app',
        description:
          'Makes a new secret for an authenticator app (RFC 6238: 30-second steps, 6 digits, SHA-1), with its `otpauth://` URL and that URL as a QR code. Nothing changes at sign-in until the app is confirmed with its first code (`POST /me/totp/confirm`); asking again replaces a secret not confirmed yet. With SECRETS_KEY set, the secret is stored encrypted. 409 `totp_already_enabled` when one is on.',
        security: SESSION_WRITE_SECURITY,
        response: {
          200: jsonResponse('The secret to give the app.', TotpSetupSchema),
          ...managementErrors('not_signed_in', 'csrf_failed', 'second_factor_setup_required', 'totp_already_enabled'),
        },
      },
    },
    async (request, reply) => {
      const setup = answer(await app.secondFactors.beginTotp(userOf(request)));
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(setup.otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      reply.header('cache-control', 'no-store');
      return { ...setup, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
  );

  r.post(
    '/api/v1/me/totp/confirm',
    {
      config: { ...session('setup'), openapi: { responseHeaders: RETRY_AFTER } },
      schema: {
        ...common,
        operationId: 'confirmTotp',
        summary: 'Turn the authenticator app on',
        description:
          'Checks the first code of the app being set up and turns it on: from now on sign-in asks for a code. The answer carries ten recovery codes, this once (only their hashes are stored); each signs in once in place of a code. A wrong code is 400 `validation_failed`; 10 wrong codes in 15 minutes are 429.',
        security: SESSION_WRITE_SECURITY,
        body: CodeSchema,
        response: {
          200: jsonResponse('The recovery codes.', RecoveryCodesSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'second_factor_setup_required',
            'not_found',
            'rate_limited',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const result = answer(await app.secondFactors.confirmTotp(actorFor(request), userOf(request), request.body.code));
      await app.sessions.provenInSession(sessionTokenOf(request) ?? '', 'password+totp');
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  r.delete(
    '/api/v1/me/totp',
    {
      config: { ...session(), openapi: { responseHeaders: RETRY_AFTER } },
      schema: {
        ...common,
        operationId: 'turnOffTotp',
        summary: 'Turn the authenticator app off',
        description:
          'Turns the authenticator app off and deletes its recovery codes, given a current code of the app (or a recovery code). With REQUIRE_SECOND_FACTOR, refused with 409 `last_second_factor` while it is the only second factor (add a passkey first).',
        security: SESSION_WRITE_SECURITY,
        body: CodeSchema,
        response: {
          204: { description: 'Turned off.' },
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'second_factor_setup_required',
            'not_found',
            'last_second_factor',
            'rate_limited',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      answer(await app.secondFactors.disableTotp(actorFor(request), userOf(request), request.body.code));
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/me/totp/recovery-codes',
    {
      config: { ...session(), openapi: { responseHeaders: RETRY_AFTER } },
      schema: {
        ...common,
        operationId: 'renewRecoveryCodes',
        summary: 'Renew the recovery codes',
        description:
          'Ten new recovery codes in place of the old ones (which stop working), given a current code of the app (or a recovery code). Shown this once.',
        security: SESSION_WRITE_SECURITY,
        body: CodeSchema,
        response: {
          200: jsonResponse('The new recovery codes.', RecoveryCodesSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'second_factor_setup_required',
            'not_found',
            'rate_limited',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const result = answer(await app.secondFactors.regenerateRecoveryCodes(actorFor(request), userOf(request), request.body.code));
      reply.header('cache-control', 'no-store');
      return result;
    },
  );
}
