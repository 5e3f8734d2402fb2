import { Type } from '@sinclair/typebox';
import { Cursor } from '../contract/primitives.js';
import { managementComponent } from '../management/components.js';
import { EnvironmentSchema } from '../management/schemas.js';

export const LoggedRequestSchema = managementComponent(
  Type.Object(
    {
      requestId: Type.String({ description: 'The `X-Request-Id` the response carried.' }),
      at: Type.String({ format: 'date-time', description: 'When the response was sent.' }),
      method: Type.String({ description: 'The HTTP method.' }),
      path: Type.String({
        description: 'The path and query as sent, with `cursor` values and anything shaped like a key or token replaced.',
      }),
      operation: Type.Optional(Type.String({ description: 'The operation (`listPets`, `createPet`, …); absent for an unknown path.' })),
      status: Type.Integer({ format: 'int32', minimum: 100, maximum: 599, description: 'The HTTP status of the response.' }),
      durationMs: Type.Number({ minimum: 0, description: 'Time from the request to the response, in milliseconds.' }),
      keyId: Type.Optional(Type.String({ description: 'The API key the request was made with.' })),
      errorCode: Type.Optional(Type.String({ description: 'The error `code` of a failed request.' })),
      errorMessage: Type.Optional(
        Type.String({
          description:
            "The message the client got when it said more than the code's usual one (a `validation_failed`'s field detail), else what that error code means.",
        }),
      ),
      traceId: Type.Optional(
        Type.String({
          pattern: '^[0-9a-f]{32}$',
          description:
            "The W3C trace id of the request's span, when the server exports traces (OpenTelemetry) and recorded this request's.",
        }),
      ),
    },
    { additionalProperties: false, description: "One request to the project's `/v1` API: never its headers, body or cursor." },
  ),
  'LoggedRequest',
);

export const RequestPageSchema = Type.Array(LoggedRequestSchema, { maxItems: 100, description: 'A page of requests, newest first.' });

export const RequestQuery = Type.Object(
  {
    status: Type.Optional(
      Type.String({
        maxLength: 3,
        pattern: '^(?:[1-5]xx|[1-5][0-9]{2})$',
        description: 'A status class (`2xx`, `4xx`, `5xx`) or one status (`429`).',
      }),
    ),
    keyId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, pattern: '^key_[0-9A-Za-z]+$', description: 'Requests made with this key.' }),
    ),
    operation: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z][A-Za-z0-9]*$',
        description: 'Requests of this operation (`createPet`).',
      }),
    ),
    requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'The request with this `X-Request-Id`.' })),
    limit: Type.Optional(
      Type.Integer({ format: 'int32', minimum: 1, maximum: 100, default: 50, description: 'Requests per page (1-100, default 50).' }),
    ),
    cursor: Type.Optional(Cursor),
    environment: Type.Optional({ ...EnvironmentSchema, description: 'The environment whose requests are listed (default `production`).' }),
  },
  { additionalProperties: false },
);
