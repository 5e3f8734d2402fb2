import { Type, type Static } from '@sinclair/typebox';
import { errorResponsesOf, errorSchema, jsonResponse } from '../contract/error-schema.js';
import { ERROR_CODES, type ErrorCode } from '../http/errors.js';
import { PlanSchema } from '../projects/plans.js';

/** The Error body of the management API: any code of the catalogue. */
export const ManagementErrorSchema = errorSchema(ERROR_CODES);

/** Documented error responses of a management operation. */
export const managementErrors = (...codes: ErrorCode[]) =>
  errorResponsesOf(ManagementErrorSchema, [...new Set<ErrorCode>(['bad_request', ...codes, 'internal_error', 'service_unavailable'])]);

export { jsonResponse };

/** The security of a management operation that changes something: the session cookie and its CSRF token. */
export const WRITE_SECURITY = [{ cookieAuth: [], csrfToken: [] }];

/** Requests per minute and per day a project may make (int64: enterprise quotas can be large). */
export const QuotaSchema = Type.Object(
  {
    perMinute: Type.Integer({ format: 'int64', minimum: 1, description: 'Requests per minute (fixed UTC minutes).' }),
    perDay: Type.Integer({ format: 'int64', minimum: 1, description: 'Requests per day (fixed UTC days).' }),
  },
  { additionalProperties: false, description: "The project's quota, from its plan." },
);

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const UserSchema = Type.Object(
  {
    email: Type.String({ description: 'The email the person signs in with, in lowercase.' }),
    admin: Type.Boolean({ description: 'Admins see and manage every project; others only those they are members of.' }),
  },
  { additionalProperties: false, description: 'A person who signs in.' },
);

export const SessionSchema = Type.Object(
  {
    user: UserSchema,
    csrfToken: Type.String({
      description: 'Send it as the `X-CSRF-Token` header on every request that changes state (POST, PUT, PATCH, DELETE).',
    }),
  },
  { additionalProperties: false, description: 'The signed-in person and the CSRF token of their session.' },
);

export const SignInSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: 'The email the person was created with (any case).' }),
    password: Type.String({ minLength: 1, maxLength: 1024, description: 'The password.' }),
  },
  { additionalProperties: false, description: 'Credentials.' },
);
export type SignIn = Static<typeof SignInSchema>;

export const SlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9-]+$', description: "The project's slug." }) },
  { additionalProperties: false },
);

export const DeploySummarySchema = Type.Object(
  {
    id: Type.String({ description: 'The deploy id.' }),
    createdAt: Timestamp('When the deploy was uploaded.'),
  },
  { additionalProperties: false, description: 'A deploy of the project.' },
);

export const ProjectSchema = Type.Object(
  {
    slug: Type.String({ description: 'The project (one pet store) and its site name.' }),
    plan: PlanSchema,
    quota: QuotaSchema,
    liveDeploy: Type.Union([DeploySummarySchema, Type.Null()], { description: 'The deploy served on the site; null before the first.' }),
    url: Type.String({
      format: 'uri',
      description: 'Where the project site is served: `http://<slug>.<PLATFORM_HOST>/`, with `:PORT` unless PORT is 80.',
    }),
    createdAt: Timestamp('When the project was created.'),
  },
  { additionalProperties: false, description: 'A project with its plan, quotas, live deploy and site address.' },
);

export const ProjectListSchema = Type.Array(ProjectSchema, { maxItems: 10_000, description: 'The projects the person may manage.' });

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ description: 'The public key id (not the secret).' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'A label given at creation.' }),
    hint: Type.String({ description: 'The first characters of the secret, to recognise it.' }),
    createdAt: Timestamp('When the key was created.'),
    lastUsedAt: Type.Union([Timestamp('About when the key was last used (written at most once a minute).'), Type.Null()]),
    revokedAt: Type.Union([Timestamp('When the key was revoked.'), Type.Null()]),
  },
  { additionalProperties: false, description: 'An API key of the project, without its secret.' },
);

export const ApiKeyListSchema = Type.Array(ApiKeySchema, { maxItems: 100_000, description: 'The keys of the project, oldest first.' });

export const NewApiKeySchema = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A label, e.g. where the key is used.' })) },
  { additionalProperties: false, description: 'A key to create.' },
);

export const CreatedApiKeySchema = Type.Object(
  {
    id: Type.String({ description: 'The public key id.' }),
    key: Type.String({ description: 'The secret, shown this once: store it now. Send it as `Authorization: Bearer <key>`.' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'The label.' }),
    hint: Type.String({ description: 'The first characters of the secret.' }),
    createdAt: Timestamp('When the key was created.'),
  },
  { additionalProperties: false, description: 'A new API key, with its secret.' },
);

export const KeyParams = Type.Object(
  {
    slug: SlugParams.properties.slug,
    keyId: Type.String({ minLength: 1, maxLength: 40, pattern: '^key_[0-9A-Za-z]+$', description: 'The key id.' }),
  },
  { additionalProperties: false },
);
