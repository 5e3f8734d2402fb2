import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SiteHosts } from './sites.js';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteHosts;
  }
}

/** Which project's site a host serves; the site-serving step reads it. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('sites', new SiteHosts());
  },
  { name: 'deploys', dependencies: ['projects'] },
);
