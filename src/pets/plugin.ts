import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openPetRepository } from './open-repository.js';
import { earlyPetsStep } from './early.js';
import { petRoutes } from './routes.js';
import { PetService } from './service.js';
import { petsVersionKey } from './version-cache.js';

const HOUR_MS = 60 * 60 * 1000;
/** The API paths whose writes change what listPets and getPet answer: pets, and orders (a pet's status). */
const WRITES = /^\/v1\/(?:pets|store)(?:[/?]|$)/;

export default fp(
  async (app: FastifyInstance) => {
    const repository = repositoryOf(app, 'pets', openPetRepository);
    const pets = new PetService(repository, app.clock);
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
          })
        : null;
    if (early) app.frontDoor.add('route', early);
    // Every write to a project's pets or orders changes its shared version, counted with its limit in one
    // round trip before it writes, so no instance gives an answer held from before it (version-cache.ts).
    // Only PostgreSQL's answers are held: on SQLite nothing reads the version.
    if (app.storage.engine === 'postgres') {
      app.changedVersion((request) => {
        const { method, principal } = request;
        if (method === 'GET' || method === 'HEAD' || !principal || !WRITES.test(request.url)) return undefined;
        return petsVersionKey(principal.projectId);
      });
    }
    // Idempotency keys are kept 24 h; expired ones are removed hourly.
    const purge = setInterval(() => {
      pets.purgeExpiredKeys().catch((err: unknown) => app.log.warn({ err }, 'purging expired idempotency keys failed'));
    }, HOUR_MS);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'pets', dependencies: ['keys', 'limits', 'secrets'] },
);
