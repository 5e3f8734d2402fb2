import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { DomainError } from '../../errors/domain-error.js';
import { StorageUnavailableError } from '../../storage/unavailable.js';
import { ApiError, ERROR_CATALOG, fromDomainError, MAX_DETAILS, type ErrorCode, type ErrorDetail } from './errors.js';
import type { ErrorBody } from '../../contract/error-schema.js';

const CONTEXT_TO_IN: Record<string, ErrorDetail['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const unescapePointer = (part: string) => (part.includes('~') ? part.replace(/~1/g, '/').replace(/~0/g, '~') : part);

function fieldOf(err: ErrorObject, where: ErrorDetail['in']): string {
  // Called for every problem, thousands for a hostile body: the usual top-level case costs no split.
  const path = err.instancePath === '' ? [] : err.instancePath.slice(1).split('/').map(unescapePointer);
  if (err.keyword === 'required') path.push(String(err.params.missingProperty));
  if (err.keyword === 'additionalProperties') path.push(String(err.params.additionalProperty));
  const field = path.length === 1 ? (path[0] as string) : path.join('.');
  return where === 'header' ? field.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase()) : field;
}

function messageOf(err: ErrorObject, where: ErrorDetail['in'], field: string): string {
  switch (err.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not an allowed field';
    case 'x-int64':
      return where === 'body'
        ? 'must be a JSON number that is an integer from -9223372036854775808 to 9223372036854775807'
        : 'must be a decimal integer from -9223372036854775808 to 9223372036854775807';
    case 'enum':
      return `must be one of: ${(err.params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'pattern':
      return field === 'name' ? 'must contain a character other than whitespace' : `must match the pattern ${String(err.params.pattern)}`;
    case 'type':
      if (field === '' && where === 'body') return 'the request body must be a JSON object';
      return `must be of type ${String(err.params.type)}`;
    case 'minLength':
      if (err.params.limit === 1) return 'must not be empty';
      return `must be at least ${String(err.params.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(err.params.limit)} characters long`;
    default:
      return err.message ?? 'is invalid';
  }
}

/** The keyword of the one problem that stands for unknown fields left out of validation (http/body/validation.ts). */
export const MORE_UNKNOWN_FIELDS = 'x-more-unknown-fields';
/** Field names come from the request: at most this many characters of one are echoed. */
export const MAX_FIELD_CHARS = 64;

function bounded(field: string): string {
  if (field.length <= MAX_FIELD_CHARS) return field;
  // By code points, so a surrogate pair is never cut in half.
  return `${[...field.slice(0, MAX_FIELD_CHARS * 2)].slice(0, MAX_FIELD_CHARS).join('')}…`;
}

/**
 * Turns Ajv errors from a request part into one `details` entry per offending
 * field, the first MAX_DETAILS of them, and counts the fields left out: a body
 * of 2,000 unknown fields answered one entry each made a 183 KB response.
 */
export function validationDetails(errors: ErrorObject[], context: string | undefined): { details: ErrorDetail[]; more: number } {
  const where = CONTEXT_TO_IN[context ?? 'body'] ?? 'body';
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  let leftOut = 0;
  for (const err of errors) {
    if (err.keyword === MORE_UNKNOWN_FIELDS) {
      leftOut += err.params.count as number;
      continue;
    }
    const field = fieldOf(err, where);
    // One entry per field: the first problem found is the one worth fixing first.
    if (seen.has(field)) continue;
    seen.add(field);
    if (details.length < MAX_DETAILS) details.push({ in: where, field: bounded(field), message: messageOf(err, where, field) });
  }
  return { details, more: seen.size + leftOut - details.length };
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'bad_request',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
};

/** A database past its time bound or unreachable: the client is told to wait a second, as the drain's 503 does. */
const RETRY_SHORTLY = { 'retry-after': '1' };

/** Maps any thrown value to the ApiError the client sees. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  if (error instanceof StorageUnavailableError) return new ApiError('service_unavailable', undefined, undefined, RETRY_SHORTLY);
  const fe = error as Partial<FastifyError> & { validation?: ErrorObject[]; validationContext?: string };
  if (fe.validation) {
    const { details, more } = validationDetails(fe.validation, fe.validationContext);
    const summary = details.map((d) => (d.field ? `${d.field} ${d.message}` : d.message)).join('; ');
    const rest = more > 0 ? `; and ${String(more)} more ${more === 1 ? 'field' : 'fields'} with problems` : '';
    return new ApiError('validation_failed', `Invalid request: ${summary}${rest}.`, details);
  }
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped) return new ApiError(mapped);
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new ApiError('bad_request');
  }
  return new ApiError('internal_error');
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  const body: ErrorBody = { code: error.code, message: error.message, status: error.status };
  if (error.code === 'internal_error') body.message = `${ERROR_CATALOG.internal_error.message} Reference: ${requestId}.`;
  if (error.details) body.details = error.details;
  return body;
}

/** Sends an error response: with `rawErrorResponse`, the only place an error becomes HTTP. */
/** The error each request was answered with (its code and the message the client got), for the request log (requests/plugin.ts). */
export const answeredErrors = new WeakMap<FastifyRequest, { code: ErrorCode; message: string }>();

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  answeredErrors.set(reply.request, { code: error.code, message: error.message });
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error, reply.request.id));
}

/**
 * The same answer as `sendError`, as the bytes of a complete HTTP/1.1 response
 * that closes the connection: for a connection whose request Node could not
 * parse, where there is no reply to send it with.
 */
export function rawErrorResponse(error: ApiError, requestId: string): string {
  const body = JSON.stringify(errorBody(error, requestId));
  return [
    `HTTP/1.1 ${String(error.status)} ${STATUS_CODES[error.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${String(Buffer.byteLength(body))}`,
    'Connection: close',
    `X-Request-Id: ${requestId}`,
    ...Object.entries(error.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
}

/**
 * The error Fastify raises for a failed validation. Its message is never shown (`toApiError`
 * builds ours from `validation`), so it is made once per request without joining every
 * problem into a string, as Fastify's default does, and without a stack trace.
 */
function validationError(): Error {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new Error(ERROR_CATALOG.validation_failed.message);
  Error.stackTraceLimit = stackTraceLimit;
  return error;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(validationError);
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, apiError);
  });
}
