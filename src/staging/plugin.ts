import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import { petsVersionKey } from '../pets/version-cache.js';
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
    const staging = composeStaging(appGround(app), (projectId) => app.changeVersion(petsVersionKey(projectId)));
    app.decorate('staging', staging);
    stagingRoutes(app, staging);
  },
  { name: 'staging', dependencies: ['projects', 'limits', 'pets', 'orders', 'management', 'audit', 'events', 'usage', 'requests'] },
);
