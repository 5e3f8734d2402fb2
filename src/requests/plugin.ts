import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { answeredErrors } from '../http/error-handler.js';
import { isApiUrl } from '../http/request-steps.js';
import { knownPrincipal } from '../keys/auth-hook.js';
import { RequestRecorder } from './recorder.js';
import { openRequestLogRepository } from './repository.js';
import { requestRoutes } from './routes.js';
import { RequestLogService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    requestLog: { recorder: RequestRecorder; service: RequestLogService };
  }
}

/** Requests written to the database this often, on every instance: a request appears within 2 s. */
export const FLUSH_INTERVAL_MS = 1_000;
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
        recorder.record({
          projectId: principal.projectId,
          requestId: request.id,
          at: app.clock.now(),
          method: request.method,
          url: request.url,
          operation: request.is404 ? null : ((request.routeOptions.schema?.operationId as string | undefined) ?? null),
          status: reply.statusCode,
          durationMs: reply.elapsedTime,
          keyId: principal.keyId,
          errorCode: answeredErrors.get(request) ?? null,
        });
      }
      done();
    });
    // The front door's answers (listPets and getPet before Fastify) are always a 200 for a key the cache knows.
    app.frontDoor.logAnswer = (req, id, status, operation, elapsedMs) => {
      const url = req.url ?? '/';
      if (!isApiUrl(url)) return;
      const principal = knownPrincipal(app.authenticator, req.headers.authorization);
      if (!principal) return;
      recorder.record({
        projectId: principal.projectId,
        requestId: id,
        at: app.clock.now(),
        method: req.method ?? 'GET',
        url,
        operation,
        status,
        durationMs: elapsedMs,
        keyId: principal.keyId,
        errorCode: null,
      });
    };

    const flush = () =>
      recorder.flush().catch((err: unknown) => app.log.warn({ err }, 'request log not written yet; retrying at the next flush'));
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      app.frontDoor.logAnswer = null;
      await flush();
    });
    requestRoutes(app, service);
  },
  { name: 'requests', dependencies: ['keys', 'management'] },
);
