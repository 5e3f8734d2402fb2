import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { buildOpenApi } from './openapi.js';

type Json = Record<string, unknown>;

/**
 * Serves a document built from the routes registered from now on that have an
 * operationId (no key needed). It is built once, on first use, from the same
 * route schemas that validate and serialise.
 */
export function serveDocument(app: FastifyInstance, url: string, build: (routes: RouteOptions[]) => Json): { document: () => Json } {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.schema?.operationId && !routes.some((r) => r.schema?.operationId === route.schema?.operationId)) routes.push(route);
  });
  let cached: { object: Json; text: string } | undefined;
  const document = () => {
    cached ??= (() => {
      const object = build(routes);
      return { object, text: JSON.stringify(object) };
    })();
    return cached;
  };
  app.get(url, { config: { public: true } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(document().text);
  });
  return { document: () => document().object };
}

/** Serves the contract at /v1/openapi.json. */
export function registerContract(app: FastifyInstance, config: Config): { document: () => Json } {
  return serveDocument(app, '/v1/openapi.json', (routes) => buildOpenApi(routes, config));
}
