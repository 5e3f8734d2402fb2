import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { RequestRecorder } from './recorder.js';
import { openRequestLogRepository } from './repository.js';
import { requestRoutes } from './routes.js';
import { RequestLogService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    requestLog: { recorder: RequestRecorder; service: RequestLogService };
  }
}

/** Requests written to the database this often, on every instance: a request appears within 2 s, and each write is short. */
export const FLUSH_INTERVAL_MS = 250;
const DAY_MS = 24 * 3600_000;

export default fp(
  async (app: FastifyInstance) => {
    const log = repositoryOf(app, 'requests', openRequestLogRepository);
    const recorder = new RequestRecorder(log, app.clock, app.config.requestLogDays * DAY_MS);
    const service = new RequestLogService(log);
    app.decorate('requestLog', { recorder, service });

    // Each request with a project's valid key is recorded by the `log` stage (stages.ts), on either path.

    const flush = () =>
      recorder.flush().catch((err: unknown) => app.log.warn({ err }, 'request log not written yet; retrying at the next flush'));
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    // The last requests are written as the app closes, tried again until the shutdown's deadline (app.ts). A flush under
    // way then took its batch before: that one writes what came since.
    app.finalFlushes.add({ name: 'request log', flush: () => recorder.flush(), unwritten: () => recorder.unwritten() });
    requestRoutes(app, service);
  },
  { name: 'requests', dependencies: ['keys', 'management'] },
);
