import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { projectIn } from '../management/project-routes.js';
import { EnvironmentQuery, jsonResponse, managementErrors, SlugParams } from '../management/schemas.js';
import type { DeprecationsService } from './deprecations.js';
import { DeprecationsSchema, UsageQuery, UsageSchema } from './schemas.js';
import { usageJson, type UsageService } from './service.js';

/** GET /api/v1/projects/{slug}/usage: the same report as `petstore usage SLUG`. */
export function usageRoutes(app: FastifyInstance, usage: UsageService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/projects/:slug/usage',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'getUsage',
        summary: 'Get usage',
        description:
          "The project's API requests per minute for the last hour and per day for the last 30 days in one environment (`environment`, production by default), beside its quota; with `by=key`, also each key's requests today and in the last 30 days.",
        tags: ['usage'],
        'x-stability': 'beta',
        params: SlugParams,
        querystring: UsageQuery,
        response: { 200: jsonResponse('The usage.', UsageSchema), ...managementErrors('validation_failed', 'not_signed_in', 'not_found') },
      },
    },
    async (request) => {
      const project = await projectIn(app, request, request.params.slug, request.query.environment);
      return usageJson(await usage.reportOf(project, { byKey: request.query.by === 'key' }));
    },
  );
}

/** GET /api/v1/projects/{slug}/deprecations: the same report as `petstore deprecations SLUG`. */
export function deprecationsRoutes(app: FastifyInstance, deprecations: DeprecationsService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/projects/:slug/deprecations',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'getDeprecations',
        summary: 'Get deprecated operations and their callers',
        description:
          "Every deprecated operation of the `/v1` contract (`deprecated: true`), with its sunset and successor as its headers give them, and the project's keys that called it in the last 30 days in one environment (`environment`, production by default), with exact counts and the last call. A key that stopped calling drops out 30 days after its last call.",
        tags: ['deprecations'],
        'x-stability': 'beta',
        params: SlugParams,
        querystring: EnvironmentQuery,
        response: {
          200: jsonResponse('The deprecated operations and their callers.', DeprecationsSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => deprecations.report(await projectIn(app, request, request.params.slug, request.query.environment)),
  );
}
