import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openOrderRepository } from './repository.js';
import { orderRoutes } from './routes.js';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(orderRoutes, { orders: repositoryOf(app, 'orders', openOrderRepository), cursors: app.cursors });
  },
  { name: 'orders', dependencies: ['keys', 'limits', 'secrets'] },
);
