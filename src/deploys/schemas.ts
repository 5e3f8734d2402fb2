import { Type } from '@sinclair/typebox';
import { managementComponent } from '../management/components.js';
import { SlugParams } from '../management/schemas.js';

export const DEPLOY_FAILURE_REASONS = ['missing_index', 'too_large', 'too_many_files', 'invalid_path', 'invalid_archive'] as const;

export const DeploySchema = managementComponent(
  Type.Object(
    {
      id: Type.String({
        pattern: '^[0-9]+$',
        description: 'The deploy id (digits; ids grow with each deploy on the server): what the paths of `/deploys/{deployId}` take.',
      }),
      number: Type.Integer({
        format: 'int64',
        minimum: 1,
        description: "The deploy's number in its project: 1, 2, 3… in upload order, as pets are numbered (what people see: `#3`).",
      }),
      status: Type.Union([Type.Literal('ready'), Type.Literal('failed')], {
        description: '`ready`: stored and servable; `failed`: refused, with its reason (what is served did not change).',
      }),
      reason: Type.Optional(
        Type.Union(
          DEPLOY_FAILURE_REASONS.map((r) => Type.Literal(r)),
          {
            description:
              'Why a failed deploy was refused: `missing_index` (no index.html at the root), `too_large` (over DEPLOY_MAX_BYTES unpacked), `too_many_files` (over 10,000), `invalid_path` (an absolute path, `..`, a link, or a name that is not UTF-8), `invalid_archive` (not a valid .tar.gz).',
          },
        ),
      ),
      message: Type.Optional(Type.String({ description: 'The reason in words.' })),
      files: Type.Integer({ format: 'int32', minimum: 0, description: 'Files in the deploy.' }),
      bytes: Type.Integer({ format: 'int64', minimum: 0, description: 'Their size, unpacked.' }),
      createdAt: Type.String({ format: 'date-time', description: 'When the deploy was uploaded.' }),
      live: Type.Boolean({ description: "Whether this deploy is the one the project's site serves." }),
      previewUrl: Type.Optional(
        Type.String({
          format: 'uri',
          description:
            "A ready deploy's own address, `<slug>--deploy-<number>.<PLATFORM_HOST>`: it serves this deploy forever, whatever is live, with `X-Robots-Tag: noindex`. Addresses by id (`<slug>--<id>`) given out before deploys were numbered keep answering.",
        }),
      ),
      warnings: Type.Optional(
        Type.Array(Type.String({ maxLength: 2000 }), {
          maxItems: 10_000,
          description:
            'In the answer to the upload only: what was left out, e.g. files secret by convention (`.env`, `.env.*`, `.git/`, `.DS_Store`, `.npmrc`, `.htpasswd`, private SSH keys…), which are skipped unless `includeDotfiles=true`.',
        }),
      ),
    },
    { additionalProperties: false, description: "A deploy of the project's site." },
  ),
  'Deploy',
);

export const DeployListSchema = Type.Array(DeploySchema, { maxItems: 100_000, description: 'The deploys, newest first.' });

export const DeployParams = Type.Object(
  {
    slug: SlugParams.properties.slug,
    deployId: Type.String({
      minLength: 1,
      maxLength: 19,
      pattern: '^[1-9][0-9]*$',
      description: 'The deploy id, as the service writes it (no leading zeros).',
    }),
  },
  { additionalProperties: false },
);
