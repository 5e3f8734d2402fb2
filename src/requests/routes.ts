import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError } from '../http/errors/errors.js';
import { announceNext, positionOf } from '../http/pagination/pagination.js';
import { projectIn } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SlugParams } from '../management/schemas.js';
import { RequestPageSchema, RequestQuery } from './schemas.js';
import { filterKey, requestFilter, requestJson, type RequestLogService } from './service.js';

/** GET /api/v1/projects/{slug}/requests: the same requests as `petstore requests SLUG`. */
export function requestRoutes(app: FastifyInstance, requests: RequestLogService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/projects/:slug/requests',
    {
      config: {
        public: true,
        session: true,
        openapi: {
          responseHeaders: { 200: { Link: { description: '`<…>; rel="next"` when older requests follow.', schema: { type: 'string' } } } },
        },
      },
      schema: {
        operationId: 'listRequests',
        summary: 'Search the request log',
        description:
          "The project's `/v1` requests in one environment (`environment`, production by default; `path` is the path as routed, `/v1/…` in both) of the last `REQUEST_LOG_DAYS` days (7 by default; at most the newest 100,000), newest first: find one by its `X-Request-Id`, or filter by status class or code, key and operation. A request appears within 2 seconds. Headers, bodies and cursor values are never logged. More pages are announced in the `Link` header.",
        tags: ['requests'],
        'x-stability': 'beta',
        params: SlugParams,
        querystring: RequestQuery,
        response: {
          200: jsonResponse('A page of the request log.', RequestPageSchema),
          ...managementErrors('validation_failed', 'invalid_cursor', 'not_signed_in', 'invalid_token', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const { limit = 50, cursor, environment, ...search } = request.query;
      const project = await projectIn(app, request, request.params.slug, environment);
      const filter = requestFilter(search);
      if (filter === null) throw new ApiError('validation_failed', 'status must be a class (2xx, 4xx, 5xx) or a status code.');
      const listing = { cursors: app.cursors, kind: 'requests', projectId: project.id, filter: filterKey(filter) };
      const before = positionOf(listing, cursor);
      const rows = await requests.list(project.id, filter, { limit: limit + 1, before });
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      if (rows.length > limit && last) {
        const query = { status: search.status, keyId: search.keyId, operation: search.operation, requestId: search.requestId, environment };
        announceNext(reply, { limit, path: `/api/v1/projects/${project.slug}/requests`, listing, query, lastId: last.id });
      }
      return items.map(requestJson);
    },
  );
}
