import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { answeredErrors } from '../http/error-handler.js';
import type { Principal } from '../keys/repository.js';
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

    // Every request with a project's valid key, whatever its answer; requests without one belong to no project.
    app.addHook('onResponse', (request, reply, done) => {
      const principal = request.principal;
      if (principal) {
        const error = answeredErrors.get(request);
        recorder.record(
          principal.projectId,
          request.id,
          app.clock.now(),
          request.method,
          request.url,
          request.is404 ? null : ((request.routeOptions.schema?.operationId as string | undefined) ?? null),
          reply.statusCode,
          reply.elapsedTime,
          principal.keyId,
          error?.code ?? null,
          error?.message ?? null,
        );
      }
      done();
    });
    // The front door's API answers carry the principal it identified: the key is not looked up again.
    app.frontDoor.logAnswer = ({ req, id, status, operation, elapsedMs }, identified) => {
      const principal = identified as Principal;
      recorder.record(
        principal.projectId,
        id,
        app.clock.now(),
        req.method ?? 'GET',
        req.url ?? '/',
        operation,
        status,
        elapsedMs,
        principal.keyId,
        null,
        null,
      );
    };

    const flush = () =>
      recorder.flush().catch((err: unknown) => app.log.warn({ err }, 'request log not written yet; retrying at the next flush'));
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      app.frontDoor.logAnswer = null;
    });
    // The last requests are written as the app closes, tried again until the shutdown's deadline (app.ts). A flush under
    // way then took its batch before: that one writes what came since.
    app.finalFlushes.add({ name: 'request log', flush: () => recorder.flush(), unwritten: () => recorder.unwritten() });
    requestRoutes(app, service);
  },
  { name: 'requests', dependencies: ['keys', 'management'] },
);
