import { Type } from '@sinclair/typebox';
import { Cursor } from '../contract/primitives.js';
import { managementComponent } from '../management/components.js';
import { AUDIT_ACTIONS } from './repository.js';

export const AuditActorSchema = managementComponent(
  Type.Object(
    {
      type: Type.Union([Type.Literal('user'), Type.Literal('token'), Type.Literal('operator')], {
        description: 'A person through their session, a person through an access token, or the operator through the local CLI.',
      }),
      email: Type.Optional(Type.String({ description: 'The person (user and token actors).' })),
      tokenId: Type.Optional(Type.String({ description: 'The access token (token actors).' })),
    },
    { additionalProperties: false, description: 'Who made a change.' },
  ),
  'AuditActor',
);

export const AuditEntrySchema = managementComponent(
  Type.Object(
    {
      id: Type.String({ pattern: '^[0-9]+$', description: 'The entry id (entries are numbered in the order they were written).' }),
      at: Type.String({ format: 'date-time', description: 'When the change was made.' }),
      actor: AuditActorSchema,
      action: Type.Union(
        AUDIT_ACTIONS.map((a) => Type.Literal(a)),
        { description: 'What was done.' },
      ),
      target: Type.String({ description: 'What it was done to: a project slug, key id, deploy id, domain, redirect or email.' }),
      environment: Type.Union([Type.Literal('production'), Type.Literal('staging')], {
        description:
          'The environment the change concerns; `production` for what both environments share (members, plan, deploys, domains).',
      }),
      ip: Type.Optional(Type.String({ description: "The client's address, for changes through the API." })),
    },
    { additionalProperties: false, description: 'One change in the audit log.' },
  ),
  'AuditEntry',
);

export const AuditPageSchema = Type.Array(AuditEntrySchema, { maxItems: 100, description: 'A page of entries, newest first.' });

export const AuditQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ format: 'int32', minimum: 1, maximum: 100, default: 50, description: 'Entries per page (1-100, default 50).' }),
    ),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
