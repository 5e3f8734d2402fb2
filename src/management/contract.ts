import type { RouteOptions } from 'fastify';
import { ErrorDetailSchema } from '../contract/error-schema.js';
import { buildDocument, errorTable } from '../contract/openapi.js';
import type { Config } from '../config.js';
import { ERROR_CODES } from '../http/errors/errors.js';
import { namedComponents } from './components.js';
import { SESSION_COOKIE } from './cookies.js';
import {
  ApiKeySchema,
  CreatedApiKeySchema,
  ManagementErrorSchema,
  ProjectSchema,
  QuotaSchema,
  SessionSchema,
  UserSchema,
} from './schemas.js';

const COMPONENTS = new Map<unknown, string>([
  [ProjectSchema, 'Project'],
  [QuotaSchema, 'Quota'],
  [ApiKeySchema, 'ApiKey'],
  [CreatedApiKeySchema, 'CreatedApiKey'],
  [SessionSchema, 'Session'],
  [UserSchema, 'User'],
  [ManagementErrorSchema, 'Error'],
  [ErrorDetailSchema, 'ErrorDetail'],
]);

/** The management API's base URL: the /v1 base URL's origin and path prefix, with /api/v1. */
export const managementBaseUrl = (v1BaseUrl: string) => v1BaseUrl.replace(/\/v1$/, '/api/v1');

/** Builds /api/v1/openapi.json from the registered /api/v1 routes, with the builder of the /v1 contract. */
export function buildManagementOpenApi(routes: RouteOptions[], config: Pick<Config, 'baseUrl'>): Record<string, unknown> {
  // One management API for both environments: what is staging's is chosen with `environment`.
  const servers = [{ url: managementBaseUrl(config.baseUrl), description: 'Production', 'x-internal': true }];
  return buildDocument(routes, {
    prefix: '/api/v1',
    components: new Map([...COMPONENTS, ...namedComponents()]),
    errorSchema: ManagementErrorSchema,
    head: {
      openapi: '3.1.0',
      info: {
        title: 'Petstore management API',
        version: '1.0.0',
        license: { name: 'MIT', identifier: 'MIT' },
        description: [
          'Manages projects, their API keys, deploys, custom domains and usage: what the dashboard and automation use. People sign in with `POST /session` and get a session cookie (HttpOnly, SameSite=Lax, Secure over HTTPS) and a CSRF token. Every request that changes state (POST, PUT, PATCH, DELETE) must carry that token as `X-CSRF-Token`; without it, or with another, the answer is 403 `csrf_failed`.',
          '',
          "A person manages only the projects they are members of (`petstore projects add-member`); an admin manages all. Another project's resources answer 404, never 403, so they do not reveal that it exists.",
          '',
          "Scripts and the CLI use a personal access token instead (`POST /tokens`, then `Authorization: Bearer pst_…`): no cookie and no CSRF token. Missing, unknown, expired or revoked tokens answer 401 `invalid_token`; a `read` token changing something answers 403 `insufficient_scope`; a project outside the token's list answers 404.",
          '',
          'Every error response has the `Error` body of the `/v1` API.',
          '',
          '| code | status | meaning |',
          '|---|---|---|',
          errorTable(ERROR_CODES),
        ].join('\n'),
      },
      servers,
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      tags: [
        { name: 'session', description: 'Sign in (a password and, when set up, a code; a passkey; single sign-on) and out.' },
        { name: 'security', description: "The signed-in person's second factors (an authenticator app, passkeys) and their own log." },
        { name: 'projects', description: 'Projects (stores), their plans and quotas.' },
        { name: 'members', description: "A project's members, their roles, and invitations." },
        { name: 'tokens', description: 'Personal access tokens for scripts and the CLI.' },
        { name: 'audit', description: "A project's audit log: who changed what, when, from where." },
        { name: 'keys', description: "A project's API keys." },
        { name: 'deploys', description: "A project's site: deploys, the live one, rollbacks." },
        { name: 'domains', description: "A project's custom domains: DNS records, verification, certificates." },
        { name: 'redirects', description: 'Redirect entries between custom domains of a project (301).' },
        { name: 'usage', description: "A project's requests over time, beside its quota." },
        { name: 'deprecations', description: "The contract's deprecated operations and which of a project's keys still call them." },
        { name: 'requests', description: "A project's request log: find a request by its id, status, key or operation." },
        { name: 'webhooks', description: "A project's events and the webhook endpoints they are delivered to (Standard Webhooks)." },
        { name: 'staging', description: "A project's staging environment: empty its data, or copy production's pets into it." },
      ],
    },
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by `POST /session`.' },
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pst_…',
        description:
          'A personal access token (`POST /tokens`) as `Authorization: Bearer pst_…`: acts as its person, on every operation but the session and token ones; no CSRF token is needed. A `read` token may only GET.',
      },
      csrfToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-CSRF-Token',
        description: 'The `csrfToken` of the session, required on every request that changes state.',
      },
    },
  });
}
