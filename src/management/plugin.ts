import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serveDocument } from '../contract/routes.js';
import { registerSessionAuth } from './auth.js';
import { buildManagementOpenApi } from './contract.js';
import { keyRoutes } from './key-routes.js';
import type { LiveDeploySummary } from './views.js';
import { peopleRoutes } from './people-routes.js';
import { projectRoutes } from './project-routes.js';
import { passkeyRoutes } from './passkey-routes.js';
import { sessionRoutes } from './session-routes.js';
import { ssoRoutes } from './sso-routes.js';
import { totpRoutes } from './totp-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the project view shows from other capabilities; each fills in its part when it registers. */
    projectDetails: {
      liveDeploys: (projectIds: readonly number[]) => Promise<ReadonlyMap<number, LiveDeploySummary>>;
      /** Where sites are served: PLATFORM_HOST and PORT, then the port the server really listens on. */
      siteAddress: { platformHost: string; port: number };
    };
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
    app.decorate('projectDetails', {
      liveDeploys: () => Promise.resolve(new Map<number, LiveDeploySummary>()),
      siteAddress: { platformHost: app.config.platformHost, port: app.config.port },
    });
    serveDocument(app, '/api/v1/openapi.json', (routes) => buildManagementOpenApi(routes, app.config));
    sessionRoutes(app);
    totpRoutes(app);
    passkeyRoutes(app);
    ssoRoutes(app);
    projectRoutes(app);
    keyRoutes(app);
    peopleRoutes(app);
  },
  { name: 'management', dependencies: ['projects', 'keys', 'accounts'] },
);
