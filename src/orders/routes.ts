import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMMON_ERROR_CODES, errorResponses, jsonResponse } from '../contract/error-schema.js';
import { principalOf } from '../keys/auth-hook.js';
import type { CursorCodec } from '../http/cursors.js';
import { page, positionOf } from '../http/pagination.js';
import type { OrderRepository } from './repository.js';
import { ListOrdersQuery, OrdersSchema } from './schemas.js';

export const orderRoutes: FastifyPluginAsyncTypebox<{ orders: OrderRepository; cursors: CursorCodec }> = async (
  app,
  { orders, cursors },
) => {
  app.get(
    '/v1/store/orders',
    {
      schema: {
        operationId: 'listOrders',
        summary: 'List store orders',
        description:
          "Lists the store orders of the caller's project in ascending `id`, paged like `listPets`. Experimental: orders cannot be placed through the API yet, so the list is empty until they can.",
        tags: ['store'],
        'x-stability': 'experimental',
        querystring: ListOrdersQuery,
        response: {
          200: jsonResponse('A page of orders.', OrdersSchema),
          ...errorResponses('validation_failed', 'invalid_cursor', ...COMMON_ERROR_CODES),
        },
      },
      config: {
        openapi: {
          responseHeaders: { 200: { Link: { description: '`<…>; rel="next"` when another page follows.', schema: { type: 'string' } } } },
        },
      },
    },
    async (request, reply) => {
      const { projectId } = principalOf(request);
      const { limit = 20, cursor } = request.query;
      const listing = { cursors, kind: 'orders', projectId, filter: '' };
      const after = positionOf(listing, cursor);
      const rows = await orders.list(projectId, { limit: limit + 1, after });
      return page(reply, rows, { limit, path: '/v1/store/orders', listing, query: {} });
    },
  );
};
