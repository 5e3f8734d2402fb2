import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ERROR_CATALOG, MAX_DETAILS, V1_ERROR_CODES, type ErrorCode } from '../http/errors/errors.js';

export const ErrorDetailSchema = Type.Object(
  {
    in: Type.Union([Type.Literal('body'), Type.Literal('query'), Type.Literal('path'), Type.Literal('header')]),
    field: Type.String({ description: 'The offending field; empty when the whole body is meant.' }),
    message: Type.String(),
  },
  { additionalProperties: false },
);

/** The Error body whose `code` is one of the given closed set (each API document lists the codes it answers). */
export function errorSchema(codes: readonly ErrorCode[]) {
  return Type.Object(
    {
      code: Type.Union(
        codes.map((c) => Type.Literal(c)),
        { description: 'Machine-readable error code, one of a closed, documented set.' },
      ),
      message: Type.String({ description: 'Human-readable description.' }),
      status: Type.Integer({ format: 'int32', minimum: 400, maximum: 599, description: 'The HTTP status code.' }),
      details: Type.Optional(
        Type.Array(ErrorDetailSchema, {
          maxItems: MAX_DETAILS,
          description: `For validation errors: one entry per offending field, at most ${String(MAX_DETAILS)} (the message says how many more there were).`,
        }),
      ),
    },
    { description: 'The body of every error response.' },
  );
}

/** The Error body of the /v1 API. */
export const ErrorSchema = errorSchema(V1_ERROR_CODES);
/** Any error body the service sends (every code of the catalogue). */
export type ErrorBody = Static<ReturnType<typeof errorSchema>> & { code: ErrorCode };

export interface ResponseSpec {
  description: string;
  /** Absent for an answer without a body (204). */
  content?: { 'application/json': { schema: TSchema } };
}

/** A documented JSON response for a route's `response` map. */
export function jsonResponse(description: string, schema: TSchema): ResponseSpec {
  return { description, content: { 'application/json': { schema } } };
}

/** Documented /v1 error responses, one per status, listing the codes each can carry. */
export function errorResponses(...codes: ErrorCode[]): Record<number, ResponseSpec> {
  return errorResponsesOf(ErrorSchema, codes);
}

/** Documented error responses with the given Error schema, one per status, listing the codes each can carry. */
export function errorResponsesOf(schema: TSchema, codes: readonly ErrorCode[]): Record<number, ResponseSpec> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, ResponseSpec> = {};
  for (const [status, list] of byStatus) {
    const lines = list.map((c) => `\`${c}\`: ${ERROR_CATALOG[c].message}`).join(' ');
    out[status] = jsonResponse(`Error. Codes: ${lines}`, schema);
  }
  return out;
}

/** Codes every authenticated /v1 operation can answer. */
export const COMMON_ERROR_CODES: ErrorCode[] = [
  'unauthorized',
  'wrong_environment',
  'rate_limited',
  'api_key_banned',
  'internal_error',
  'service_unavailable',
];

/** The common codes of an operation that changes something: a read-only key is refused (403 `insufficient_scope`). */
export const WRITE_ERROR_CODES: ErrorCode[] = [...COMMON_ERROR_CODES, 'insufficient_scope'];
