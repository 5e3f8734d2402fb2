import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import type { Project } from '../projects/repository.js';
import { composeAudit } from './compose.js';
import type { AuditAction } from './repository.js';
import { actorFor } from './request-actor.js';
import { auditRoutes } from './routes.js';
import type { AuditService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      service: AuditService;
      /** Records a change made by a management request: its person or token, and its client address. */
      recordFor(request: FastifyRequest, project: Pick<Project, 'id'>, action: AuditAction, target: string): Promise<void>;
    };
  }
}

// Also exported here for callers that take them from the plugin (src/domains).
export { actorFor, auditActor } from './request-actor.js';

const PURGE_INTERVAL_MS = 3600_000;

export default fp(
  async (app: FastifyInstance) => {
    const service = composeAudit(appGround(app));
    app.decorate('audit', {
      service,
      recordFor: (request: FastifyRequest, project: Pick<Project, 'id'>, action: AuditAction, target: string) =>
        service.record(actorFor(request), project.id, action, target),
    });
    const purge = () => service.purge().catch((err: unknown) => app.log.warn({ err }, 'audit entries past 90 days not purged yet'));
    const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await purge();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
    auditRoutes(app, service);
  },
  { name: 'audit', dependencies: ['management'] },
);
