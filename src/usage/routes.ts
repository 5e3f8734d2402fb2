import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { projectIn } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SlugParams } from '../management/schemas.js';
import { UsageQuery, UsageSchema } from './schemas.js';
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
