import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { orThrow } from '../errors/domain-error.js';
import { announceNext, positionOf } from '../http/pagination/pagination.js';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { mayChange, projectFor, projectIn } from '../management/project-routes.js';
import { EnvironmentQuery, jsonResponse, managementErrors, SlugParams, WRITE_SECURITY } from '../management/schemas.js';
import type { Project } from '../projects/repository.js';
import {
  AttemptListSchema,
  CreatedWebhookSchema,
  DeliveryParams,
  DeliverySchema,
  EventListQuery,
  EventListSchema,
  NewWebhookSchema,
  RetriedSchema,
  TestSentSchema,
  WebhookBudgetSchema,
  WebhookChangeSchema,
  WebhookListSchema,
  WebhookParams,
  WebhookSchema,
} from './schemas.js';
import type { WebhookService } from './service.js';

const JSON_UTF8 = 'application/json; charset=utf-8';
const TAGS = ['webhooks'];

/** /api/v1/projects/{slug}/webhooks and /events: the same WebhookService calls as `petstore webhooks` and `petstore events`. */
export function webhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const read = { public: true, session: true };

  /**
   * The project, in the environment whose endpoint (or delivery) this is: ids are unique across projects and
   * environments, so a route naming one needs no `environment`. Production's when neither has it (its 404).
   */
  const owning = async (request: FastifyRequest, slug: string, has: (p: Project) => Promise<unknown>): Promise<Project> => {
    const production = await projectFor(app, request, slug, 'by-resource');
    if (!((await has(production)) instanceof DomainError)) return mayChange(request, production, production);
    const staging = await app.projects.inEnvironment(production, 'staging');
    return mayChange(request, (await has(staging)) instanceof DomainError ? undefined : staging, production);
  };
  const endpointOf = (request: FastifyRequest, slug: string, id: string) => owning(request, slug, (p) => webhooks.get(p, id));
  const deliveryOf = (request: FastifyRequest, slug: string, id: string) => owning(request, slug, (p) => webhooks.delivery(p, id));

  r.get(
    '/api/v1/projects/:slug/events',
    {
      config: {
        ...read,
        openapi: {
          responseHeaders: {
            200: { Link: { description: '`<…>; rel="next"` when another page follows (RFC 8288).', schema: { type: 'string' } } },
          },
        },
      },
      schema: {
        operationId: 'listEvents',
        summary: 'List events',
        description:
          'The events of the project in one environment (`environment`, production by default) of the last 30 days, newest first, optionally of one `type`. When more follow, the `Link: <…>; rel="next"` header fetches the next page.',
        tags: TAGS,
        'x-stability': 'beta',
        params: SlugParams,
        querystring: EventListQuery,
        response: {
          200: jsonResponse('The events.', EventListSchema),
          ...managementErrors('validation_failed', 'invalid_cursor', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const { type, limit = 20, cursor, environment } = request.query;
      const project = await projectIn(app, request, request.params.slug, environment);
      const listing = { cursors: app.cursors, kind: 'events', projectId: project.id, filter: type ?? '' };
      const before = positionOf(listing, cursor) ?? null;
      const rows = await webhooks.events(project, type ?? null, before, limit);
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      if (rows.length > limit && last) {
        const path = `/api/v1/projects/${project.slug}/events`;
        announceNext(reply, { limit, path, listing, query: { type, environment }, lastId: last.seq });
      }
      return reply.type(JSON_UTF8).send(webhooks.eventsJson(project, items));
    },
  );

  r.get(
    '/api/v1/projects/:slug/webhooks',
    {
      config: read,
      schema: {
        operationId: 'listWebhooks',
        summary: 'List webhook endpoints',
        description: "The project's webhook endpoints of one environment (`environment`, production by default), without their secrets.",
        tags: TAGS,
        'x-stability': 'beta',
        params: SlugParams,
        querystring: EnvironmentQuery,
        response: {
          200: jsonResponse('The endpoints.', WebhookListSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => webhooks.list(await projectIn(app, request, request.params.slug, request.query.environment)),
  );

  r.post(
    '/api/v1/projects/:slug/webhooks',
    {
      config: read,
      schema: {
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint',
        description:
          "Adds an endpoint that receives the project's events of the given types, signed as Standard Webhooks do (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer holds the signing secret, shown this once. A URL that is not `https://`, or whose host is a loopback, private or link-local address, is refused (400) unless the server runs with WEBHOOK_ALLOW_PRIVATE=true; names are checked again at each delivery, on the address connected to. A project has at most as many endpoints as its plan allows (Free 2, Pro 10, Business 25, Enterprise 50): 409 `webhook_limit`.",
        tags: TAGS,
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: SlugParams,
        body: NewWebhookSchema,
        response: {
          201: jsonResponse('The endpoint, with its secret.', CreatedWebhookSchema),
          ...managementErrors('validation_failed', 'malformed_json', 'not_signed_in', 'csrf_failed', 'not_found', 'webhook_limit'),
        },
      },
    },
    async (request, reply) => {
      const { environment, ...input } = request.body;
      const project = await projectIn(app, request, request.params.slug, environment);
      const created = orThrow(await webhooks.add(actorFor(request), project, input));
      reply.code(201).header('location', `/api/v1/projects/${project.slug}/webhooks/${created.id}`);
      return created;
    },
  );

  r.get(
    '/api/v1/projects/:slug/webhook-budget',
    {
      config: read,
      schema: {
        operationId: 'getWebhookBudget',
        summary: "Get today's webhook budget",
        description:
          'The delivery attempts the project may make today (UTC), made and left. Every attempt counts: first tries, retries, test events and manual retries. Once none is left, a delivery that comes due is not sent: its attempt is recorded as `budget_exhausted` and the delivery is `failed` (retry it after `resetsAt`). Free 2,000 a day, Pro 100,000, Business 2,500,000, Enterprise its requests per day times 50.',
        tags: TAGS,
        'x-stability': 'beta',
        params: SlugParams,
        querystring: EnvironmentQuery,
        response: {
          200: jsonResponse("Today's budget.", WebhookBudgetSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => webhooks.budget(await projectIn(app, request, request.params.slug, request.query.environment)),
  );

  r.get(
    '/api/v1/projects/:slug/webhooks/:webhookId',
    {
      config: read,
      schema: {
        operationId: 'getWebhook',
        summary: 'Get a webhook endpoint',
        description: 'One endpoint of the project, without its secret.',
        tags: TAGS,
        'x-stability': 'beta',
        params: WebhookParams,
        response: {
          200: jsonResponse('The endpoint.', WebhookSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const { slug, webhookId } = request.params;
      return orThrow(await webhooks.get(await endpointOf(request, slug, webhookId), webhookId));
    },
  );

  r.patch(
    '/api/v1/projects/:slug/webhooks/:webhookId',
    {
      config: read,
      schema: {
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint',
        description:
          'Changes the URL or the event types, or enables (after a 410, say) or pauses the endpoint. Deliveries of a paused endpoint wait until it is enabled again.',
        tags: TAGS,
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: WebhookParams,
        body: WebhookChangeSchema,
        response: {
          200: jsonResponse('The endpoint.', WebhookSchema),
          ...managementErrors('validation_failed', 'malformed_json', 'not_signed_in', 'csrf_failed', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await endpointOf(request, request.params.slug, request.params.webhookId);
      return orThrow(await webhooks.update(actorFor(request), project, request.params.webhookId, request.body));
    },
  );

  r.delete(
    '/api/v1/projects/:slug/webhooks/:webhookId',
    {
      config: read,
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Remove a webhook endpoint',
        description: 'Removes the endpoint with its deliveries; nothing more is sent to it.',
        tags: TAGS,
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: WebhookParams,
        response: {
          200: jsonResponse('The endpoint removed.', WebhookSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await endpointOf(request, request.params.slug, request.params.webhookId);
      return orThrow(await webhooks.remove(actorFor(request), project, request.params.webhookId));
    },
  );

  r.post(
    '/api/v1/projects/:slug/webhooks/:webhookId/test',
    {
      config: read,
      schema: {
        operationId: 'testWebhook',
        summary: 'Send a test event',
        description: 'Queues a `ping` event for this endpoint alone; its attempt appears in the deliveries within a second or so.',
        tags: TAGS,
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: WebhookParams,
        response: {
          202: jsonResponse('The ping, queued.', TestSentSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const sent = orThrow(
        await webhooks.test(
          actorFor(request),
          await endpointOf(request, request.params.slug, request.params.webhookId),
          request.params.webhookId,
        ),
      );
      return reply.code(202).send(sent);
    },
  );

  r.get(
    '/api/v1/projects/:slug/webhooks/:webhookId/deliveries',
    {
      config: read,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'List delivery attempts',
        description:
          "The endpoint's latest 100 delivery attempts, newest first, with the event's type, the delivery's state now, the receiver's status, the duration and, for a failure, why. `GET …/deliveries/{id}` shows one with its payload and the receiver's answers.",
        tags: TAGS,
        'x-stability': 'beta',
        params: WebhookParams,
        response: {
          200: jsonResponse('The attempts.', AttemptListSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const { slug, webhookId } = request.params;
      return orThrow(await webhooks.attempts(await endpointOf(request, slug, webhookId), webhookId));
    },
  );

  r.get(
    '/api/v1/projects/:slug/deliveries/:deliveryId',
    {
      config: read,
      schema: {
        operationId: 'getWebhookDelivery',
        summary: 'Get a delivery',
        description:
          "One event sent to one endpoint: its state, the event as delivered (the request body) and its latest 20 attempts, newest first, each with the start of the receiver's answer (4096 bytes at most).",
        tags: TAGS,
        'x-stability': 'beta',
        params: DeliveryParams,
        response: {
          200: jsonResponse('The delivery.', DeliverySchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const { slug, deliveryId } = request.params;
      return orThrow(await webhooks.delivery(await deliveryOf(request, slug, deliveryId), deliveryId));
    },
  );

  r.post(
    '/api/v1/projects/:slug/deliveries/:deliveryId/retry',
    {
      config: read,
      schema: {
        operationId: 'retryWebhookDelivery',
        summary: 'Send a delivery again',
        description:
          "Makes the delivery due now, whatever its state: it is sent again (with the same event id) within a second or so, counted against the project's webhook budget for the day (once that is spent, the attempt is recorded as `budget_exhausted` and not sent).",
        tags: TAGS,
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: DeliveryParams,
        response: {
          202: jsonResponse('The delivery, due again.', RetriedSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const retried = orThrow(
        await webhooks.retry(
          actorFor(request),
          await deliveryOf(request, request.params.slug, request.params.deliveryId),
          request.params.deliveryId,
        ),
      );
      return reply.code(202).send(retried);
    },
  );
}
