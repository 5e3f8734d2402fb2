import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where `/` leads, the first of these the server serves: people manage their projects in the dashboard. */
const DESTINATIONS = ['/dashboard', '/docs'];

export default fp(
  async (app: FastifyInstance) => {
    let destination: string | null | undefined;
    // HEAD is named, not exposed: Fastify's exposed HEAD route would rewrite the Content-Length of what a project's
    // site answers at `/` on its own host (deploys' site step answers before routing).
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      exposeHeadRoute: false,
      config: { public: true },
      handler: async (_request, reply) => {
        destination ??= DESTINATIONS.find((url) => app.hasRoute({ method: 'GET', url })) ?? null;
        if (destination === null) return reply.callNotFound();
        // 303: "see the dashboard", whatever the method asked with; a later release may put a page here.
        return reply.header('cache-control', 'no-cache').redirect(destination, 303);
      },
    });
  },
  { name: 'home' },
);
