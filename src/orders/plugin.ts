import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openOrderRepository } from './open-repository.js';
import { outboxStoreEvents } from './outbox.js';
import { orderRoutes } from './routes.js';
import { OrderService } from './service.js';

export default fp(
  async (app: FastifyInstance) => {
    // The order flow reports order.* and pet.status_changed here, inside each change's transaction.
    const events = outboxStoreEvents;
    const orders = new OrderService(
      repositoryOf(app, 'orders', (database) => openOrderRepository(database, events)),
      app.clock,
    );
    await app.register(orderRoutes, { orders, cursors: app.cursors });
  },
  { name: 'orders', dependencies: ['keys', 'limits', 'secrets', 'pets'] },
);
