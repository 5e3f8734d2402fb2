import { Type, type Static } from '@sinclair/typebox';
import { errorResponsesOf, errorSchema, jsonResponse } from '../contract/error-schema.js';
import { ERROR_CODES, type ErrorCode } from '../http/errors/errors.js';
import { PlanSchema } from '../projects/plans.js';
import { managementComponent } from './components.js';

/** The Error body of the management API: any code of the catalogue. */
export const ManagementErrorSchema = errorSchema(ERROR_CODES);

/** Documented error responses of a management operation. */
export const managementErrors = (...codes: ErrorCode[]) =>
  errorResponsesOf(ManagementErrorSchema, [...new Set<ErrorCode>(['bad_request', ...codes, 'internal_error', 'service_unavailable'])]);

export { jsonResponse };

/** The security of a management operation that changes something: the session cookie and its CSRF token, or an access token. */
export const WRITE_SECURITY: Record<string, string[]>[] = [{ cookieAuth: [], csrfToken: [] }, { bearerAuth: [] }];

/** The security of the session and token operations: a session only, never an access token. */
export const SESSION_WRITE_SECURITY: Record<string, string[]>[] = [{ cookieAuth: [], csrfToken: [] }];
export const SESSION_READ_SECURITY: Record<string, string[]>[] = [{ cookieAuth: [] }];

/** Requests per minute and per day a project may make (int64: enterprise quotas can be large). */
export const QuotaSchema = Type.Object(
  {
    perMinute: Type.Integer({ format: 'int64', minimum: 1, description: 'Requests per minute (fixed UTC minutes).' }),
    perDay: Type.Integer({ format: 'int64', minimum: 1, description: 'Requests per day (fixed UTC days).' }),
  },
  { additionalProperties: false, description: "The project's quota, from its plan." },
);

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

/** Production or staging: every project has both, each with its own keys, data, quota, events and request log. */
export const EnvironmentSchema = managementComponent(
  Type.Union([Type.Literal('production'), Type.Literal('staging')], {
    description:
      "One of the project's two environments: `production` (the API at BASE_URL) or `staging` (at STAGING_BASE_URL), each with its own keys, pets, orders, events, webhooks, usage, quota counts and request log.",
  }),
  'Environment',
);

/** `?environment=`: which environment a listing is of (production by default). */
export const EnvironmentQuery = Type.Object(
  { environment: Type.Optional({ ...EnvironmentSchema, description: 'The environment (default `production`).' }) },
  { additionalProperties: false },
);

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
    code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'For a person with an authenticator app: its current 6-digit code, or one of their recovery codes (each works once). Without it such a person gets 401 `second_factor_required`.',
      }),
    ),
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
    number: Type.Integer({
      format: 'int64',
      minimum: 1,
      description: "The deploy's number in the project (#1, #2…), as the deploy list gives it.",
    }),
    createdAt: Timestamp('When the deploy was uploaded.'),
  },
  { additionalProperties: false, description: 'A deploy of the project.' },
);

export const RoleSchema = managementComponent(
  Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('developer'), Type.Literal('viewer')], {
    description:
      'A role in a project, from most to least (docs/permissions.md): `owner` (everything, owners included), `admin` (members and invitations other than owners, production, settings), `developer` (staging, previews, reading production; production too while it is not protected), `viewer` (reads, never a secret).',
  }),
  'Role',
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
    role: RoleSchema,
    productionProtected: Type.Boolean({
      description:
        'When true, only admins and owners change production (keys, domains, webhooks, promotion); a developer deploys previews.',
    }),
  },
  { additionalProperties: false, description: "A project with its plan, quotas, live deploy, site address and the caller's role." },
);

export const ProjectListSchema = Type.Array(ProjectSchema, { maxItems: 10_000, description: 'The projects the person may manage.' });

const KeyScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('write')], {
  description:
    'What the key may do: `read` calls GET and HEAD operations only (anything else is 403 `insufficient_scope`); `write` calls every operation.',
});

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ description: 'The public key id (not the secret).' }),
    project: Type.String({ description: 'The slug of the project the key belongs to.' }),
    environment: EnvironmentSchema,
    name: Type.Union([Type.String(), Type.Null()], { description: 'A label given at creation.' }),
    scope: KeyScopeSchema,
    hint: Type.String({ description: 'The first characters of the secret, to recognise it.' }),
    createdAt: Timestamp('When the key was created.'),
    expiresAt: Type.Union([Timestamp('When the key stops working.'), Type.Null()], {
      description:
        'After this instant the key is refused like an unknown one (401); null: it never expires. A rolled key expires at the end of its overlap.',
    }),
    lastUsedAt: Type.Union([Timestamp('About when the key was last used (written at most once a minute).'), Type.Null()]),
    revokedAt: Type.Union([Timestamp('When the key was revoked.'), Type.Null()]),
    bannedUntil: Type.Union([Timestamp('Until when the key is banned for sending requests while rate limited.'), Type.Null()], {
      description: 'Set while the key is banned for sending requests while rate limited (`petstore keys unban` lifts it); null otherwise.',
    }),
    replacedBy: Type.Union(
      [
        Type.Object(
          {
            id: Type.String({ description: 'The key that replaced this one.' }),
            hint: Type.String({ description: 'The first characters of its secret.' }),
            rolledAt: Timestamp('When this key was rolled.'),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      {
        description:
          'Set once the key was rolled: the key that replaced it. The rolled key keeps working until its `expiresAt` (the end of the overlap), and cannot be rolled again. Null: never rolled.',
      },
    ),
    replaces: Type.Union(
      [
        Type.Object(
          {
            id: Type.String({ description: 'The key this one replaced.' }),
            hint: Type.String({ description: 'The first characters of its secret.' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'Set on a key made by a roll: the key it replaced. Null for a key created as new.' },
    ),
  },
  { additionalProperties: false, description: 'An API key of the project, without its secret.' },
);

export const ApiKeyListSchema = Type.Array(ApiKeySchema, { maxItems: 100_000, description: 'The keys of the project, oldest first.' });

export const NewApiKeySchema = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'A label, e.g. where the key is used: 1 to 100 characters, without control characters (line breaks, tabs) or bidi controls (400 `validation_failed` naming `name`).',
      }),
    ),
    scope: Type.Optional(KeyScopeSchema),
    environment: Type.Optional({
      ...EnvironmentSchema,
      description:
        'The environment the key is for (default `production`): staging keys begin `psk_test_` and work only at the staging base URL.',
    }),
    expiresInDays: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: 1,
        maximum: 3650,
        description: 'Days until the key expires by itself (default: it never expires).',
      }),
    ),
  },
  { additionalProperties: false, description: 'A key to create (scope `write` unless said otherwise).' },
);

export const RollApiKeySchema = Type.Object(
  {
    expiresInHours: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: 0,
        maximum: 168,
        default: 24,
        description: 'Hours the old key keeps working (0 to 168, default 24); 0 stops it at once. Never later than it was to expire.',
      }),
    ),
  },
  { additionalProperties: false, description: 'How long the rolled key overlaps with its replacement.' },
);

export const CreatedApiKeySchema = Type.Object(
  {
    id: Type.String({ description: 'The public key id.' }),
    key: Type.String({ description: 'The secret, shown this once: store it now. Send it as `Authorization: Bearer <key>`.' }),
    project: Type.String({ description: 'The slug of the project the key belongs to.' }),
    environment: EnvironmentSchema,
    name: Type.Union([Type.String(), Type.Null()], { description: 'The label.' }),
    scope: KeyScopeSchema,
    hint: Type.String({ description: 'The first characters of the secret.' }),
    createdAt: Timestamp('When the key was created.'),
    expiresAt: Type.Union([Timestamp('When the key stops working.'), Type.Null()], { description: 'Null: it never expires.' }),
  },
  { additionalProperties: false, description: 'A new API key, with its secret.' },
);

export const RolledApiKeySchema = Type.Object(
  {
    ...CreatedApiKeySchema.properties,
    replaces: Type.Object(
      {
        id: Type.String({ description: 'The rolled key.' }),
        expiresAt: Timestamp('When the rolled key stops working (every running server refuses it within 5 seconds of it).'),
      },
      { additionalProperties: false, description: 'The key this one replaces.' },
    ),
  },
  { additionalProperties: false, description: 'The new API key, with its secret, and when the key it replaces stops working.' },
);

export const KeyParams = Type.Object(
  {
    slug: SlugParams.properties.slug,
    keyId: Type.String({ minLength: 1, maxLength: 40, pattern: '^key_[0-9A-Za-z]+$', description: 'The key id.' }),
  },
  { additionalProperties: false },
);

