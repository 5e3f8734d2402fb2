import { Type, type TSchema } from '@sinclair/typebox';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/**
 * A signed 64-bit integer, exact over the whole range. JSON bodies are parsed
 * so that integer literals arrive as `bigint`; path and query values are
 * converted from their decimal text. Runtime validation of this schema is done
 * by the `x-int64` rule in validation.ts, because JSON Schema's `integer` cannot
 * see a `bigint`.
 */
export const Int64 = ({ description, examples }: { description: string; examples?: number[] }) =>
  Type.Unsafe<bigint>({
    type: 'integer',
    format: 'int64',
    description: `${description} ${INT64_NOTE}`,
    ...(examples ? { examples } : {}),
  });

/**
 * Said on every int64 field. Examples stay within 2^53 − 1 for the same reason:
 * documentation renderers parse them as JavaScript numbers.
 */
export const INT64_NOTE =
  'An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.';

/** Shared shape of a name: 1–200 Unicode code points after NFC, not only whitespace. */
export const PetName = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description:
    "The animal's name: 1 to 200 Unicode code points after NFC normalisation, not only whitespace, without U+0000. Stored and returned in NFC.",
  examples: ['Rex'],
});

/** The largest page: `limit`'s maximum and the `maxItems` of every list response. */
export const PAGE_MAX = 100;

export const PageLimit = Type.Integer({
  format: 'int32',
  minimum: 1,
  maximum: PAGE_MAX,
  default: 20,
  description: 'Maximum number of items returned (1–100, default 20).',
});

export const Cursor = Type.String({
  minLength: 1,
  maxLength: 200,
  description:
    'Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`.',
});

/** True when a schema was built by `Int64()`. */
export function isInt64Schema(schema: TSchema | Record<string, unknown>): boolean {
  return schema.type === 'integer' && schema.format === 'int64';
}
