import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where `/` leads, the first of these the server serves: people manage their projects in the dashboard. */
const DESTINATIONS = ['/dashboard', '/docs'];

export default fp(
  async (app: FastifyInstance) => {
    let destination: string | null | undefined;
    app.get('/', { config: { public: true } }, async (request, reply) => {
      destination ??= DESTINATIONS.find((url) => app.hasRoute({ method: 'GET', url })) ?? null;
      if (destination === null) return reply.callNotFound();
      // 303: "see the dashboard", whatever the method asked with; a later release may put a page here.
      return reply.header('cache-control', 'no-cache').redirect(destination, 303);
    });
  },
  { name: 'home' },
);
