import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMMON_ERROR_CODES, errorResponses, WRITE_ERROR_CODES, jsonResponse } from '../contract/error-schema.js';
import { orThrow } from '../errors/domain-error.js';
import { environmentOf } from '../http/pipeline/environments.js';
import { principalOf } from '../keys/auth-hook.js';
import type { CursorCodec } from '../http/pagination/cursors.js';
import { page, positionOf } from '../http/pagination/pagination.js';
import { IdempotencyHeaders } from '../pets/schemas.js';
import { CHANGES_PETS } from '../pets/writes.js';
import type { OrderService } from './service.js';
import {
  InventorySchema,
  ListOrdersQuery,
  NoQuery,
  NewOrderSchema,
  OrderIdParams,
  OrderSchema,
  OrderUpdateSchema,
  OrdersSchema,
} from './schemas.js';

const str = (description: string) => ({ description, schema: { type: 'string' } });
const BETA = 'Beta: the order flow may gain fields before it is stable.';

export const orderRoutes: FastifyPluginAsyncTypebox<{ orders: OrderService; cursors: CursorCodec }> = async (app, { orders, cursors }) => {
  app.get(
    '/v1/store/orders',
    {
      schema: {
        operationId: 'listOrders',
        summary: 'List store orders',
        description: `Lists the store orders of the caller's project in ascending \`id\`, optionally only those in one \`status\`, paged like \`listPets\`: when more follow, the \`Link: <…>; rel="next"\` header (keeping \`limit\` and \`status\`) fetches the next page. ${BETA}`,
        tags: ['store'],
        'x-stability': 'beta',
        querystring: ListOrdersQuery,
        response: {
          200: jsonResponse('A page of orders.', OrdersSchema),
          ...errorResponses('validation_failed', 'invalid_cursor', ...COMMON_ERROR_CODES),
        },
      },
      config: { openapi: { responseHeaders: { 200: { Link: str('`<…>; rel="next"` when another page follows (RFC 8288).') } } } },
    },
    async (request, reply) => {
      const { projectId } = principalOf(request);
      const { limit = 20, status, cursor } = request.query;
      const listing = { cursors, kind: 'orders', projectId, filter: status ?? '' };
      const after = positionOf(listing, cursor);
      const rows = await orders.list(projectId, { limit: limit + 1, after, status });
      const path = `${app.environments.apiPath(environmentOf(request.raw))}/store/orders`;
      return page(reply, rows, { limit, path, listing, query: { status } });
    },
  );

  app.post(
    '/v1/store/orders',
    {
      schema: {
        operationId: 'placeOrder',
        summary: 'Place an order for an animal',
        description: `Orders an \`available\` animal of the caller's project; in the same transaction the animal becomes \`pending\`. Of many concurrent orders for one animal exactly one is placed; the others answer 409 \`pet_not_available\`. A 201 is sent only once the order is durably stored. Send an \`Idempotency-Key\` to retry safely (a replay returns the order as it is now). ${BETA}`,
        tags: ['store'],
        'x-stability': 'beta',
        headers: IdempotencyHeaders,
        body: NewOrderSchema,
        response: {
          201: jsonResponse('The placed order.', OrderSchema),
          ...errorResponses(
            'malformed_json',
            'validation_failed',
            'pet_not_found',
            'pet_not_available',
            'idempotency_key_in_use',
            'payload_too_large',
            'unsupported_media_type',
            'idempotency_key_reused',
            ...WRITE_ERROR_CODES,
          ),
        },
      },
      config: {
        ...CHANGES_PETS,
        openapi: {
          responseHeaders: {
            201: {
              Location: str('The URL of the order.'),
              'Idempotent-Replayed': str('`true` when this response replays an earlier request with the same `Idempotency-Key`.'),
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { projectId } = principalOf(request);
      const result = orThrow(await orders.place(projectId, request.body, request.headers['idempotency-key']));
      if (result.kind === 'replayed') reply.header('idempotent-replayed', 'true');
      reply.header('location', `${app.environments.apiPath(environmentOf(request.raw))}/store/orders/${result.order.id.toString()}`);
      return reply.code(201).send(result.order);
    },
  );

  app.get(
    '/v1/store/orders/:orderId',
    {
      schema: {
        operationId: 'getOrder',
        summary: 'Get an order',
        description: `An order of the caller's project; an id of another project answers 404. ${BETA}`,
        tags: ['store'],
        'x-stability': 'beta',
        params: OrderIdParams,
        response: {
          200: jsonResponse('The order.', OrderSchema),
          ...errorResponses('validation_failed', 'not_found', ...COMMON_ERROR_CODES),
        },
      },
    },
    async (request) => orThrow(await orders.get(principalOf(request).projectId, request.params.orderId)),
  );

  app.patch(
    '/v1/store/orders/:orderId',
    {
      schema: {
        operationId: 'updateOrder',
        summary: 'Approve or deliver an order',
        description: `Moves an order forward: \`placed\` → \`approved\` → \`delivered\` (the animal becomes \`sold\` and the order \`complete\`). Cancel with DELETE. Any other move answers 409 \`invalid_transition\`, naming the order's current status; the check and the change are one conditional update, so of two concurrent changes at most one applies. ${BETA}`,
        tags: ['store'],
        'x-stability': 'beta',
        params: OrderIdParams,
        body: OrderUpdateSchema,
        response: {
          200: jsonResponse('The order in its new status.', OrderSchema),
          ...errorResponses(
            'malformed_json',
            'validation_failed',
            'not_found',
            'invalid_transition',
            'payload_too_large',
            'unsupported_media_type',
            ...WRITE_ERROR_CODES,
          ),
        },
      },
      config: CHANGES_PETS,
    },
    async (request) => orThrow(await orders.move(principalOf(request).projectId, request.params.orderId, request.body.status)),
  );

  app.delete(
    '/v1/store/orders/:orderId',
    {
      schema: {
        operationId: 'cancelOrder',
        summary: 'Cancel an order',
        description: `Cancels a \`placed\` or \`approved\` order: it becomes \`cancelled\` and its animal \`available\` again. The order is kept (answered 200 with it) so it can still be read and listed. A delivered or already cancelled order answers 409 \`invalid_transition\`. ${BETA}`,
        tags: ['store'],
        'x-stability': 'beta',
        params: OrderIdParams,
        response: {
          200: jsonResponse('The cancelled order.', OrderSchema),
          ...errorResponses('validation_failed', 'not_found', 'invalid_transition', ...WRITE_ERROR_CODES),
        },
      },
      config: CHANGES_PETS,
    },
    async (request) => orThrow(await orders.move(principalOf(request).projectId, request.params.orderId, 'cancelled')),
  );

  app.get(
    '/v1/store/inventory',
    {
      schema: {
        operationId: 'getInventory',
        summary: 'Count animals by status',
        description: `How many of the project's animals are \`available\`, \`pending\` and \`sold\`: the same counts as listing them with each \`status\` filter. ${BETA}`,
        tags: ['store'],
        'x-stability': 'beta',
        querystring: NoQuery,
        response: {
          200: jsonResponse('The counts.', InventorySchema),
          ...errorResponses('validation_failed', ...COMMON_ERROR_CODES),
        },
      },
    },
    async (request) => orders.inventory(principalOf(request).projectId),
  );
};
