import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openProjectRepository } from './repository.js';
import { ProjectService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    projects: ProjectService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('projects', new ProjectService(repositoryOf(app, 'projects', openProjectRepository), app.clock));
  },
  { name: 'projects' },
);
