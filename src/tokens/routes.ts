import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { orThrow } from '../errors/domain-error.js';
import { actorOf, userOf } from '../management/auth.js';
import { jsonResponse, managementErrors, SESSION_READ_SECURITY, SESSION_WRITE_SECURITY, WRITE_SECURITY } from '../management/schemas.js';
import { DomainError } from '../errors/domain-error.js';
import type { TokenInfo } from './repository.js';
import { AccessTokenListSchema, CreatedAccessTokenSchema, NewTokenSchema, TokenParams } from './schemas.js';
import type { TokenService } from './service.js';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

const tokenView = (t: TokenInfo) => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  projects: t.projects,
  hint: t.hint,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt.toISOString(),
  lastUsedAt: iso(t.lastUsedAt),
  revokedAt: iso(t.revokedAt),
});

/** /api/v1/tokens: a person's access tokens, managed from a session (a token may only revoke itself). */
export function tokenRoutes(app: FastifyInstance, tokens: TokenService): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/v1/tokens',
    {
      config: { public: true, session: true, bearer: false },
      schema: {
        operationId: 'createAccessToken',
        summary: 'Create an access token',
        description:
          'Creates a personal access token for scripts and the CLI. The answer carries the secret `pst_…`, this once; it is stored only as a hash. Needs a session: an access token cannot create tokens.',
        tags: ['tokens'],
        'x-stability': 'beta',
        security: SESSION_WRITE_SECURITY,
        body: NewTokenSchema,
        response: {
          201: jsonResponse('The new token, with its secret.', CreatedAccessTokenSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'not_found',
            'token_limit',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const created = orThrow(await tokens.create(userOf(request), request.body));
      reply.code(201).header('cache-control', 'no-store');
      return {
        id: created.id,
        name: created.name,
        token: created.token,
        scope: created.scope,
        projects: created.projects,
        createdAt: created.createdAt.toISOString(),
        expiresAt: created.expiresAt.toISOString(),
      };
    },
  );

  r.get(
    '/api/v1/tokens',
    {
      config: { public: true, session: true, bearer: false },
      schema: {
        operationId: 'listAccessTokens',
        summary: 'List access tokens',
        description: "The signed-in person's tokens, revoked and expired ones included, never with their secrets.",
        tags: ['tokens'],
        'x-stability': 'beta',
        security: SESSION_READ_SECURITY,
        response: { 200: jsonResponse('The tokens.', AccessTokenListSchema), ...managementErrors('not_signed_in') },
      },
    },
    async (request) => (await tokens.list(userOf(request))).map(tokenView),
  );

  r.delete(
    '/api/v1/tokens/:id',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'revokeAccessToken',
        summary: 'Revoke an access token',
        description:
          "Revokes one of the person's tokens: every running server refuses it within 5 seconds. With an access token, only that token itself can be revoked (sign-out of the CLI); others answer 404.",
        tags: ['tokens'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: TokenParams,
        response: {
          204: { description: 'Revoked.' },
          ...managementErrors('validation_failed', 'not_signed_in', 'invalid_token', 'csrf_failed', 'insufficient_scope', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.type === 'token' && actor.token.id !== request.params.id) {
        throw new DomainError('not_found', `No active access token "${request.params.id}" exists.`);
      }
      orThrow(await tokens.revoke(actor.user, request.params.id));
      return reply.code(204).send();
    },
  );
}
