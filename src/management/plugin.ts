import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serveDocument } from '../contract/routes.js';
import { registerSessionAuth } from './auth.js';
import { buildManagementOpenApi } from './contract.js';
import { keyRoutes } from './key-routes.js';
import type { LiveDeploySummary } from './views.js';
import { peopleRoutes } from './people-routes.js';
import { projectRoutes } from './project-routes.js';
import { sessionRoutes } from './session-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the project view shows from other capabilities; each fills in its part when it registers. */
    projectDetails: { liveDeploys: (projectIds: readonly number[]) => Promise<ReadonlyMap<number, LiveDeploySummary>> };
  }
}

/**
 * The management API under /api/v1, with its own contract at
 * /api/v1/openapi.json. Capabilities that come later add their routes under
 * /api/v1/projects/{slug}/… from their own folders (usage does) with
 * `config: { public: true, session: true }` and `projectFor`; registered after
 * this plugin, they are described by the same document.
 */
export default fp(
  async (app: FastifyInstance) => {
    registerSessionAuth(app);
    // Until the deploys capability says otherwise, no project has a live deploy.
    app.decorate('projectDetails', { liveDeploys: () => Promise.resolve(new Map<number, LiveDeploySummary>()) });
    serveDocument(app, '/api/v1/openapi.json', (routes) => buildManagementOpenApi(routes, app.config));
    sessionRoutes(app);
    projectRoutes(app);
    keyRoutes(app);
    peopleRoutes(app);
  },
  { name: 'management', dependencies: ['projects', 'keys', 'accounts'] },
);
