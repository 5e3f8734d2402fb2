import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import { composeStaging } from './compose.js';
import { stagingRoutes } from './routes.js';
import type { StagingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    staging: StagingService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    // Where versions are kept (Redis); a change that fails leaves answers held at most HELD_MS (pets/version-cache.ts).
    const changed = async (projectId: number) => {
      for (const key of app.declared.staging.versionKeys) await app.sharedVersions.change?.(key(projectId));
    };
    const staging = composeStaging(appGround(app), changed);
    app.decorate('staging', staging);
    stagingRoutes(app, staging);
  },
  { name: 'staging', dependencies: ['projects', 'limits', 'pets', 'orders', 'management', 'audit', 'events', 'usage', 'requests'] },
);
