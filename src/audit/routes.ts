import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { announceNext, positionOf } from '../http/pagination.js';
import { projectFor } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SlugParams } from '../management/schemas.js';
import { AuditPageSchema, AuditQuery } from './schemas.js';
import { auditJson, type AuditService } from './service.js';

/** GET /api/v1/projects/{slug}/audit: the same entries as `petstore audit SLUG`. */
export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/projects/:slug/audit',
    {
      config: {
        public: true,
        session: true,
        openapi: {
          responseHeaders: { 200: { Link: { description: '`<…>; rel="next"` when older entries follow.', schema: { type: 'string' } } } },
        },
      },
      schema: {
        operationId: 'listAuditEntries',
        summary: 'List the audit log',
        description:
          "The project's changes of the last 90 days, newest first: who (a person, an access token, or the operator's CLI), what, on what, when and from which address. More pages are announced in the `Link` header.",
        tags: ['audit'],
        'x-stability': 'beta',
        params: SlugParams,
        querystring: AuditQuery,
        response: {
          200: jsonResponse('A page of the audit log.', AuditPageSchema),
          ...managementErrors('validation_failed', 'invalid_cursor', 'not_signed_in', 'invalid_token', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      const { limit = 50, cursor } = request.query;
      const listing = { cursors: app.cursors, kind: 'audit', projectId: project.id, filter: '' };
      const before = positionOf(listing, cursor);
      const rows = await audit.list(project.id, { limit: limit + 1, before });
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      if (rows.length > limit && last) {
        announceNext(reply, { limit, path: `/api/v1/projects/${project.slug}/audit`, listing, query: {}, lastId: last.id });
      }
      return items.map(auditJson);
    },
  );
}
