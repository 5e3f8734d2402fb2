import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openDeprecatedCallRepository } from './deprecated-calls.js';
import { deprecatedCallEvent, DeprecationsService } from './deprecations.js';
import { UsageRecorder } from './recorder.js';
import { openUsageRepository } from './repository.js';
import { deprecationsRoutes, usageRoutes } from './routes.js';
import { UsageService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    usage: { recorder: UsageRecorder; service: UsageService; deprecations: DeprecationsService };
  }
}

/** Counts written to the database this often, on every instance. */
export const FLUSH_INTERVAL_MS = 10_000;

export default fp(
  async (app: FastifyInstance) => {
    const usage = repositoryOf(app, 'usage', openUsageRepository);
    const deprecatedCalls = repositoryOf(app, 'deprecated-calls', openDeprecatedCallRepository);
    const recorder = new UsageRecorder(usage, (ids, at) => app.keys.touch(ids, at), app.clock, {
      repository: deprecatedCalls,
      event: deprecatedCallEvent(app.deprecatedOperations, (environment) => app.environments.apiPath(environment)),
    });
    const service = new UsageService(usage, app.projects, app.clock);
    const deprecations = new DeprecationsService(deprecatedCalls, app.deprecatedOperations, app.clock, (environment) =>
      app.environments.apiPath(environment),
    );
    app.decorate('usage', { recorder, service, deprecations });
    const flush = () =>
      recorder.flush().catch((err: unknown) => app.log.warn({ err }, 'usage counts not written yet; retrying at the next flush'));
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    // The last counts are written as the app closes, tried again until the shutdown's deadline (app.ts).
    app.finalFlushes.add({ name: 'usage', flush: () => recorder.flush(), unwritten: () => recorder.unwritten() });
    usageRoutes(app, service);
    deprecationsRoutes(app, deprecations);
  },
  { name: 'usage', dependencies: ['keys', 'management'] },
);
