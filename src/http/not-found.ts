import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';

/**
 * Unknown paths answer 404; a known path with another method answers 405
 * with `Allow`. Routes are collected as they are registered.
 */
export function registerNotFound(app: FastifyInstance): void {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    let entry = routes.get(route.url);
    if (!entry) {
      const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
      entry = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const m of [route.method].flat()) entry.methods.add(m);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...routes.values()].find((r) => r.pattern.test(path));
    if (allowed) {
      const allow = [...allowed.methods].sort().join(', ');
      return sendError(
        reply,
        new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}. Allowed: ${allow}.`, undefined, { allow }),
      );
    }
    return sendError(reply, new ApiError('not_found', `No resource at ${request.method} ${path}.`));
  });
}
