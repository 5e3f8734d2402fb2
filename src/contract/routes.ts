import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { buildOpenApi } from './openapi.js';

/**
 * Serves the contract at /v1/openapi.json (no key needed). The document is
 * built once, from the same route schemas that validate and serialise.
 */
export function registerContract(app: FastifyInstance, config: Config): { document: () => Record<string, unknown> } {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.schema?.operationId && !routes.some((r) => r.schema?.operationId === route.schema?.operationId)) routes.push(route);
  });
  let cached: { object: Record<string, unknown>; text: string } | undefined;
  const document = () => {
    cached ??= (() => {
      const object = buildOpenApi(routes, config);
      return { object, text: JSON.stringify(object) };
    })();
    return cached;
  };
  app.get('/v1/openapi.json', { config: { public: true } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(document().text);
  });
  return { document: () => document().object };
}
