import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openPetRepository } from './open-repository.js';
import { earlyPetsStep } from './early.js';
import { petRoutes } from './routes.js';
import { PetService } from './service.js';
import { versionPetWrites } from './writes.js';

const HOUR_MS = 60 * 60 * 1000;

export default fp(
  async (app: FastifyInstance) => {
    const repository = repositoryOf(app, 'pets', openPetRepository);
    const pets = new PetService(repository, app.clock);
    // Before any route is declared: the orders capability's come after this one's.
    versionPetWrites(app);
    await app.register(petRoutes, { pets, cursors: app.cursors });
    // listPets and getPet before Fastify (on PostgreSQL, an answer that awaits its read). A repository a test
    // wraps (to make it fail, say) keeps every request on the regular path, which reads through the wrapper.
    const early =
      app.repositoryWrappers.pets === undefined
        ? earlyPetsStep({
            gate: app.frontDoor.gate,
            pets: repository,
            cursors: app.cursors,
            clock: app.clock,
            apiPath: (environment) => app.environments.apiPath(environment),
            hold: app.config.heldAnswers,
          })
        : null;
    if (early) app.frontDoor.add('route', early);
    // Idempotency keys are kept 24 h; expired ones are removed hourly.
    const purge = setInterval(() => {
      pets.purgeExpiredKeys().catch((err: unknown) => app.log.warn({ err }, 'purging expired idempotency keys failed'));
    }, HOUR_MS);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'pets', dependencies: ['keys', 'limits', 'secrets'] },
);
