import type { TSchema } from '@sinclair/typebox';
import { API_VERSION } from '../version.js';
import type { RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { ERROR_CATALOG, V1_ERROR_CODES, type ErrorCode } from '../http/errors/errors.js';
import { ErrorDetailSchema, ErrorSchema, jsonResponse, type ResponseSpec } from './error-schema.js';
import { contractParts } from './parts.js';

type Json = Record<string, unknown>;

/**
 * Shapes the /v1 document publishes under components/schemas, matched by identity: the capabilities'
 * (registered parts), with the Error shapes after the first capability's, where the published
 * document has them (clients and generators diff it; the order stays).
 */
function v1Components(): Map<unknown, string> {
  const [first = [], ...rest] = contractParts().flatMap((part) => (part.v1Components?.length ? [part.v1Components] : []));
  return new Map<unknown, string>([...first, [ErrorSchema, 'Error'], [ErrorDetailSchema, 'ErrorDetail'], ...rest.flat()]);
}

/** The headers the capabilities document on every response of a metered operation with this status. */
function meteredHeaders(status: number): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const part of contractParts()) if (part.meteredResponseHeaders) out = { ...out, ...part.meteredResponseHeaders(status) };
  return out;
}

/** What makes one API's document: the routes under its prefix, its shared shapes, and the text around them. */
export interface DocumentSpec {
  /** The routes' common prefix, left out of the document's paths (the servers' URLs end with it). */
  prefix: string;
  /** Shapes published under components/schemas, matched by identity. */
  components: Map<unknown, string>;
  /** The Error schema of this API (its closed set of codes). */
  errorSchema: TSchema;
  /** The document's top: openapi, info, servers, security, tags (in that order). */
  head: Json;
  securitySchemes: Json;
}

