import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { orThrow } from '../errors/domain-error.js';
import type { Environment } from '../http/pipeline/environments.js';
import { ApiError } from '../http/errors/errors.js';
import type { Project } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import { atLeast } from '../accounts/roles.js';
import { actingRole, actorOf, tokenAllows, userOf } from './auth.js';
import { permissionOf, refusalFor, type Permission } from './permissions.js';
import {
  jsonResponse,
  managementErrors,
  NewProjectSchema,
  ProjectListSchema,
  ProjectSchema,
  ProjectSettingsSchema,
  SlugParams,
  WRITE_SECURITY,
} from './schemas.js';
import { projectView } from './views.js';

/**
 * The project a signed-in person asks for under /api/v1/projects/{slug}/…, once the permission table allows
 * the route's operation to the caller's role there: one they may not see is 404, like one that does not exist;
 * one whose operation their role may not call is 403 `insufficient_role`. Every project-scoped route uses it.
 * A change decided by environment (permissions.ts `production`) is checked in production unless the route
 * says `'by-resource'`: then nothing is checked here, and the route calls `mayChange` with the environment of the
 * resource it found, so that a refusal names the role that environment needs.
 */
export async function projectFor(
  app: FastifyInstance,
  request: FastifyRequest,
  slug: string,
  environment: Environment | 'by-resource' = 'production',
): Promise<Project> {
  if (!tokenAllows(request, slug)) throw projectNotFound(slug);
  const { project, role } = orThrow(await app.accounts.access(userOf(request), slug));
  request.projectRole = actingRole(request, role);
  if (environment === 'by-resource') return project;
  const refused = refusalFor(permissionFor(request), { ...project, environment }, request.projectRole);
  if (refused) throw refused;
  return project;
}

/**
 * Checks the route's operation against the caller's role in the environment of the resource found (`'by-resource'`):
 * every such route calls it. A resource found in neither environment is checked with the rule's own role (as in
 * staging): a role that may change nothing is refused, any other gets the 404 that follows.
 */
export function mayChange(request: FastifyRequest, found: Project | null | undefined, project: Project): Project {
  const refused = refusalFor(permissionFor(request), found ?? { ...project, environment: 'staging' }, request.projectRole);
  if (refused) throw refused;
  return found ?? project;
}

/** Whether the caller may change this project's production (any role an admin or above; a developer unless it is protected). */
export function mayChangeProduction(request: FastifyRequest, project: Project): boolean {
  const role = request.projectRole;
  return role !== null && (atLeast(role, 'admin') || (atLeast(role, 'developer') && !project.productionProtected));
}

function permissionFor(request: FastifyRequest): Permission {
  const permission = permissionOf(request.routeOptions.schema?.operationId);
  // The start refuses a management route without an entry (auth.ts), so this is a route outside management.
  if (!permission) throw new Error(`${request.method} ${request.url} has no entry in the permission table`);
  return permission;
}

/** `projectFor`, in one of the project's environments (production by default; staging's row made on first use). */
export async function projectIn(
  app: FastifyInstance,
  request: FastifyRequest,
  slug: string,
  environment: Environment = 'production',
): Promise<Project> {
  return app.projects.inEnvironment(await projectFor(app, request, slug, environment), environment);
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
      const user = userOf(request);
      const projects = (await app.accounts.projectsOf(user)).filter((p) => tokenAllows(request, p.slug));
      const live = await app.projectDetails.liveDeploys(projects.map((p) => p.id));
      const roles = await Promise.all(projects.map(async (p) => actingRole(request, (await app.accounts.roleIn(user, p)) ?? 'viewer')));
      return projects.map((p, i) => projectView(p, app.projectDetails.siteAddress, live.get(p.id) ?? null, roles[i] ?? 'viewer'));
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
      return projectView(project, app.projectDetails.siteAddress, live.get(project.id) ?? null, request.projectRole ?? 'viewer');
    },
  );

  r.patch(
    '/api/v1/projects/:slug',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'updateProject',
        summary: "Change a project's settings",
        description:
          "Changes the settings given; those left out stay. `productionProtected: true` protects production: then only admins and owners change its keys, domains, webhooks and live deploy, and a developer's deploy is a preview. Admins and owners (403 `insufficient_role`). A change of protection is recorded as `project.protection_change`.",
        tags: ['projects'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: SlugParams,
        body: ProjectSettingsSchema,
        response: {
          200: jsonResponse('The project, as it is now.', ProjectSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'invalid_token',
            'csrf_failed',
            'insufficient_scope',
            'insufficient_role',
            'not_found',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) => {
      let project = await projectFor(app, request, request.params.slug);
      const { productionProtected } = request.body;
      if (productionProtected !== undefined) {
        project = orThrow(await app.projects.setProductionProtected(actorFor(request), project, productionProtected));
      }
      const live = await app.projectDetails.liveDeploys([project.id]);
      return projectView(project, app.projectDetails.siteAddress, live.get(project.id) ?? null, request.projectRole ?? 'viewer');
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
      return projectView(project, app.config, null, 'owner');
    },
  );
}
