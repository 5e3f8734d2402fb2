import type { StagesOf } from '../http/pipeline/pipeline.js';
import { earlyPetsStep } from './early.js';

/**
 * The pets' `answer` stage: listPets and getPet before Fastify (on PostgreSQL, an answer that awaits its read).
 * A repository a test wraps (to make it fail, say) declares none: every request takes the regular path, which
 * reads through the wrapper.
 */
export const petStages: StagesOf = (app) => {
  if (app.repositoryWrappers.pets !== undefined) return [];
  const early = earlyPetsStep({
    pets: app.petRepository,
    cursors: app.cursors,
    clock: app.clock,
    apiPath: (environment) => app.environments.apiPath(environment),
    hold: app.config.heldAnswers,
  });
  return [{ kind: 'answer', early }];
};
