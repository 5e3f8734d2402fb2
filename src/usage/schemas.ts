import { Type } from '@sinclair/typebox';
import { QuotaSchema } from '../management/schemas.js';

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
  },
  {
    additionalProperties: false,
    description:
      "A project's API requests over time beside its quota. Counts are written every 10 seconds, so the newest are up to 10 s late.",
  },
);
