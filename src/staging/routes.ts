import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { orThrow } from '../errors/domain-error.js';
import { projectFor } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SlugParams, WRITE_SECURITY } from '../management/schemas.js';
import { StagingCopySchema, StagingResetSchema } from './schemas.js';
import type { StagingService } from './service.js';

/** /api/v1/projects/{slug}/staging/…: the same StagingService calls as `petstore staging`. */
export function stagingRoutes(app: FastifyInstance, staging: StagingService): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/v1/projects/:slug/staging/reset',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'resetStaging',
        summary: 'Reset the staging environment',
        description:
          "Empties the project's staging environment in one transaction: its pets (the next is number 1 again), orders, idempotency keys, events and webhook deliveries, usage counts and request log. Its keys and webhook endpoints stay, and so do its quota counts of the current windows. Production is not touched. Recorded in the audit log (`staging.reset`).",
        tags: ['staging'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: SlugParams,
        response: {
          200: jsonResponse('The staging environment, emptied.', StagingResetSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'invalid_token', 'csrf_failed', 'insufficient_scope', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      const reset = orThrow(await staging.reset(actorFor(request), project.slug));
      return { ...reset, resetAt: reset.resetAt.toISOString() };
    },
  );

  r.post(
    '/api/v1/projects/:slug/staging/copy-pets',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'copyPetsToStaging',
        summary: "Copy production's pets into staging",
        description:
          "Copies every pet of production into the staging environment with the same ids, names, categories and statuses, and numbers staging's next pet after them. Orders are not copied, so a pet pending because of an open order (placed or approved) is copied `available`; one created `pending` stays so. Only into an empty staging (no pets, no orders): otherwise 409 `staging_not_empty` and nothing is copied (reset it first: `POST …/staging/reset`). No events are sent for the copies. Recorded in the audit log (`staging.copy_pets`).",
        tags: ['staging'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: SlugParams,
        response: {
          200: jsonResponse('The copy.', StagingCopySchema),
          ...managementErrors(
            'validation_failed',
            'not_signed_in',
            'invalid_token',
            'csrf_failed',
            'insufficient_scope',
            'not_found',
            'staging_not_empty',
          ),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return orThrow(await staging.copyPets(actorFor(request), project.slug));
    },
  );
}
