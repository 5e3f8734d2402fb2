import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import { composeProjects } from './compose.js';
import type { ProjectService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    projects: ProjectService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('projects', composeProjects(appGround(app)));
  },
  { name: 'projects' },
);
