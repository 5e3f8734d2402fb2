import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import { VERSION } from '../version.js';

/** Where `/` leads, the first of these the server serves: people manage their projects in the dashboard. */
const DESTINATIONS = ['/dashboard', '/docs'];

const hostnameOf = (url: string) => new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');

/**
 * The names the platform itself answers to: its API's (BASE_URL, STAGING_BASE_URL), the dashboard's
 * (DASHBOARD_HOST), PLATFORM_HOST, and the machine's own (an IP address, `localhost`). A project's site host or a
 * custom domain is none of them; nor is a removed custom domain whose DNS still points here.
 */
function platformHosts(app: FastifyInstance): (hostname: string) => boolean {
  const { baseUrl, stagingBaseUrl, dashboardHost, platformHost } = app.config;
  const names = new Set([hostnameOf(baseUrl), hostnameOf(stagingBaseUrl), platformHost, ...(dashboardHost ? [dashboardHost] : [])]);
  return (hostname) => {
    const name = hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^\[|\]$/g, '');
    return names.has(name) || name === 'localhost' || isIP(name) !== 0;
  };
}

export default fp(
  async (app: FastifyInstance) => {
    let destination: string | null | undefined;
    const isPlatform = platformHosts(app);
    // Once listening, one line a person reads in the terminal: where to go, and how to get in the first time.
    app.addHook('onListen', async () => {
      const api = app.environments.baseUrl('production');
      const origin = new URL(api);
      if (app.config.dashboardHost) origin.hostname = app.config.dashboardHost;
      const serves = (url: string) => app.hasRoute({ method: 'GET', url });
      const where = [
        ...(serves('/dashboard')
          ? [
              `the dashboard at ${origin.origin}/dashboard (to sign in the first time: ./bin/petstore users create EMAIL --admin prints a password)`,
            ]
          : []),
        `the API at ${api}`,
        ...(serves('/docs') ? [`its reference at ${new URL(api).origin}/docs`] : []),
      ];
      app.log.info(`Petstore ${VERSION} is ready: ${where.join(', ')}`);
    });
    // HEAD is named, not exposed: Fastify's exposed HEAD route would rewrite the Content-Length of what a project's
    // site answers at `/` on its own host (deploys' site step answers before routing).
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      exposeHeadRoute: false,
      config: { public: true },
      handler: async (request, reply) => {
        // On any other host (a custom domain removed but still pointing here, a site host with nothing live), `/` is
        // not the platform's front page: 404, as for any address nothing is served at.
        if (!isPlatform(request.hostname)) return reply.callNotFound();
        destination ??= DESTINATIONS.find((url) => app.hasRoute({ method: 'GET', url })) ?? null;
        if (destination === null) return reply.callNotFound();
        // 303: "see the dashboard", whatever the method asked with; a later release may put a page here.
        return reply.header('cache-control', 'no-cache').redirect(destination, 303);
      },
    });
  },
  { name: 'home' },
);
