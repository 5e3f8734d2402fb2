import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { orThrow } from '../errors/domain-error.js';
import type { Project } from '../projects/repository.js';
import { userOf } from './auth.js';
import { jsonResponse, managementErrors, ProjectListSchema, ProjectSchema, SlugParams } from './schemas.js';
import { projectView } from './views.js';

/**
 * The project a signed-in person asks for under /api/v1/projects/{slug}/…:
 * one they may not manage is 404, like one that does not exist. Every
 * project-scoped route (keys, usage, and later deploys and domains) uses it.
 */
export async function projectFor(app: FastifyInstance, request: FastifyRequest, slug: string): Promise<Project> {
  return orThrow(await app.accounts.projectOf(userOf(request), slug));
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
        description: 'The projects the signed-in person may manage (an admin: all of them), oldest first.',
        tags: ['projects'],
        'x-stability': 'beta',
        response: { 200: jsonResponse('The projects.', ProjectListSchema), ...managementErrors('not_signed_in') },
      },
    },
    async (request) => {
      const projects = await app.accounts.projectsOf(userOf(request));
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
}
