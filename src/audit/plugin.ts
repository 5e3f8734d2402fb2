import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import type { Project } from '../projects/repository.js';
import { actorOf } from '../management/auth.js';
import type { Actor } from './actor.js';
import { composeAudit } from './compose.js';
import type { AuditAction, AuditActor } from './repository.js';
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

const PURGE_INTERVAL_MS = 3600_000;

/** The actor of a management request as the audit log records it. */
export function auditActor(request: FastifyRequest): AuditActor {
  const actor = actorOf(request);
  return actor.type === 'token'
    ? { type: 'token', email: actor.user.email, tokenId: actor.token.id }
    : { type: 'user', email: actor.user.email };
}

/** The actor of a management request as services receive it: its person or token, and its client address. */
export function actorFor(request: FastifyRequest): Actor {
  return { ...auditActor(request), ip: request.ip };
}

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
