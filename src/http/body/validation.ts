import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { INT64_MAX, INT64_MIN, isInt64Schema } from '../../contract/primitives.js';
import { MORE_UNKNOWN_FIELDS } from '../errors/error-handler.js';
import { MAX_DETAILS } from '../errors/errors.js';

type Json = Record<string, unknown>;

/**
 * The Ajv instance for every route (of every app in the process: see
 * validatorCompiler), used identically by tests and the server.
 * No type coercion: query and path values are converted only where the
 * schema asks for an integer and the text is a plain decimal integer.
 */
export function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    coerceTypes: false,
    strict: true,
    addUsedSchema: false,
  });
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addKeyword({
    keyword: 'x-int64',
    modifying: true,
    errors: false,
    validate(_schema: unknown, data: unknown, _parent?: unknown, ctx?: { parentData: Json; parentDataProperty: string | number }) {
      let value: bigint;
      if (typeof data === 'bigint') value = data;
      else if (typeof data === 'number' && Number.isSafeInteger(data)) value = BigInt(data);
      else return false;
      if (value < INT64_MIN || value > INT64_MAX) return false;
      if (ctx && typeof data !== 'bigint') ctx.parentData[ctx.parentDataProperty] = value;
      return true;
    },
  });
  // The body parser gives any integer as a bigint once the body holds a number it must read exactly (an int64
  // past 2^53, an exponent); every other integer field reads it as the number it is. One past what a double holds
  // exactly becomes its nearest double, which the field's bounds then refuse with their own message.
  ajv.addKeyword({
    keyword: 'x-integer',
    modifying: true,
    errors: false,
    validate(_schema: unknown, data: unknown, _parent?: unknown, ctx?: { parentData: Json; parentDataProperty: string | number }) {
      // A literal past what a double holds (1e309) arrives as ±Infinity: an integer too large, not a non-integer.
      if (ctx && (typeof data === 'bigint' || data === Infinity || data === -Infinity)) {
        ctx.parentData[ctx.parentDataProperty] = finite(Number(data));
      }
      return true;
    },
  });
  return ajv;
}

/**
 * An integer too large for a double (1e309) as the largest double of its sign, which is an integer too: the field's
 * bounds then refuse it with their own message (`must be <= 100`), not as if it were not an integer.
 */
const finite = (n: number): number => (Number.isFinite(n) ? n : n > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE);

/**
 * The schemas as Ajv runs them: int64 integer schemas become the `x-int64` rule, which understands `bigint`; every
 * other integer schema reads a `bigint` as a number first (`x-integer`), then applies its own type and bounds.
 */
export function runtimeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(runtimeSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const src = schema as Json;
  if (isInt64Schema(src)) {
    const { type: _t, format: _f, ...rest } = src;
    return { ...rest, 'x-int64': true };
  }
  if (src.type === 'integer') {
    // A default stays beside `properties`, where Ajv's useDefaults looks for it.
    const { default: fallback, ...rest } = src;
    return { ...(fallback === undefined ? {} : { default: fallback }), allOf: [{ 'x-integer': true }, rest] };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(src)) out[k] = runtimeSchema(v);
  return out;
}

/** An integer as the service writes one: no leading zero, no `+`, no `-0` (one value, one spelling). */
const CANONICAL = /^(?:0|-?[1-9]\d{0,999})$/;
/** Decimal digits written another way: the same value under another spelling. */
const RESPELT = /^[+-]?\d{1,1000}$/;

/**
 * Converts top-level path/query text to integers where the schema wants one. An integer must be written in its
 * canonical form, so that one resource has one URL (`/v1/pets/01` is not `/v1/pets/1`): another spelling of
 * decimal digits is refused, naming the one to use. Returns those refusals.
 */
function convertText(schema: Json, data: unknown): ErrorObject[] {
  const props = schema.properties as Record<string, Json> | undefined;
  if (!props || data === null || typeof data !== 'object') return [];
  const target = data as Json;
  const respelt: ErrorObject[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const raw = target[name];
    const int64 = isInt64Schema(prop);
    if (typeof raw !== 'string' || (!int64 && prop.type !== 'integer')) continue;
    if (CANONICAL.test(raw)) target[name] = int64 ? BigInt(raw) : finite(Number(raw));
    else if (RESPELT.test(raw)) {
      respelt.push({
        instancePath: `/${pointerPart(name)}`,
        schemaPath: '#/x-canonical',
        keyword: 'x-canonical',
        params: {},
        message: `must be written ${BigInt(raw).toString()} (no leading zeros, no plus sign, no -0)`,
      });
    }
  }
  return respelt;
}

const pointerPart = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Walks a parsed JSON body: NFC-normalises every string and reports strings
 * that no engine can store: not well-formed Unicode (lone surrogates cannot be
 * stored as UTF-8), or holding U+0000 (PostgreSQL text cannot store it).
 * Iterative, because a 16 KiB body can nest thousands of levels deep.
 */
