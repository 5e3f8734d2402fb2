import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { orThrow } from '../errors/domain-error.js';
import type { Project } from '../projects/repository.js';
import { mayChange, projectFor } from './project-routes.js';
import {
  ApiKeyListSchema,
  CreatedApiKeySchema,
  EnvironmentQuery,
  jsonResponse,
  KeyParams,
  managementErrors,
  NewApiKeySchema,
  RollApiKeySchema,
  RolledApiKeySchema,
  SlugParams,
  WRITE_SECURITY,
} from './schemas.js';
import { createdKeyView, keyView } from './views.js';

/** /api/v1/projects/{slug}/keys: the same KeyService calls as `petstore keys`. */
export function keyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * The project of a change to one of its keys, allowed in the key's environment (an unknown key: the service's 404).
   */
  const keyChange = async (request: FastifyRequest, slug: string, keyId: string): Promise<Project> => {
    const project = await projectFor(app, request, slug, 'by-resource');
    mayChange(request, await app.keys.environmentOf(project, keyId), project);
    return project;
  };

  r.get(
    '/api/v1/projects/:slug/keys',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'listApiKeys',
        summary: 'List API keys',
        description:
          "The project's keys of one environment (`?environment=`, production by default), revoked ones included, never with their secrets. A rolled key names the key that replaced it (`replacedBy`) and stops at its `expiresAt`; its successor names it (`replaces`).",
        tags: ['keys'],
        'x-stability': 'beta',
        params: SlugParams,
        querystring: EnvironmentQuery,
        response: {
          200: jsonResponse('The keys.', ApiKeyListSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      const now = app.clock.now();
      return orThrow(await app.keys.list(project.slug, request.query.environment)).map((k) => keyView(k, now));
    },
  );

  r.post(
    '/api/v1/projects/:slug/keys',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          'Creates a key for the project, in one of its environments (`environment`, production by default; a staging key begins `psk_test_` and is refused with 401 `wrong_environment` at the production base URL, and the reverse). The answer carries the secret, this once; it is stored only as a hash. A `read` key may call GET and HEAD operations only; `expiresInDays` makes it expire by itself.',
        tags: ['keys'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: SlugParams,
        body: NewApiKeySchema,
        response: {
          201: jsonResponse('The new key, with its secret.', CreatedApiKeySchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'not_found',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const { name, scope, expiresInDays, environment } = request.body;
      const project = await projectFor(app, request, request.params.slug, environment ?? 'production');
      const created = orThrow(await app.keys.create(actorFor(request), project.slug, name ?? null, { scope, expiresInDays, environment }));
      reply.code(201).header('cache-control', 'no-store');
      return createdKeyView(created);
    },
  );

  r.post(
    '/api/v1/projects/:slug/keys/:keyId/roll',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'rollApiKey',
        summary: 'Roll an API key',
        description:
          'Creates a key with the same name, scope and expiry rule to replace this one (a key that expires gives the new one the same lifetime, counted from the roll), and makes this one expire after an overlap (`expiresInHours`, 24 by default, 0 to 168), so clients can move to the new key without downtime. The new key is of the same environment. The answer carries the new secret, this once. A key is rolled once: rolling it again, during its overlap or after, is 409 `key_already_rolled` (of several rolls at once, exactly one succeeds). A key of another project, a revoked or an expired key is 404.',
        tags: ['keys'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: KeyParams,
        body: RollApiKeySchema,
        response: {
          201: jsonResponse('The new key, with its secret, and when the old one stops.', RolledApiKeySchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'not_found',
            'key_already_rolled',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const project = await keyChange(request, request.params.slug, request.params.keyId);
      const hours = request.body.expiresInHours;
      const rolled = orThrow(await app.keys.roll(actorFor(request), project.slug, request.params.keyId, hours));
      reply.code(201).header('cache-control', 'no-store');
      return { ...createdKeyView(rolled), replaces: { id: rolled.replaces.id, expiresAt: rolled.replaces.expiresAt.toISOString() } };
    },
  );

  r.delete(
    '/api/v1/projects/:slug/keys/:keyId',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description:
          'Revokes the key (of either environment): every running server refuses it within 5 seconds. A key of another project is 404.',
        tags: ['keys'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: KeyParams,
        response: {
          204: { description: 'Revoked.' },
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const project = await keyChange(request, request.params.slug, request.params.keyId);
      orThrow(await app.keys.revoke(actorFor(request), request.params.keyId, project.slug));
      return reply.code(204).send();
    },
  );
}
