import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import { composeAudit } from './compose.js';
import { auditRoutes } from './routes.js';
import type { AuditService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      service: AuditService;
    };
  }
}

const PURGE_INTERVAL_MS = 3600_000;

export default fp(
  async (app: FastifyInstance) => {
    const service = composeAudit(appGround(app));
    app.decorate('audit', {
      service,
    });
    const purge = () => service.purge().catch((err: unknown) => app.log.warn({ err }, 'audit entries past 90 days not purged yet'));
    if (app.background) {
      const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
      timer.unref();
      app.addHook('onReady', async () => {
        await purge();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
      });
    }
    auditRoutes(app, service);
  },
  { name: 'audit', dependencies: ['management'] },
);