function normaliseStrings(root: unknown, errors: ErrorObject[]): unknown {
  // The path is made only for a string with a problem: a body holds thousands of keys at most 16 KiB apart.
  const fix = (value: string, parent: string, key: string | number | undefined): string => {
    const problem = !value.isWellFormed()
      ? 'must be well-formed Unicode (no lone surrogates)'
      : value.includes('\u0000')
        ? 'must not contain the character U+0000'
        : undefined;
    if (!problem) return value.normalize('NFC');
    const instancePath = key === undefined ? parent : `${parent}/${pointerPart(key)}`;
    errors.push({ instancePath, schemaPath: '#/x-unicode', keyword: 'x-unicode', params: {}, message: problem });
    return value;
  };
  if (typeof root === 'string') return fix(root, '', undefined);
  const pending: { container: unknown; path: string }[] = [{ container: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { container, path } = next;
    if (container === null || typeof container !== 'object') continue;
    // Most containers hold no string or object at all; their keys (thousands in a hostile body, each one made a
    // string by Object.keys) are needed only when one does.
    if (!Object.values(container).some((value: unknown) => typeof value === 'string' || (value !== null && typeof value === 'object')))
      continue;
    // Keys only, not [key, value] pairs: a hostile body holds thousands of them.
    const keys: readonly (string | number)[] = Array.isArray(container) ? container.map((_v, i) => i) : Object.keys(container);
    const nested: { container: unknown; path: string }[] = [];
    for (const key of keys) {
      const value = (container as Record<string | number, unknown>)[key];
      if (typeof value === 'string') {
        const after = fix(value, path, key);
        // Only changed strings are written back, so a "__proto__" key is never assigned through.
        if (after !== value && key !== '__proto__') (container as Json)[key] = after;
      } else if (value !== null && typeof value === 'object') {
        nested.push({ container: value, path: `${path}/${pointerPart(key)}` });
      }
    }
    pending.push(...nested.reverse());
  }
  return root;
}

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The same schema's text, for finding a compiled validator again (int64 bounds are bigints). */
export const schemaKey = (schema: unknown): string =>
  JSON.stringify(schema, (_key, value: unknown) => (typeof value === 'bigint' ? `${value.toString()}n` : value));

let shared: { ajv: Ajv; compiled: Map<string, ValidateFunction>; bySchema: WeakMap<object, ValidateFunction> } | undefined;

/**
 * Validators from one Ajv for every app in the process, each schema compiled
 * once: routes repeat the same parameter and query schemas, and compiling them
 * again for each route (and each app a process builds) was much of start-up.
 * A compiled validator keeps nothing between calls but its last `errors`.
 */
function compiledValidator(schema: unknown): ValidateFunction {
  shared ??= { ajv: createAjv(), compiled: new Map(), bySchema: new WeakMap() };
  const cache = shared;
  const object = schema !== null && typeof schema === 'object' ? schema : undefined;
  const known = object && cache.bySchema.get(object);
  if (known) return known;
  const runtime = runtimeSchema(schema);
  const key = schemaKey(runtime);
  let compiled = cache.compiled.get(key);
  if (!compiled) cache.compiled.set(key, (compiled = cache.ajv.compile(runtime as object)));
  if (object) cache.bySchema.set(object, compiled);
  return compiled;
}

/** The property names of an object schema that allows no others, or undefined. */
function closedFields(schema: unknown): Set<string> | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const { additionalProperties, properties, patternProperties } = schema as Json;
  if (additionalProperties !== false || patternProperties !== undefined || properties === null || typeof properties !== 'object')
    return undefined;
  return new Set(Object.keys(properties));
}

/**
 * A body with more unknown top-level fields than can be reported: the same
 * object with its known fields and only the first MAX_DETAILS unknown ones,
 * and how many unknown ones were left out. With allErrors, Ajv makes an error
 * object for every unknown field (2,000 for a 14.7 KB body) of which at most
 * MAX_DETAILS are reported; those left out are only counted.
 */
function boundedUnknown(data: unknown, fields: Set<string>): { reduced: Json; leftOut: number } | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const keys = Object.keys(data);
  if (keys.length <= MAX_DETAILS) return undefined;
  let unknown = 0;
  for (const key of keys) if (!fields.has(key)) unknown++;
  if (unknown <= MAX_DETAILS) return undefined;
  const reduced: Json = {};
  let kept = 0;
  for (const key of keys) {
    if (fields.has(key) || kept++ < MAX_DETAILS)
      Object.defineProperty(reduced, key, { value: (data as Json)[key], enumerable: true, writable: true, configurable: true });
  }
  return { reduced, leftOut: unknown - MAX_DETAILS };
}

/** Fastify's validator compiler: Unicode checks on bodies, integers from path and query text, then the schema. */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => {
    const compiled = compiledValidator(schema);
    const fields = httpPart === 'body' ? closedFields(schema) : undefined;
    const validator: Validator = (data: unknown) => {
      if (httpPart === 'body') {
        const unicodeErrors: ErrorObject[] = [];
        normaliseStrings(data, unicodeErrors);
        if (unicodeErrors.length > 0) {
          validator.errors = unicodeErrors;
          return false;
        }
        const bounded = fields && boundedUnknown(data, fields);
        if (bounded) {
          // Invalid whatever the rest holds: the reduced object still has unknown fields.
          compiled(bounded.reduced);
          const more: ErrorObject = {
            instancePath: '',
            schemaPath: '#/additionalProperties',
            keyword: MORE_UNKNOWN_FIELDS,
            params: { count: bounded.leftOut },
          };
          validator.errors = [...(compiled.errors ?? []), more];
          return false;
        }
      } else if (httpPart === 'querystring' || httpPart === 'params') {
        const respelt = convertText(schema as Json, data);
        if (respelt.length > 0) {
          validator.errors = respelt;
          return false;
        }
      }
      const ok = compiled(data);
      validator.errors = compiled.errors ?? null;
      return ok;
    };
    return validator;
  };
}

/**
 * Fastify's error for a failed validation, without its default message: that
 * joins every problem into one string (90 KB for 2,000 unknown fields), and
 * the answer is built from the problems themselves (toApiError).
 */
export function schemaErrorFormatter(errors: readonly unknown[], dataVar: string): Error {
  return new Error(`${dataVar} is not valid: ${String(errors.length)} problems`);
}
