import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorFor } from '../audit/request-actor.js';
import { orThrow } from '../errors/domain-error.js';
import { projectFor } from '../management/project-routes.js';
import { jsonResponse, managementErrors, SlugParams, WRITE_SECURITY } from '../management/schemas.js';
import {
  DomainListSchema,
  DomainParams,
  DomainSchema,
  NewDomainSchema,
  NewRedirectSchema,
  RedirectListSchema,
  RedirectParams,
  RedirectSchema,
} from './schemas.js';
import type { DomainService } from './service.js';

const common = { tags: ['domains'], 'x-stability': 'beta' as const };
const READ_ERRORS = managementErrors('validation_failed', 'not_signed_in', 'not_found', 'invalid_domain');
const WRITE_ERRORS = ['validation_failed', 'malformed_json', 'not_signed_in', 'csrf_failed', 'not_found', 'invalid_domain'] as const;

/**
 * /api/v1/projects/{slug}/domains and …/redirects: every operation of
 * `petstore domains` and `petstore redirects`, through the same DomainService.
 * A domain of another project is 404, like one that does not exist.
 */
export function domainRoutes(app: FastifyInstance, domains: DomainService): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/api/v1/projects/:slug';

  r.get(
    `${base}/domains`,
    {
      config: { public: true, session: true },
      schema: {
        ...common,
        operationId: 'listDomains',
        summary: 'List custom domains',
        description:
          "The project's custom domains with their DNS state (what each name resolves to now), the records to create, the certificate state and, when a certificate is late, diagnostics.",
        params: SlugParams,
        response: { 200: jsonResponse('The domains.', DomainListSchema), ...READ_ERRORS },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return orThrow(await domains.list(project.slug));
    },
  );

  r.post(
    `${base}/domains`,
    {
      config: { public: true, session: true },
      schema: {
        ...common,
        operationId: 'addDomain',
        summary: 'Add a custom domain',
        description:
          'Adds a domain to the project and answers the DNS records to create (a CNAME to PLATFORM_HOST for a subdomain; ALIAS/ANAME or A records for an apex). The project needs the Pro plan or above (403 `plan_required`) and a ready deploy (409 `deploy_required`). Then create the records and verify. Adding an apex (or its `www.` name) answers `suggestedPair`: the other name, offered with a redirect to this one; add it with `redirectTo` to get the domain and the redirect entry in one request.',
        security: WRITE_SECURITY,
        params: SlugParams,
        body: NewDomainSchema,
        response: {
          201: jsonResponse('The domain, pending verification, with its records.', DomainSchema),
          ...managementErrors(
            ...WRITE_ERRORS,
            'plan_required',
            'deploy_required',
            'domain_taken',
            'domain_limit',
            'invalid_redirect',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      const body = request.body;
      const added = orThrow(
        await domains.add(
          actorFor(request),
          project.slug,
          body.domain,
          body.redirectTo === undefined ? {} : { redirectTo: body.redirectTo },
        ),
      );
      const view = orThrow(await domains.get(project.slug, added.domain));
      reply.code(201).header('location', `/api/v1/projects/${project.slug}/domains/${added.domain}`);
      return {
        ...view,
        ...(added.redirect ? { redirect: added.redirect } : {}),
        ...(added.suggestedPair ? { suggestedPair: added.suggestedPair } : {}),
      };
    },
  );

  r.get(
    `${base}/domains/:domain`,
    {
      config: { public: true, session: true },
      schema: {
        ...common,
        operationId: 'getDomain',
        summary: 'Get a custom domain',
        description: 'One domain of the project, as the list shows it.',
        params: DomainParams,
        response: { 200: jsonResponse('The domain.', DomainSchema), ...READ_ERRORS },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return orThrow(await domains.get(project.slug, request.params.domain));
    },
  );

  r.post(
    `${base}/domains/:domain/verify`,
    {
      config: { public: true, session: true },
      schema: {
        ...common,
        operationId: 'verifyDomain',
        summary: 'Verify (or re-verify) a custom domain',
        description:
          'Checks the DNS records now, through DNS_SERVERS, and answers the outcome with what the name resolves to. On a verified domain whose certificate failed or is late this is Re-verify: a new certificate attempt starts at once, without removing anything. A DNS failure is a state of the domain (`dns_error`), never an error answer.',
        security: WRITE_SECURITY,
        params: DomainParams,
        response: {
          200: jsonResponse('The domain after the check.', DomainSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found', 'invalid_domain'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return orThrow(await domains.verifyView(actorFor(request), project.slug, request.params.domain));
    },
  );

  r.delete(
    `${base}/domains/:domain`,
    {
      config: { public: true, session: true },
      schema: {
        ...common,
        operationId: 'removeDomain',
        summary: 'Remove a custom domain',
        description:
          'Stops serving the domain at once on this server and within a second on every other (open connections included), drops its certificate, cancels a pending order, and removes redirects from or to it.',
        security: WRITE_SECURITY,
        params: DomainParams,
        response: {
          204: { description: 'Removed.' },
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found', 'invalid_domain'),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      orThrow(await domains.remove(actorFor(request), request.params.domain, project.slug));
      return reply.code(204).send();
    },
  );

  const redirects = { tags: ['redirects'], 'x-stability': 'beta' as const };

  r.get(
    `${base}/redirects`,
    {
      config: { public: true, session: true },
      schema: {
        ...redirects,
        operationId: 'listRedirects',
        summary: 'List redirects',
        description: "The project's redirect entries.",
        params: SlugParams,
        response: { 200: jsonResponse('The redirects.', RedirectListSchema), ...READ_ERRORS },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return orThrow(await domains.listRedirects(project.slug));
    },
  );

  r.post(
    `${base}/redirects`,
    {
      config: { public: true, session: true },
      schema: {
        ...redirects,
        operationId: 'addRedirect',
        summary: 'Add a redirect',
        description:
          'Requests to `from`, over HTTP and HTTPS, answer 301 to `https://<to>` with the same path and query. Both must be custom domains of the project; an entry that would make a loop is refused (400 `invalid_redirect`).',
        security: WRITE_SECURITY,
        params: SlugParams,
        body: NewRedirectSchema,
        response: {
          201: jsonResponse('The redirect.', RedirectSchema),
          ...managementErrors(...WRITE_ERRORS, 'invalid_redirect', 'payload_too_large', 'unsupported_media_type'),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      const added = orThrow(await domains.addRedirect(actorFor(request), project.slug, request.body.from, request.body.to));
      reply.code(201);
      return added;
    },
  );

  r.delete(
    `${base}/redirects/:from`,
    {
      config: { public: true, session: true },
      schema: {
        ...redirects,
        operationId: 'removeRedirect',
        summary: 'Remove a redirect',
        description: 'Removes the entry; the domain serves the site again.',
        security: WRITE_SECURITY,
        params: RedirectParams,
        response: {
          204: { description: 'Removed.' },
          ...managementErrors('validation_failed', 'not_signed_in', 'csrf_failed', 'not_found', 'invalid_domain'),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      orThrow(await domains.removeRedirect(actorFor(request), project.slug, request.params.from));
      return reply.code(204).send();
    },
  );
}
