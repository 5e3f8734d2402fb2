import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route's deprecation (its `config.deprecation`), as its headers and the contract announce it. */
export interface Deprecation {
  /** When the operation was deprecated (RFC 9745 `Deprecation`). */
  deprecatedAt: Date;
  /** When it stops working (RFC 8594 `Sunset`); afterwards it answers 410. */
  sunset: Date;
  /** The replacement, announced as `Link: <…>; rel="successor-version"`. */
  successor: string;
}

/** A deprecated operation of the /v1 contract, with what its `Deprecation`, `Sunset` and successor headers say. */
export interface DeprecatedOperation {
  /** The operationId, e.g. `getPet`. */
  operation: string;
  method: string;
  /** The path as the contract writes it, e.g. `/v1/pets/{petId}`. */
  path: string;
  deprecation: Deprecation;
}

/** A path of the contract (`/v1/…`) in an environment whose API path is `apiPath` (`/v1`, `/staging/v1`). */
export const pathIn = (path: string, apiPath: string): string => (path.startsWith('/v1/') ? `${apiPath}${path.slice('/v1'.length)}` : path);

/** A deprecation's successor in an environment: `/v1/pets` is `/staging/v1/pets` on staging's API path. */
export const successorIn = (d: Deprecation, apiPath: string): string => pathIn(d.successor, apiPath);

/** Fastify's `:param` as OpenAPI's `{param}`. */
const contractPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The deprecated operations, read from the routes as they are registered: those whose schema says
 * `deprecated: true` (what the contract publishes), each with its route's `deprecation` (what its headers
 * say). A route marked deprecated without a sunset, or the reverse, is refused at start: the contract and
 * the headers would disagree.
 */
export function collectDeprecatedOperations(app: FastifyInstance): () => readonly DeprecatedOperation[] {
  const found: DeprecatedOperation[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const operation = route.schema?.operationId;
    const deprecation = route.config?.deprecation;
    const marked = route.schema?.deprecated === true;
    if (!marked && deprecation === undefined) return;
    if (!marked || deprecation === undefined || operation === undefined) {
      throw new Error(
        `route ${String(route.method)} ${route.url}: deprecated: true and config.deprecation go together, with an operationId`,
      );
    }
    if (found.some((o) => o.operation === operation)) return;
    const method = Array.isArray(route.method) ? (route.method[0] as string) : route.method;
    found.push({ operation, method, path: contractPath(route.url), deprecation });
  });
  return () => found;
}
