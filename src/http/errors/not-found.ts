import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';

/**
 * Unknown paths answer 404; a known path with another method answers 405
 * with `Allow`. Routes are collected as they are registered. The answer is
 * given before the body is read (after the key check), so a wrong URL is
 * reported as such rather than as a 413 or 415 about its body.
 */
export function registerNotFound(app: FastifyInstance): void {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    let entry = routes.get(route.url);
    if (!entry) {
      const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]*');
      entry = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const m of [route.method].flat()) entry.methods.add(m);
  });
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...routes.values()].find((r) => r.pattern.test(path));
    if (allowed && !allowed.methods.has(request.method)) {
      const allow = [...allowed.methods].sort().join(', ');
      return sendError(
        reply,
        new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}. Allowed: ${allow}.`, undefined, { allow }),
      );
    }
    return sendError(reply, new ApiError('not_found', `No resource at ${request.method} ${path}.`));
  };
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (request.is404) {
      answer(request, reply);
      return;
    }
    done(null, payload);
  });
  app.setNotFoundHandler(answer);
}
