import { Type } from '@sinclair/typebox';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { DomainError, orThrow } from '../errors/domain-error.js';
import { ApiError } from '../http/errors/errors.js';
import { mayChangeProduction, projectFor } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SlugParams, WRITE_SECURITY } from '../management/schemas.js';
import { deployJson } from './json.js';
import { MAX_CONCURRENT_UPLOADS, UPLOAD_RETRY_AFTER_SECONDS, UploadSlots } from './storage/storage-policy.js';
import { DeployListSchema, DeployParams, DeploySchema } from './schemas.js';
import type { DeployService, DeployView } from './service.js';
import type { SiteAddress } from './serving/site-address.js';

/** Media types a `.tar.gz` upload may be sent as. */
export const ARCHIVE_MEDIA_TYPES = ['application/gzip', 'application/x-gzip', 'application/x-tar+gzip', 'application/octet-stream'];

/**
 * /api/v1/projects/{slug}/deploys: the same DeployService calls as
 * `petstore deploy` and `petstore deploys`. The upload route reads its body
 * itself, as a stream, in a scope of its own, so no other route accepts an archive.
 */
export function deployRoutes(
  app: FastifyInstance,
  deploys: DeployService,
  address: SiteAddress,
  slots = new UploadSlots(MAX_CONCURRENT_UPLOADS),
): void {
  const json = (d: DeployView) => deployJson(d, { site: address, project: d.project });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/api/v1/projects/:slug/deploys',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'listDeploys',
        summary: 'List deploys',
        description: "The project's deploys, newest first, failed ones with their reasons, the live one marked.",
        tags: ['deploys'],
        'x-stability': 'beta',
        params: SlugParams,
        response: {
          200: jsonResponse('The deploys.', DeployListSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return orThrow(await deploys.list(project.slug)).map(json);
    },
  );

  r.get(
    '/api/v1/projects/:slug/deploys/:deployId',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'getDeploy',
        summary: 'Get a deploy',
        description: 'One deploy of the project, with its state.',
        tags: ['deploys'],
        'x-stability': 'beta',
        params: DeployParams,
        response: {
          200: jsonResponse('The deploy.', DeploySchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return json(orThrow(await deploys.get(project.slug, request.params.deployId)));
    },
  );

  r.post(
    '/api/v1/projects/:slug/deploys/:deployId/promote',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'promoteDeploy',
        summary: 'Make a deploy live (rollback)',
        description:
          'Makes an earlier ready deploy live again, atomically: every request is served wholly from the old deploy or wholly from this one. A failed deploy cannot go live (400).',
        tags: ['deploys'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: DeployParams,
        response: {
          200: jsonResponse('The deploy, now live.', DeploySchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return json(orThrow(await deploys.promote(actorFor(request), project.slug, request.params.deployId)));
    },
  );

  void app.register(async (scope) => {
    // The body is handed over unread; the route streams it into the archive reader.
    scope.addContentTypeParser(ARCHIVE_MEDIA_TYPES, (_request, payload, done) => {
      done(null, payload);
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/v1/projects/:slug/deploys',
      {
        config: {
          public: true,
          session: true,
          openapi: {
            responseHeaders: {
              429: {
                'Retry-After': {
                  description: 'Seconds after which an upload slot is likely free.',
                  schema: { type: 'integer', format: 'int32', minimum: 1 },
                },
              },
            },
          },
        },
        schema: {
          operationId: 'createDeploy',
          summary: 'Deploy the site',
          description:
            "Uploads the site as a `.tar.gz` archive (files and folders only, `index.html` at the root, at most 10,000 files and DEPLOY_MAX_BYTES unpacked). A valid deploy is stored and goes live at once (201), except a developer's in a project whose production is protected: it is a preview (`live: false`, served at its `previewUrl`) for an admin to promote. An invalid one is kept in the history as failed with its reason and answers 422 `deploy_failed`; what the site serves does not change. A refused upload is answered before the rest of it is read, and the connection is then closed. The whole upload must arrive within the server's request timeout (REQUEST_TIMEOUT_MS, 30 s by default). Each instance reads 2 uploads at once; another one is answered 429 `too_many_uploads` with `Retry-After`. A deploy that would take the project over its plan's storage quota (Free 100 MB, Pro 1 GB, Business 10 GB, Enterprise 100 GB) is answered 413 `storage_quota_exceeded` and nothing is stored. The live deploy, the newest 20 ready ones and any younger than 30 days are kept; older ones are deleted.",
          tags: ['deploys'],
          'x-stability': 'beta',
          security: WRITE_SECURITY,
          params: SlugParams,
          querystring: Type.Object(
            {
              includeDotfiles: Type.Optional(
                Type.Union([Type.Literal('true'), Type.Literal('false')], {
                  description:
                    'Keep files that are secret by convention (`.env`, `.git/`, `.DS_Store`…). By default they are skipped and listed in `warnings`.',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          'x-upload': {
            mediaTypes: ['application/gzip'],
            description:
              'The site as a gzip-compressed tar archive (`tar -czf site.tar.gz -C DIR .`). Also accepted as `application/x-gzip`, `application/x-tar+gzip` or `application/octet-stream`.',
          },
          response: {
            201: jsonResponse('The deploy, ready and live (or a preview: `live: false`).', DeploySchema),
            ...managementErrors(
              'validation_failed',
              'not_signed_in',
              'csrf_failed',
              'not_found',
              'unsupported_media_type',
              'deploy_failed',
              'storage_quota_exceeded',
              'too_many_uploads',
            ),
          },
        },
      },
      async (request, reply) => {
        try {
          const project = await projectFor(app, request, request.params.slug);
          if (!(request.body instanceof Readable)) {
            throw new ApiError(
              'unsupported_media_type',
              'Send the site as a .tar.gz body with Content-Type: application/gzip (tar -czf site.tar.gz -C DIR .).',
            );
          }
          // Each upload's files wait on disk; memory holds a batch of them and their compressed copies at a time
          // (for a file larger than a batch, that file): a bound on uploads read at once bounds the memory they take.
          if (!slots.take()) {
            throw new ApiError('too_many_uploads', undefined, undefined, { 'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS) });
          }
          let result;
          try {
            result = await deploys.deploy(
              actorFor(request),
              project.slug,
              { archive: request.body },
              // A developer's deploy in a project whose production is protected stays a preview.
              { includeDotfiles: request.query.includeDotfiles === 'true', preview: !mayChangeProduction(request, project) },
            );
          } finally {
            slots.give();
          }
          const deploy = orThrow(result);
          if (deploy.status !== 'ready') {
            const why = `${deploy.reason ?? 'failed'}: ${deploy.message ?? 'refused'}`;
            throw new DomainError(
              'deploy_failed',
              // "Deploy ID " first: CLIs already installed read the failed deploy's id there.
              `Deploy ${deploy.id} (#${String(deploy.number)}) of "${project.slug}" failed (${why}). The site still serves the previous deploy.`,
              [{ in: 'body', field: '', message: why }],
            );
          }
          reply.code(201).header('location', `/api/v1/projects/${project.slug}/deploys/${deploy.id}`);
          return json(deploy);
        } catch (err) {
          // A refused upload may be partly unread: the connection cannot carry another request.
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });
}
