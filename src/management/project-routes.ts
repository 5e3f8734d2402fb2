import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { orThrow } from '../errors/domain-error.js';
import type { Environment } from '../http/environments.js';
import { ApiError } from '../http/errors.js';
import type { Project } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import { actorOf, tokenAllows, userOf } from './auth.js';
import {
  jsonResponse,
  managementErrors,
  NewProjectSchema,
  ProjectListSchema,
  ProjectSchema,
  SlugParams,
  WRITE_SECURITY,
} from './schemas.js';
import { projectView } from './views.js';

/**
 * The project a signed-in person asks for under /api/v1/projects/{slug}/…:
 * one they may not manage is 404, like one that does not exist. Every
 * project-scoped route (keys, usage, and later deploys and domains) uses it.
 */
export async function projectFor(app: FastifyInstance, request: FastifyRequest, slug: string): Promise<Project> {
  if (!tokenAllows(request, slug)) throw projectNotFound(slug);
  return orThrow(await app.accounts.projectOf(userOf(request), slug));
}

/** `projectFor`, in one of the project's environments (production by default; staging's row made on first use). */
export async function projectIn(
  app: FastifyInstance,
  request: FastifyRequest,
  slug: string,
  environment: Environment = 'production',
): Promise<Project> {
  return app.projects.inEnvironment(await projectFor(app, request, slug), environment);
}

export function projectRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/api/v1/projects',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'listProjects',
        summary: 'List projects',
        description:
          'The projects the signed-in person may manage (an admin: all of them), oldest first; with an access token limited to some projects, only those.',
        tags: ['projects'],
        'x-stability': 'beta',
        response: { 200: jsonResponse('The projects.', ProjectListSchema), ...managementErrors('not_signed_in') },
      },
    },
    async (request) => {
      const projects = (await app.accounts.projectsOf(userOf(request))).filter((p) => tokenAllows(request, p.slug));
      const live = await app.projectDetails.liveDeploys(projects.map((p) => p.id));
      return projects.map((p) => projectView(p, app.projectDetails.siteAddress, live.get(p.id) ?? null));
    },
  );

  r.get(
    '/api/v1/projects/:slug',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'getProject',
        summary: 'Get a project',
        description: "A project's plan, quotas, live deploy and site address. Another project's is 404.",
        tags: ['projects'],
        'x-stability': 'beta',
        params: SlugParams,
        response: {
          200: jsonResponse('The project.', ProjectSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      const live = await app.projectDetails.liveDeploys([project.id]);
      return projectView(project, app.projectDetails.siteAddress, live.get(project.id) ?? null);
    },
  );

  r.post(
    '/api/v1/projects',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'createProject',
        summary: 'Create a project',
        description:
          'Creates a project on the Free plan whose creator is its owner. A person owns at most `MAX_PROJECTS_PER_USER` projects (10 by default; admins are not limited): 403 `project_limit`. Slugs are DNS labels and may not contain `--`, which is reserved for preview addresses: 400 `invalid_slug`. An access token limited to a list of projects cannot create projects (403 `insufficient_scope`). Plans are changed by the operator.',
        tags: ['projects'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        body: NewProjectSchema,
        response: {
          201: jsonResponse('The new project.', ProjectSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'invalid_slug',
            'not_signed_in',
            'invalid_token',
            'csrf_failed',
            'insufficient_scope',
            'project_limit',
            'project_exists',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.type === 'token' && actor.token.projects !== null) {
        throw new ApiError('insufficient_scope', 'This access token is limited to some projects, so it cannot create projects.');
      }
      const project = orThrow(
        await app.accounts.createProject(actorFor(request), actor.user, request.body.slug, app.config.maxProjectsPerUser),
      );
      reply.code(201);
      return projectView(project, app.config, null);
    },
  );
}
