import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openPetRepository } from './open-repository.js';
import { petRoutes } from './routes.js';
import { PetService } from './service.js';

const HOUR_MS = 60 * 60 * 1000;

export default fp(
  async (app: FastifyInstance) => {
    const pets = new PetService(repositoryOf(app, 'pets', openPetRepository), app.clock);
    await app.register(petRoutes, { pets, cursors: app.cursors });
    // Idempotency keys are kept 24 h; expired ones are removed hourly.
    const purge = setInterval(() => {
      pets.purgeExpiredKeys().catch((err: unknown) => app.log.warn({ err }, 'purging expired idempotency keys failed'));
    }, HOUR_MS);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'pets', dependencies: ['keys', 'limits', 'secrets'] },
);