export const NewProjectSchema = Type.Object(
  {
    slug: Type.String({
      minLength: 1,
      maxLength: 63,
      description:
        "The project's slug: 1-63 lowercase letters, digits and inner hyphens, without `--`. Its site is `<slug>.<PLATFORM_HOST>`.",
    }),
  },
  { additionalProperties: false, description: 'A project to create.' },
);

export const SignUpSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: 'The email to sign in with (stored in lowercase).' }),
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'At least 12 characters; common passwords and ones containing the email are refused (`weak_password`).',
    }),
  },
  { additionalProperties: false, description: 'A new account.' },
);

export const MemberSchema = Type.Object(
  {
    email: Type.String({ description: 'The person.' }),
    role: RoleSchema,
    createdAt: Type.String({ format: 'date-time', description: 'When they joined the project.' }),
  },
  { additionalProperties: false, description: 'A member of a project.' },
);

export const MemberListSchema = Type.Array(MemberSchema, { maxItems: 10_000, description: 'The members, owners first.' });

export const MemberParams = Type.Object(
  {
    slug: SlugParams.properties.slug,
    email: Type.String({ minLength: 1, maxLength: 254, description: "The member's email." }),
  },
  { additionalProperties: false },
);

export const NewInvitationSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: 'The email of the person invited.' }),
    role: Type.Optional(RoleSchema),
  },
  { additionalProperties: false, description: 'An invitation to create, with the role the person joins with (`developer` by default).' },
);

export const MemberRoleSchema = Type.Object({ role: RoleSchema }, { additionalProperties: false, description: "A member's new role." });

export const ProjectSettingsSchema = Type.Object(
  {
    productionProtected: Type.Optional(
      Type.Boolean({ description: 'Protected production: only admins and owners change production; a developer deploys previews.' }),
    ),
  },
  { additionalProperties: false, description: "The project's settings to change; those left out stay." },
);

export const CreatedInvitationSchema = Type.Object(
  {
    email: Type.String({ description: 'The email invited (in lowercase).' }),
    role: RoleSchema,
    url: Type.String({
      format: 'uri',
      description:
        'The one-time link to pass on: `<origin>/dashboard/invitations/<token>`. Shown this once; only a hash of its token is stored.',
    }),
    expiresAt: Type.String({ format: 'date-time', description: 'When the link stops working (7 days).' }),
  },
  { additionalProperties: false, description: 'A new invitation.' },
);

export const InvitationSchema = Type.Object(
  {
    project: Type.String({ description: 'The project the person is invited to.' }),
    email: Type.String({ description: 'The email invited: accepting needs that account, or creates it.' }),
    expiresAt: Type.String({ format: 'date-time', description: 'When the link stops working.' }),
    signupAllowed: Type.Boolean({
      description:
        'Whether accepting may create the account: SIGNUP is `open`, or `invite` and an admin or an owner of a project an admin made invited.',
    }),
  },
  { additionalProperties: false, description: 'An invitation, as its link shows it.' },
);

export const InvitationParams = Type.Object(
  { invitation: Type.String({ minLength: 1, maxLength: 64, description: 'The last path segment of the invitation link.' }) },
  { additionalProperties: false },
);

export const AcceptInvitationSchema = Type.Object(
  {
    password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: 'Without a session: the password of the account to create for the invited email.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Accepting an invitation: empty when signed in.' },
);

export const AcceptedInvitationSchema = Type.Object(
  {
    project: Type.String({ description: 'The project joined.' }),
    role: RoleSchema,
    user: Type.Optional(UserSchema),
    csrfToken: Type.Optional(Type.String({ description: 'Set when the account was just created: the CSRF token of its new session.' })),
  },
  { additionalProperties: false, description: 'The membership the invitation gave.' },
);

export const CurrentUserSchema = Type.Object(
  {
    user: UserSchema,
    token: Type.Union(
      [
        Type.Object(
          {
            id: Type.String({ description: 'The token id.' }),
            scope: Type.Union([Type.Literal('read'), Type.Literal('write')]),
            projects: Type.Union([Type.Array(Type.String(), { maxItems: 100 }), Type.Null()], {
              description: 'The projects the token is limited to; null: all of the person.',
            }),
            expiresAt: Type.String({ format: 'date-time', description: 'When the token stops working.' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The access token the request came with; null with a session.' },
    ),
  },
  { additionalProperties: false, description: 'Who a request acts for.' },
);
