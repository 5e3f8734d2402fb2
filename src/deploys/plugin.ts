import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { BlobCache } from './serving/cache.js';
import { composeDeploys } from './compose.js';
import { PlatformHosts } from './serving/platform-hosts.js';
import { deployRoutes } from './routes.js';
import type { BlobReader, DeployRepository } from './storage/repository.js';
import type { DeployService } from './service.js';
import { openSiteAddressStore } from './serving/site-address.js';
import { SiteHosts } from './sites.js';

declare module 'fastify' {
  interface FastifyInstance {
    deploys: DeployService;
    /** Hosts that serve a project's site: `<slug>.<PLATFORM_HOST>` first, then any resolver added later (custom domains). */
    sites: SiteHosts;
    /** What the `site` stage (stages.ts) serves from: platform subdomains, the deploys, hot files in memory. */
    siteServing: { platform: PlatformHosts; repository: DeployRepository; blobs: BlobReader };
  }
}

/** Memory for hot site files, original and compressed copies together. */
const BLOB_CACHE_BYTES = 64 * 1024 * 1024;

export default fp(
  async (app: FastifyInstance) => {
    const ground = appGround(app);
    const service = composeDeploys(ground, app.config.deployMaxBytes);
    const repository = service.repository;
    const projects = ground.repository('projects', openProjectRepository);
    const sites = new SiteHosts();
    const platform = new PlatformHosts(
      app.config.platformHost,
      {
        all: async () => (await projects.list()).map((p) => ({ id: p.id, slug: p.slug })),
        find: async (slug) => {
          const p = await projects.findBySlug(slug);
          return p ? { id: p.id, slug: p.slug } : null;
        },
      },
      Date.now,
    );
    sites.addResolver(platform.resolve);
    app.decorate('deploys', service);
    app.decorate('sites', sites);
    app.decorateRequest('siteProject', null);
    app.decorate('siteServing', { platform, repository, blobs: new BlobCache(repository, BLOB_CACHE_BYTES) });
    app.addHook('onReady', () => platform.load());
    app.projectDetails.liveDeploys = (projectIds) => repository.liveDeploys(projectIds);
    const address = app.projectDetails.siteAddress;
    // The port really listened on (PORT=0 picks one), published for the CLI's links.
    app.addHook('onListen', async () => {
      const listening = app.server.address();
      if (listening && typeof listening === 'object') address.port = listening.port;
      await openSiteAddressStore(app.storage.database).publish(address, new Date(app.clock.now()));
    });
    deployRoutes(app, service, address);
  },
  { name: 'deploys', dependencies: ['projects', 'keys', 'management', 'audit'] },
);
