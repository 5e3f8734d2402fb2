import { Type } from '@sinclair/typebox';
import { EnvironmentSchema, QuotaSchema } from '../management/schemas.js';

const Bucket = (what: string) =>
  Type.Object(
    {
      start: Type.String({ format: 'date-time', description: `The start of the ${what} (UTC).` }),
      requests: Type.Integer({ format: 'int64', minimum: 0, description: `API requests in that ${what}, whatever their answer.` }),
    },
    { additionalProperties: false },
  );

export const UsageSchema = Type.Object(
  {
    project: Type.String({ description: "The project's slug." }),
    environment: EnvironmentSchema,
    quota: QuotaSchema,
    perMinute: Type.Array(Bucket('minute'), {
      minItems: 60,
      maxItems: 60,
      description: 'The last 60 minutes, oldest first, the current minute last; compare with `quota.perMinute`.',
    }),
    perDay: Type.Array(Bucket('day'), {
      minItems: 30,
      maxItems: 30,
      description: 'The last 30 days (UTC), oldest first, today last; compare with `quota.perDay`.',
    }),
    byKey: Type.Optional(
      Type.Array(
        Type.Object(
          {
            keyId: Type.String({ description: 'The key id.' }),
            name: Type.Union([Type.String(), Type.Null()], { description: "The key's label; null without one." }),
            hint: Type.Union([Type.String(), Type.Null()], { description: 'The first characters of the secret.' }),
            today: Type.Integer({ format: 'int64', minimum: 0, description: 'Requests with this key today (UTC).' }),
            last30Days: Type.Integer({
              format: 'int64',
              minimum: 0,
              description: 'Requests with this key in the last 30 days (UTC), today included.',
            }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100_000, description: 'With `by=key`: each key that made requests in the last 30 days, the busiest first.' },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      "A project's API requests over time beside its quota. Counts are written every 10 seconds, so the newest are up to 10 s late.",
  },
);

export const UsageQuery = Type.Object(
  {
    by: Type.Optional(Type.Literal('key', { description: '`key` adds `byKey`: the requests of each key.' })),
    environment: Type.Optional({
      ...EnvironmentSchema,
      description: "The environment (default `production`): staging's requests are counted apart, against the same plan's limits.",
    }),
  },
  { additionalProperties: false },
);

export const DeprecationsSchema = Type.Object(
  {
    operations: Type.Array(
      Type.Object(
        {
          operation: Type.String({ description: 'The operationId in the `/v1` contract, e.g. `getPet`.' }),
          method: Type.String({ description: 'The HTTP method, e.g. `GET`.' }),
          path: Type.String({
            description:
              'The path as the contract writes it, in the environment asked for: `/v1/pets/{petId}`, `/staging/v1/pets/{petId}`.',
          }),
          deprecatedAt: Type.String({ format: 'date-time', description: 'Since when it is deprecated (its `Deprecation` header).' }),
          sunset: Type.String({
            format: 'date-time',
            description: 'When it is removed (its `Sunset` header): from then on it answers 410 `gone`.',
          }),
          successor: Type.String({
            description: 'What to call instead, as its `Link: <…>; rel="successor-version"` names it in that environment, e.g. `/v1/pets`.',
          }),
          callers: Type.Array(
            Type.Object(
              {
                keyId: Type.String({ description: 'The key id.' }),
                name: Type.Union([Type.String(), Type.Null()], { description: "The key's label; null without one." }),
                hint: Type.Union([Type.String(), Type.Null()], {
                  description: 'The first characters of the secret (`psk_AbCd…`), as the key list shows them; null once the key is gone.',
                }),
                calls30d: Type.Integer({
                  format: 'int64',
                  minimum: 1,
                  description: 'Calls of the operation with this key in the last 30 days (UTC), today included, whatever their answer.',
                }),
                lastCalledAt: Type.String({ format: 'date-time', description: 'The last of those calls.' }),
              },
              { additionalProperties: false },
            ),
            {
              maxItems: 100_000,
              description: "The project's keys that called it in the last 30 days, the busiest first; empty when none did.",
            },
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: 1000, description: 'Every deprecated operation of the contract, whether or not the project calls it.' },
    ),
  },
  {
    additionalProperties: false,
    description:
      "The contract's deprecated operations and the project's keys that still call them: who must move before each sunset. Counts are written every 10 seconds, so the newest calls are up to 10 s late.",
  },
);
