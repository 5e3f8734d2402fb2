import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openPetRepository } from './open-repository.js';
import type { PetRepository } from './repository.js';
import { petRoutes } from './routes.js';
import { PetService } from './service.js';
import { versionPetWrites } from './writes.js';

const HOUR_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The pets' repository on the app's database (wrapped when a test asked for it); the `answer` stage reads it (stages.ts). */
    petRepository: PetRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const repository = repositoryOf(app, 'pets', openPetRepository);
    const pets = new PetService(repository, app.clock);
    // Before any route is declared: the orders capability's come after this one's.
    versionPetWrites(app);
    await app.register(petRoutes, { pets, cursors: app.cursors });
    app.decorate('petRepository', repository);
    // Idempotency keys are kept 24 h; expired ones are removed hourly (by one process of the server).
    if (app.background) {
      const purge = setInterval(() => {
        pets.purgeExpiredKeys().catch((err: unknown) => app.log.warn({ err }, 'purging expired idempotency keys failed'));
      }, HOUR_MS);
      purge.unref();
      app.addHook('onClose', async () => clearInterval(purge));
    }
  },
  { name: 'pets', dependencies: ['keys', 'limits', 'secrets'] },
);
