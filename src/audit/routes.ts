import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { announceNext, positionOf } from '../http/pagination/pagination.js';
import { userOf } from '../management/auth.js';
import { projectFor } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SESSION_READ_SECURITY, SlugParams } from '../management/schemas.js';
import { SecurityLogSchema } from '../management/security-schemas.js';
import { AuditPageSchema, AuditQuery } from './schemas.js';
import { auditJson, personAuditJson, type AuditService } from './service.js';

/**
 * GET /api/v1/projects/{slug}/audit: the same entries as `petstore audit SLUG`; GET /api/v1/me/security-log: the
 * signed-in person's own log (sign-ins, second factors).
 */
export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
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

  r.get(
    '/api/v1/me/security-log',
    {
      config: {
        public: true,
        session: true,
        bearer: false,
        secondFactorSetup: 'always',
        openapi: {
          responseHeaders: { 200: { Link: { description: '`<…>; rel="next"` when older entries follow.', schema: { type: 'string' } } } },
        },
      },
      schema: {
        tags: ['security'],
        'x-stability': 'beta',
        operationId: 'listSecurityLog',
        summary: 'Your sign-ins and second factors',
        description:
          "The signed-in person's own log of the last 90 days, newest first: every sign-in and how it was made (password, with a code or a recovery code, a passkey, single sign-on), authenticator apps and passkeys added and removed, recovery codes used and renewed, and the operator's resets. More pages are announced in the `Link` header.",
        security: SESSION_READ_SECURITY,
        querystring: AuditQuery,
        response: {
          200: jsonResponse('A page of the log.', SecurityLogSchema),
          ...managementErrors('validation_failed', 'invalid_cursor', 'not_signed_in'),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { limit = 50, cursor } = request.query;
      const listing = { cursors: app.cursors, kind: 'security-log', projectId: user.id, filter: '' };
      const before = positionOf(listing, cursor);
      const rows = await audit.listForPerson(user.id, { limit: limit + 1, before });
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      if (rows.length > limit && last) {
        announceNext(reply, { limit, path: '/api/v1/me/security-log', listing, query: {}, lastId: last.id });
      }
      reply.header('cache-control', 'no-store');
      return items.map(personAuditJson);
    },
  );
}
