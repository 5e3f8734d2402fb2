import { Type } from '@sinclair/typebox';
import { managementComponent } from '../management/components.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const Scope = Type.Union([Type.Literal('read'), Type.Literal('write')], {
  description: '`read`: GET requests only; `write`: every operation.',
});
const Projects = Type.Union([Type.Array(Type.String({ description: 'A project slug.' }), { maxItems: 100 }), Type.Null()], {
  description: 'The projects the token may act on; null: every project of its person.',
});

export const NewTokenSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'A label, e.g. the machine or script using it.' }),
    scope: Type.Optional(Type.Union([Type.Literal('read'), Type.Literal('write')], { default: 'write', description: 'Default `write`.' })),
    projects: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9-]+$' }), {
        minItems: 1,
        maxItems: 100,
        description: 'Limit the token to these projects (default: every project of the person, present and future).',
      }),
    ),
    expiresInDays: Type.Optional(
      Type.Integer({ format: 'int32', minimum: 1, maximum: 365, default: 90, description: 'Days until it expires (1-365, default 90).' }),
    ),
  },
  { additionalProperties: false, description: 'An access token to create.' },
);

export const AccessTokenSchema = managementComponent(
  Type.Object(
    {
      id: Type.String({ description: 'The token id (not the secret).' }),
      name: Type.String({ description: 'The label.' }),
      scope: Scope,
      projects: Projects,
      hint: Type.String({ description: 'The first characters of the secret, to recognise it.' }),
      createdAt: Timestamp('When the token was created.'),
      expiresAt: Timestamp('When the token stops working.'),
      lastUsedAt: Type.Union([Timestamp('About when the token was last used (written at most once a minute).'), Type.Null()]),
      revokedAt: Type.Union([Timestamp('When the token was revoked.'), Type.Null()]),
    },
    { additionalProperties: false, description: 'A personal access token, without its secret.' },
  ),
  'AccessToken',
);

export const AccessTokenListSchema = Type.Array(AccessTokenSchema, { maxItems: 10_000, description: "The person's tokens, oldest first." });

export const CreatedAccessTokenSchema = managementComponent(
  Type.Object(
    {
      id: Type.String({ description: 'The token id.' }),
      name: Type.String({ description: 'The label.' }),
      token: Type.String({ description: 'The secret `pst_…`, shown this once: store it now. Send it as `Authorization: Bearer <token>`.' }),
      scope: Scope,
      projects: Projects,
      createdAt: Timestamp('When the token was created.'),
      expiresAt: Timestamp('When the token stops working.'),
    },
    { additionalProperties: false, description: 'A new access token, with its secret.' },
  ),
  'CreatedAccessToken',
);

export const TokenParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 40, pattern: '^tok_[0-9A-Za-z]+$', description: 'The token id.' }) },
  { additionalProperties: false },
);
