import type { TSchema } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { ERROR_CATALOG } from '../http/errors.js';
import { rateLimitHeaderDocs } from '../limits/headers.js';
import { ErrorDetailSchema, ErrorSchema, type ResponseSpec } from './error-schema.js';
import { NewPetSchema, PetSchema, PetStatusSchema } from '../pets/schemas.js';
import { OrderSchema } from '../orders/schemas.js';

type Json = Record<string, unknown>;

/** Shapes published under components/schemas, matched by identity. */
const COMPONENTS = new Map<unknown, string>([
  [PetSchema, 'Pet'],
  [NewPetSchema, 'NewPet'],
  [PetStatusSchema, 'PetStatus'],
  [ErrorSchema, 'Error'],
  [ErrorDetailSchema, 'ErrorDetail'],
  [OrderSchema, 'Order'],
]);

/** Copies a schema as plain JSON, replacing known components by `$ref`. */
function toDoc(schema: unknown, top = true): unknown {
  if (!top && COMPONENTS.has(schema)) return { $ref: `#/components/schemas/${COMPONENTS.get(schema) ?? ''}` };
  if (Array.isArray(schema)) return schema.map((s) => toDoc(s, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toDoc(v, false);
  return out;
}

const REQUEST_ID_HEADER = {
  description: 'Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client.',
  schema: { type: 'string' },
};

function parameters(where: 'path' | 'query' | 'header', schema: unknown): Json[] {
  if (!schema) return [];
  const s = schema as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = toDoc(prop) as Json;
    const param: Json = {
      name: where === 'header' ? name.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase()) : name,
      in: where,
      required: where === 'path' || (s.required ?? []).includes(name),
      schema: rest,
    };
    if (description) param.description = description;
    return param;
  });
}

function operation(route: RouteOptions): Json {
  const schema = route.schema ?? {};
  const extras = route.config?.openapi?.responseHeaders ?? {};
  const metered = !route.config?.public;
  const responses: Json = {};
  for (const [status, spec] of Object.entries((schema.response ?? {}) as Record<string, ResponseSpec>)) {
    const headers: Json = {
      'X-Request-Id': REQUEST_ID_HEADER,
      ...(metered ? rateLimitHeaderDocs(Number(status)) : {}),
      ...(extras[Number(status)] ?? {}),
    };
    responses[status] = {
      description: spec.description,
      headers,
      content: { 'application/json': { schema: toDoc(spec.content['application/json'].schema, false) } },
    };
  }
  const op: Json = {
    operationId: schema.operationId,
    summary: schema.summary,
    description: schema.description,
    tags: schema.tags,
    'x-stability': schema['x-stability'],
  };
  if (schema.deprecated) op.deprecated = true;
  const params = [
    ...parameters('path', schema.params),
    ...parameters('query', schema.querystring),
    ...parameters('header', schema.headers),
  ];
  if (params.length) op.parameters = params;
  if (schema.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: toDoc(schema.body as TSchema, false) } } };
  }
  op.responses = responses;
  return op;
}

const ERROR_TABLE = Object.entries(ERROR_CATALOG)
  .map(([code, e]) => `| \`${code}\` | ${String(e.status)} | ${e.message} |`)
  .join('\n');

/** Builds the OpenAPI 3.1 document from the registered /v1 routes: the contract. */
export function buildOpenApi(routes: RouteOptions[], config: Pick<Config, 'baseUrl' | 'stagingBaseUrl'>): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.url.replace(/^\/v1/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      paths[path] = { ...(paths[path] ?? {}), [method.toLowerCase()]: operation(route) };
    }
  }
  const servers = [{ url: config.baseUrl, description: 'Production' }];
  if (config.stagingBaseUrl) servers.push({ url: config.stagingBaseUrl, description: 'Staging' });
  const schemas: Json = {};
  for (const [schema, name] of COMPONENTS) schemas[name] = toDoc(schema, true);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Petstore API',
      version: '1.0.0',
      description: [
        'Manages the animals (pets) of a store. Every operation needs `Authorization: Bearer <API_KEY>`.',
        '',
        'Integers documented as `int64` are exact over the whole signed 64-bit range: send them as JSON numbers (never strings); digits are never rounded.',
        '',
        "Every error response has the `Error` body. A request with a method a path does not support answers 405 `method_not_allowed` with an `Allow` header; an unknown path answers 404 `not_found`. A request that is not valid HTTP/1.1 (a malformed header line, an invalid `Content-Length`, both `Content-Length` and `Transfer-Encoding`, bad chunked framing) answers 400 `bad_request`, a header section over the server's limit (16 KiB by default) 431 `request_header_fields_too_large`, and a request not received in time 408 `request_timeout`; the connection is then closed.",
        '',
        "Rate limits: every operation counts against its project's quota, per minute and per day (fixed UTC windows: a minute starts at second :00, a day at 00:00), whatever the answer; requests without a valid key count against the client address with the Free plan's numbers. Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) for the window with the fewest requests remaining, and the IETF `RateLimit-Policy` and `RateLimit` fields. Over quota the answer is 429 `rate_limited` with `Retry-After`; a key that keeps sending while limited (by default more than 20 requests) is banned (by default for 10 minutes): 429 `api_key_banned`, `Retry-After` until the ban ends.",
        '',
        '| code | status | meaning |',
        '|---|---|---|',
        ERROR_TABLE,
      ].join('\n'),
    },
    servers,
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'animals', description: 'The animals of the store.' },
      { name: 'store', description: 'Store orders.' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key created with `petstore keys create`.' },
      },
      schemas,
    },
  };
}
