import { Type } from '@sinclair/typebox';
import { managementComponent } from '../management/components.js';

export const StagingResetSchema = managementComponent(
  Type.Object(
    {
      project: Type.String({ description: "The project's slug." }),
      environment: Type.Literal('staging'),
      resetAt: Type.String({ format: 'date-time', description: 'When the staging environment was emptied.' }),
    },
    {
      additionalProperties: false,
      description:
        'A staging environment emptied: its pets, orders, idempotency keys, events and webhook deliveries, usage and request log are gone; its keys and webhook endpoints stay, and its next pet is number 1.',
    },
  ),
  'StagingReset',
);

export const StagingCopySchema = managementComponent(
  Type.Object(
    {
      project: Type.String({ description: "The project's slug." }),
      environment: Type.Literal('staging'),
      copied: Type.Integer({ format: 'int64', minimum: 0, description: 'Pets now in staging, each with its production id.' }),
    },
    { additionalProperties: false, description: "Production's pets copied into an empty staging environment." },
  ),
  'StagingCopy',
);
