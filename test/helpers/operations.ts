import type { InjectOptions } from 'fastify';

/**
 * The operations of the served contract, and one sample request for each,
 * built from the contract alone: path parameters from their examples, a body
 * from the request schema's required properties and their examples. A new
 * operation is covered by the suites that use these without editing them.
 */

type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

export interface Operation {
  /** Upper case, as sent. */
  method: string;
  /** The contract's path template, relative to the server URL (e.g. `/pets/{petId}`). */
  path: string;
  operationId: string;
  tags?: string[];
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
}

export interface Contract {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Every path of the contract is served under this prefix (the server URL's path). */
export const API_PREFIX = '/v1';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function operationsOf(doc: Contract): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

/** True when the operation needs an API key (its own `security`, or the document's). */
export function isProtected(doc: Contract, op: Operation): boolean {
  return (op.security ?? doc.security ?? []).length > 0;
}

/** The methods a path answers, as its `Allow` header lists them: sorted, HEAD wherever GET is. */
export function allowedMethods(doc: Contract, path: string): string[] {
  const methods = Object.keys(doc.paths[path] ?? {})
    .filter((m) => HTTP_METHODS.includes(m))
    .map((m) => m.toUpperCase());
  if (methods.includes('GET')) methods.push('HEAD');
  return [...new Set(methods)].sort();
}

/** The contract's paths as a pattern over request paths (a parameter is one segment). */
export function pathPattern(path: string): RegExp {
  return new RegExp(`^${API_PREFIX}${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`);
}

function resolve(doc: Contract, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return resolve(doc, target);
}

/** A value the schema accepts, from its examples where it has them. */
export function sampleValue(doc: Contract, raw: Schema): unknown {
  const schema = resolve(doc, raw);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key] as Schema[] | undefined;
    if (parts?.length) {
      if (key !== 'allOf' || parts.length === 1) return sampleValue(doc, parts[0] as Schema);
      return Object.assign({}, ...parts.map((p) => sampleValue(doc, p) as object));
    }
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sampleValue(doc, properties[name] ?? {})]));
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sampleValue(doc, (schema.items ?? {}) as Schema));
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return true;
    case 'string':
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    default:
      return null;
  }
}

function parameterSample(doc: Contract, p: Parameter): unknown {
  if ('example' in p) return p.example;
  const first = Object.values(p.examples ?? {})[0];
  if (first) return first.value;
  return sampleValue(doc, p.schema ?? {});
}

/** The URL of the operation, with path parameters from `values` or their examples. */
export function urlOf(doc: Contract, op: Operation, values: Record<string, string> = {}): string {
  return (
    API_PREFIX +
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = (op.parameters ?? []).find((q) => q.in === 'path' && q.name === name);
      return encodeURIComponent(values[name] ?? String(p ? parameterSample(doc, p) : 1));
    })
  );
}

/**
 * The path parameter values that make the operation's URL name the resource
 * at `location` (e.g. a Location header), or undefined when it lives elsewhere.
 */
export function valuesFromLocation(op: Operation, location: string): Record<string, string> | undefined {
  if (!pathPattern(op.path).test(location)) return undefined;
  const segments = location.split('/');
  return Object.fromEntries(
    `${API_PREFIX}${op.path}`
      .split('/')
      .flatMap((part, i) => (/^\{.+\}$/.test(part) ? [[part.slice(1, -1), decodeURIComponent(segments[i] ?? '')]] : [])),
  );
}

/** The JSON schema of the operation's request body, if it takes one. */
export function bodySchema(op: Operation): Schema | undefined {
  return op.requestBody?.content['application/json']?.schema;
}

export type SampleRequest = InjectOptions & { method: string; url: string; headers: Record<string, string> };

/**
 * One request the operation accepts (given a valid key, and a resource behind
 * its path parameters): its required query, header and body values from the
 * contract's examples.
 */
export function sampleRequest(doc: Contract, op: Operation, values: Record<string, string> = {}): SampleRequest {
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (!p.required || p.in === 'path') continue;
    if (p.in === 'query') query.set(p.name, String(parameterSample(doc, p)));
    if (p.in === 'header') headers[p.name.toLowerCase()] = String(parameterSample(doc, p));
  }
  const qs = query.toString();
  const url = urlOf(doc, op, values) + (qs ? `?${qs}` : '');
  const schema = bodySchema(op);
  if (!schema) return { method: op.method, url, headers };
  return {
    method: op.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(sampleValue(doc, schema)),
  };
}

/**
 * A request the operation must refuse with 400 validation_failed, found from
 * the contract: an integer path parameter that is not a number, a query value
 * below its minimum, or a body without its required properties.
 */
export function invalidRequest(doc: Contract, op: Operation): SampleRequest | undefined {
  const sample = sampleRequest(doc, op);
  const params = op.parameters ?? [];
  const numericPath = params.find((p) => p.in === 'path' && ['integer', 'number'].includes(String(resolve(doc, p.schema ?? {}).type)));
  if (numericPath) return { ...sample, url: urlOf(doc, op, { [numericPath.name]: 'not-a-number' }) };
  const bounded = params.find((p) => p.in === 'query' && typeof resolve(doc, p.schema ?? {}).minimum === 'number');
  if (bounded) {
    const min = resolve(doc, bounded.schema ?? {}).minimum as number;
    return { ...sample, url: `${sample.url}${sample.url.includes('?') ? '&' : '?'}${bounded.name}=${String(min - 1)}` };
  }
  const schema = bodySchema(op);
  if (schema && ((resolve(doc, schema).required as string[] | undefined) ?? []).length > 0) return { ...sample, payload: '{}' };
  return undefined;
}
