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