/** Copies a schema as plain JSON, replacing known components by `$ref`. */
function toDoc(schema: unknown, components: Map<unknown, string>, top = true): unknown {
  if (!top && components.has(schema)) return { $ref: `#/components/schemas/${components.get(schema) ?? ''}` };
  if (Array.isArray(schema)) return schema.map((s) => toDoc(s, components, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toDoc(v, components, false);
  return out;
}

const REQUEST_ID_HEADER = {
  description: 'Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client.',
  schema: { type: 'string' },
};

const ALLOW_HEADER = {
  description: 'The methods the path supports, e.g. `GET, POST`.',
  required: true,
  schema: { type: 'string', examples: ['GET, POST'] },
};

/**
 * Answers any operation's request can get besides its own, documented on each so that generators
 * and validating proxies know their body: 405 for a method the path lacks (after the key check, so
 * counted), and the two Node's HTTP parser gives before there is a request (so only `X-Request-Id`).
 */
const beforeRouting = (errorSchema: TSchema): Record<string, ResponseSpec> => ({
  405: jsonResponse('Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does.', errorSchema),
  408: jsonResponse('Error `request_timeout`: the request was not received in time; the connection is closed.', errorSchema),
  431: jsonResponse(
    "Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed.",
    errorSchema,
  ),
});
const FROM_THE_PARSER = new Set(['408', '431']);

/** Methods whose requests may carry a body, which Fastify parses (or refuses) before the route runs. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What any body-carrying request can get from the body parser, whether or not the operation takes a body. */
const fromTheBodyParser = (errorSchema: TSchema): Record<string, ResponseSpec> => ({
  413: jsonResponse('Error `payload_too_large`: the body is larger than the operation accepts.', errorSchema),
  415: jsonResponse('Error `unsupported_media_type`: the body is not in a media type the operation accepts.', errorSchema),
});

function parameters(where: 'path' | 'query' | 'header', schema: unknown, components: Map<unknown, string>): Json[] {
  if (!schema) return [];
  const s = schema as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = toDoc(prop, components) as Json;
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

function operation(route: RouteOptions, spec: DocumentSpec): Json {
  const { components } = spec;
  const schema = route.schema ?? {};
  const extras = route.config?.openapi?.responseHeaders ?? {};
  const metered = !route.config?.public;
  const responses: Json = {};
  const parsed = [route.method].flat().some((m) => BODY_METHODS.has(m)) ? fromTheBodyParser(spec.errorSchema) : {};
  for (const [status, response] of Object.entries({ ...parsed, ...(schema.response ?? {}), ...beforeRouting(spec.errorSchema) } as Record<
    string,
    ResponseSpec
  >)) {
    const headers: Json = {
      'X-Request-Id': REQUEST_ID_HEADER,
      ...(metered && !FROM_THE_PARSER.has(status) ? meteredHeaders(Number(status)) : {}),
      ...(extras[Number(status)] ?? {}),
      ...(status === '405' ? { Allow: ALLOW_HEADER } : {}),
    };
    responses[status] = {
      description: response.description,
      headers,
      ...(response.content
        ? { content: { 'application/json': { schema: toDoc(response.content['application/json'].schema, components, false) } } }
        : {}),
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
  if (schema.security) op.security = schema.security;
  const params = [
    ...parameters('path', schema.params, components),
    ...parameters('query', schema.querystring, components),
    ...parameters('header', schema.headers, components),
  ];
  if (params.length) op.parameters = params;
  const upload: UploadBody | undefined = schema['x-upload'];
  if (upload) {
    op.requestBody = {
      required: true,
      description: upload.description,
      content: Object.fromEntries(upload.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
    };
  } else if (schema.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: toDoc(schema.body as TSchema, components, false) } } };
  }
  op.responses = responses;
  return op;
}

/**
 * A route whose body is a file, not JSON (a deploy's `.tar.gz`): its schema's
 * `x-upload` documents the body, which the route reads as a stream itself.
 */
export interface UploadBody {
  mediaTypes: string[];
  description: string;
}

/** A whole number of minutes or hours reads as such; anything else in seconds. */
function duration(seconds: number): string {
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

/** A Markdown table of the given codes, for a document's description. */
export const errorTable = (codes: readonly ErrorCode[]) =>
  codes.map((code) => `| \`${code}\` | ${String(ERROR_CATALOG[code].status)} | ${ERROR_CATALOG[code].message} |`).join('\n');

/** Builds an OpenAPI 3.1 document from the registered routes under the spec's prefix. */
export function buildDocument(routes: RouteOptions[], spec: DocumentSpec): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (!route.url.startsWith(`${spec.prefix}/`)) continue;
    const path = route.url.slice(spec.prefix.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      paths[path] = { ...(paths[path] ?? {}), [method.toLowerCase()]: operation(route, spec) };
    }
  }
  const schemas: Json = {};
  for (const [schema, name] of spec.components) schemas[name] = toDoc(schema, spec.components, true);
  return { ...spec.head, paths, components: { securitySchemes: spec.securitySchemes, schemas } };
}

/** Builds the OpenAPI 3.1 document from the registered /v1 routes: the contract. */
export function buildOpenApi(
  routes: RouteOptions[],
  config: Pick<Config, 'baseUrl' | 'stagingBaseUrl' | 'banThreshold' | 'banDurationSeconds'>,
): Json {
  const servers = [
    { url: config.baseUrl, description: 'Production', 'x-internal': false },
    { url: config.stagingBaseUrl, description: 'Staging: the same API with staging keys (`psk_test_…`) and data', 'x-internal': false },
  ];
  const head = {
    openapi: '3.1.0',
    info: {
      title: 'Petstore API',
      version: API_VERSION,
      license: { name: 'MIT', identifier: 'MIT' },
      description: [
        'Manages the animals (pets) of a store. Every operation needs `Authorization: Bearer <API_KEY>`.',
        '',
        "Two environments answer the same API: production at the first server, staging at the second. Each has its own keys (production's begin `psk_`, staging's `psk_test_`), pets (numbered from 1 in each), orders, idempotency keys, events, webhooks, quota counts (the same plan's limits) and request log. A key sent to the other environment's base URL answers 401 `wrong_environment`, whose message names the base URL it belongs to.",
        '',
        'Integers documented as `int64` are exact over the whole signed 64-bit range: send them as JSON numbers (never strings); the service never rounds them. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` keeps them exact, as `bigint`.',
        '',
        "Every error response has the `Error` body. A request with a method a path does not support answers 405 `method_not_allowed` with an `Allow` header; an unknown path answers 404 `not_found`. A request that is not valid HTTP/1.1 (a malformed header line, an invalid `Content-Length`, both `Content-Length` and `Transfer-Encoding`, bad chunked framing) answers 400 `bad_request`, a header section over the server's limit (16 KiB by default) 431 `request_header_fields_too_large`, and a request not received in time 408 `request_timeout`; the connection is then closed.",
        '',
        "Rate limits: every operation counts against its project's quota, per minute and per day (fixed UTC windows: a minute starts at second :00, a day at 00:00), whatever the answer; requests without a valid key count against the client address with the Free plan's numbers. Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) for the window with the fewest requests remaining, and the IETF `RateLimit-Policy` and `RateLimit` fields. Over quota the answer is 429 `rate_limited` with `Retry-After`; a key that keeps sending while limited (more than " +
          String(config.banThreshold) +
          ' requests) is banned for ' +
          duration(config.banDurationSeconds) +
          ': 429 `api_key_banned`, `Retry-After` until the ban ends.',
        '',
        '| code | status | meaning |',
        '|---|---|---|',
        errorTable(V1_ERROR_CODES),
      ].join('\n'),
    },
    servers,
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'animals', description: 'The animals of the store.' },
      { name: 'store', description: 'Store orders.' },
    ],
  };
  return buildDocument(routes, {
    prefix: '/v1',
    components: v1Components(),
    errorSchema: ErrorSchema,
    head,
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key created with `petstore keys create`.' },
    },
  });
}
