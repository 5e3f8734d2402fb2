import type { components, operations } from './generated/management.js';
import { nextCursor } from './link.js';
import { shapeProblem } from './answer-shape.js';
import { PetstoreError } from './errors.js';
import { ANSWER_SHAPES, SHAPE_REFS } from './generated/management-shapes.js';
import { Transport, type Answer, type RetryEvent } from './transport.js';

type Schemas = components['schemas'];
type Json<O extends keyof operations, S extends number> =
  operations[O]['responses'] extends Record<S, { content: { 'application/json': infer B } }> ? B : never;

export type Project = Schemas['Project'];
export type Deploy = Schemas['Deploy'];
export type ApiKeyInfo = Json<'listApiKeys', 200>[number];
export type CreatedApiKey = Json<'createApiKey', 201>;
export type NewApiKey = NonNullable<operations['createApiKey']['requestBody']>['content']['application/json'];
export type RolledApiKey = Json<'rollApiKey', 201>;
export type Domain = Json<'getDomain', 200>;
export type AddedDomain = Json<'addDomain', 201>;
export type DomainCheck = Json<'verifyDomain', 200>;
export type Redirect = Json<'addRedirect', 201>;
export type Usage = Json<'getUsage', 200>;
export type Deprecations = Json<'getDeprecations', 200>;
export type CurrentUser = Json<'getCurrentUser', 200>;
export type AuditEntry = Schemas['AuditEntry'];
export type AuditQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;
export type Webhook = Json<'listWebhooks', 200>[number];
export type CreatedWebhook = Json<'createWebhook', 201>;
export type NewWebhook = NonNullable<operations['createWebhook']['requestBody']>['content']['application/json'];
export type ProjectEvent = Json<'listEvents', 200>[number];
export type EventQuery = NonNullable<operations['listEvents']['parameters']['query']>;
export type LoggedRequest = Schemas['LoggedRequest'];
export type RequestQuery = NonNullable<operations['listRequests']['parameters']['query']>;
/** A project's environment: production, or staging (its own keys, data, quota counts, events and request log). */
export type Environment = Schemas['Environment'];
export type StagingReset = Json<'resetStaging', 200>;
export type StagingCopy = Json<'copyPetsToStaging', 200>;
/** A role in a project, from most to least: owner, admin, developer, viewer. */
export type Role = Schemas['Role'];
export type Member = Json<'listMembers', 200>[number];
export type CreatedInvitation = Json<'createInvitation', 201>;

export interface ManagementClientOptions {
  /** The server's address, e.g. `https://petstore.example.com` (a trailing `/api/v1` is accepted too). */
  baseUrl: string;
  /** A personal access token (`pst_…`), sent as `Authorization: Bearer <token>`. */
  token: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** Retries after the first attempt (default 3). 0 never retries. */
  maxRetries?: number;
  /** The longest wait the client accepts before a retry (default 60000 ms); a longer `Retry-After` fails at once. */
  maxRetryDelayMs?: number;
  /** Time for each attempt to get a complete response (default 30000 ms; uploads have none). */
  timeoutMs?: number;
  onRetry?: (event: RetryEvent) => void;
}

/** A `.tar.gz` to upload: made anew for each attempt (a stream is never held whole in memory). */
export type Archive = () => ReadableStream<Uint8Array> | Blob | Uint8Array;

/**
 * The management API (`/api/v1`: projects, keys, deploys, domains, redirects, usage, audit, webhooks, events)
 * with a personal access token. The same retry rules as the v1 client: 429 and 503
 * are retried after `Retry-After` or an exponential backoff, network failures and
 * timeouts with backoff; any other error is a `PetstoreError` with the API's `code`.
 */
export interface ManagementClient {
  /** The person the token belongs to, and the token (`petstore whoami`). */
  getCurrentUser(): Promise<CurrentUser>;
  listProjects(): Promise<Project[]>;
  getProject(slug: string): Promise<Project>;
  /** A Free project owned by the token's person (a token limited to some projects cannot create one). */
  createProject(slug: string): Promise<Project>;
  /** The keys of one environment (production unless `environment: 'staging'`). */
  listApiKeys(slug: string, query?: { environment?: Environment }): Promise<ApiKeyInfo[]>;
  /**
   * A key (scope `write` unless `scope: 'read'`; `expiresInDays` makes it expire by itself; `environment: 'staging'` for a
   * `psk_test_` key); the secret is in the answer, once.
   */
  createApiKey(slug: string, body?: NewApiKey): Promise<CreatedApiKey>;
  /** A new key with the same name and scope; the old one keeps working `expiresInHours` (0 to 168, default 24). */
  rollApiKey(slug: string, keyId: string, body?: { expiresInHours?: number }): Promise<RolledApiKey>;
  revokeApiKey(slug: string, keyId: string): Promise<void>;
  listDeploys(slug: string): Promise<Deploy[]>;
  getDeploy(slug: string, deployId: string): Promise<Deploy>;
  /**
   * Uploads a `.tar.gz` as a new deploy. A ready deploy is live at once; a refused one
   * rejects with `PetstoreError` code `deploy_failed` (its body, the failed deploy, is in `body`).
   * A network failure is retried once.
   */
  /** `includeDotfiles` keeps files secret by convention (`.env`, `.DS_Store`…), which the server otherwise skips and warns about. */
  createDeploy(slug: string, archive: Archive, options?: { includeDotfiles?: boolean }): Promise<Deploy>;
  promoteDeploy(slug: string, deployId: string): Promise<Deploy>;
  listDomains(slug: string): Promise<Domain[]>;
  /** `redirectTo` adds the redirect entry from this domain to another of the project's in the same request (the www pair). */
  addDomain(slug: string, domain: string, options?: { redirectTo?: string }): Promise<AddedDomain>;
  getDomain(slug: string, domain: string): Promise<Domain>;
  verifyDomain(slug: string, domain: string): Promise<DomainCheck>;
  removeDomain(slug: string, domain: string): Promise<void>;
  listRedirects(slug: string): Promise<Redirect[]>;
  addRedirect(slug: string, from: string, to: string): Promise<Redirect>;
  removeRedirect(slug: string, from: string): Promise<void>;
  /** With `{ by: 'key' }`, also each key's requests (`byKey`); of one environment (production by default). */
  getUsage(slug: string, query?: { by?: 'key'; environment?: Environment }): Promise<Usage>;
  /** The contract's deprecated operations and the project's keys that called each in the last 30 days (production by default). */
  getDeprecations(slug: string, query?: { environment?: Environment }): Promise<Deprecations>;
  /** A page of the audit log, newest first; `nextCursor` is null on the last page. */
  listAuditEntries(slug: string, query?: AuditQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }>;
  /** The audit log from the newest entry on, page after page (`pageSize` 1-100, default 50). */
  allAuditEntries(slug: string, options?: { pageSize?: number }): AsyncIterableIterator<AuditEntry>;
  listWebhooks(slug: string, query?: { environment?: Environment }): Promise<Webhook[]>;
  /** Adds a webhook endpoint; the answer holds its signing secret, shown this once. */
  createWebhook(slug: string, body: NewWebhook): Promise<CreatedWebhook>;
  /** Removes an endpoint and its deliveries; resolves to the endpoint removed. */
  removeWebhook(slug: string, webhookId: string): Promise<Webhook>;
  /** A page of the project's events of the last 30 days, newest first; `nextCursor` is null on the last page. */
  listEvents(slug: string, query?: EventQuery): Promise<{ events: ProjectEvent[]; nextCursor: string | null }>;
  /** A page of the project's request log, newest first, filtered by status (`4xx`, `429`), key, operation or request id. */
  listRequests(slug: string, query?: RequestQuery): Promise<{ requests: LoggedRequest[]; nextCursor: string | null }>;
  /** The events from the newest on, page after page (`pageSize` 1-100, default 20), optionally of one `type`. */
  allEvents(
    slug: string,
    options?: { type?: EventQuery['type']; pageSize?: number; environment?: Environment },
  ): AsyncIterableIterator<ProjectEvent>;
  /** Empties the project's staging environment (pets, orders, events, deliveries, usage, request log); its keys and webhook endpoints stay. */
  resetStaging(slug: string): Promise<StagingReset>;
  /** Copies production's pets into an empty staging, ids kept; `staging_not_empty` (409) otherwise. */
  copyPetsToStaging(slug: string): Promise<StagingCopy>;
  /** Protects production (only admins and owners change it) or stops protecting it; the project as it is now. */
  updateProject(slug: string, settings: { productionProtected?: boolean }): Promise<Project>;
  /** The project's members and their roles, owners first. */
  listMembers(slug: string): Promise<Member[]>;
  /** Gives a member another role (only an owner makes or changes an owner; the last owner stays). */
  updateMember(slug: string, email: string, role: Role): Promise<Member>;
  removeMember(slug: string, email: string): Promise<void>;
  /** A one-time invitation link for an email, to join with `role` (`developer` by default). */
  createInvitation(slug: string, email: string, role?: Role): Promise<CreatedInvitation>;
}

const segment = encodeURIComponent;

function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  return value;
}

/**
 * A successful answer's body, once it is what the contract documents for the operation (JSON types, required
 * fields, items): anything else (another service's JSON, a proxy's page that parsed, a cut list) is a
 * PetstoreError `unknown_error` saying where it differs, never a value of the wrong shape handed on.
 */
function documented<T>(operation: keyof operations, answer: Answer): T {
  const shape = ANSWER_SHAPES[operation];
  const problem = shape ? shapeProblem(answer.body, shape, SHAPE_REFS) : null;
  if (problem === null) return answer.body as T;
  throw new PetstoreError({
    status: answer.status,
    code: 'unknown_error',
    message: `the answer to ${operation} is not what the API documents: ${problem}`,
    requestId: answer.headers.get('x-request-id'),
    retryAfterMs: null,
  });
}

/** A client for the management API. */
export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  const origin = String(options.baseUrl ?? '')
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/, '');
  if (!/^https?:\/\/[^/]+/.test(origin) || !URL.canParse(origin)) {
    throw new TypeError(
      `baseUrl must be the server's http(s) address, e.g. https://petstore.example.com; got ${JSON.stringify(options.baseUrl)}`,
    );
  }
  if (typeof options.token !== 'string' || options.token.trim() === '') throw new TypeError('token is required');
  const transport = new Transport({
    baseUrl: `${origin}/api/v1`,
    apiKey: options.token,
    fetch: options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args)),
    maxRetries: nonNegativeInteger(options.maxRetries ?? 3, 'maxRetries'),
    maxRetryDelayMs: nonNegativeInteger(options.maxRetryDelayMs ?? 60_000, 'maxRetryDelayMs'),
    timeoutMs: nonNegativeInteger(options.timeoutMs ?? 30_000, 'timeoutMs'),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });
  const get = async <T>(operation: keyof operations, path: string, query?: Record<string, string | undefined>): Promise<T> =>
    documented<T>(operation, await transport.send({ method: 'GET', path, ...(query ? { query } : {}) }));
  const post = async <T>(operation: keyof operations, path: string, body: unknown = {}): Promise<T> =>
    documented<T>(operation, await transport.send({ method: 'POST', path, body }));
  const patch = async <T>(operation: keyof operations, path: string, body: unknown): Promise<T> =>
    documented<T>(operation, await transport.send({ method: 'PATCH', path, body }));
  const remove = async (path: string): Promise<void> => {
    await transport.send({ method: 'DELETE', path });
  };
  const project = (slug: string) => `/projects/${segment(slug)}`;
  const listAuditEntries: ManagementClient['listAuditEntries'] = async (slug, query = {}) => {
    const answer = await transport.send({
      method: 'GET',
      path: `${project(slug)}/audit`,
      query: { limit: query.limit, cursor: query.cursor },
    });
    return {
      entries: documented<AuditEntry[]>('listAuditEntries', answer),
      nextCursor: nextCursor(answer.headers.get('link'), `${origin}/api/v1`),
    };
  };
  async function* allAuditEntries(slug: string, options: { pageSize?: number } = {}) {
    let cursor: string | undefined;
    do {
      const page = await listAuditEntries(slug, { limit: options.pageSize, cursor });
      yield* page.entries;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  const listEvents: ManagementClient['listEvents'] = async (slug, query = {}) => {
    const answer = await transport.send({
      method: 'GET',
      path: `${project(slug)}/events`,
      query: { type: query.type, limit: query.limit, cursor: query.cursor, environment: query.environment },
    });
    return {
      events: documented<ProjectEvent[]>('listEvents', answer),
      nextCursor: nextCursor(answer.headers.get('link'), `${origin}/api/v1`),
    };
  };
  const listRequests: ManagementClient['listRequests'] = async (slug, query = {}) => {
    const answer = await transport.send({
      method: 'GET',
      path: `${project(slug)}/requests`,
      query: {
        status: query.status,
        keyId: query.keyId,
        operation: query.operation,
        requestId: query.requestId,
        limit: query.limit,
        cursor: query.cursor,
        environment: query.environment,
      },
    });
    return {
      requests: documented<LoggedRequest[]>('listRequests', answer),
      nextCursor: nextCursor(answer.headers.get('link'), `${origin}/api/v1`),
    };
  };
  async function* allEvents(slug: string, options: { type?: EventQuery['type']; pageSize?: number; environment?: Environment } = {}) {
    let cursor: string | undefined;
    do {
      const page = await listEvents(slug, { type: options.type, limit: options.pageSize, cursor, environment: options.environment });
      yield* page.events;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  return {
    getCurrentUser: () => get('getCurrentUser', '/user'),
    listProjects: () => get('listProjects', '/projects'),
    getProject: (slug) => get('getProject', project(slug)),
    createProject: (slug) => post('createProject', '/projects', { slug }),
    listApiKeys: (slug, query = {}) => get('listApiKeys', `${project(slug)}/keys`, { environment: query.environment }),
    createApiKey: (slug, body = {}) => post('createApiKey', `${project(slug)}/keys`, body),
    rollApiKey: (slug, keyId, body = {}) => post('rollApiKey', `${project(slug)}/keys/${segment(keyId)}/roll`, body),
    revokeApiKey: (slug, keyId) => remove(`${project(slug)}/keys/${segment(keyId)}`),
    listDeploys: (slug) => get('listDeploys', `${project(slug)}/deploys`),
    getDeploy: (slug, deployId) => get('getDeploy', `${project(slug)}/deploys/${segment(deployId)}`),
    createDeploy: async (slug, archive, options = {}) =>
      documented<Deploy>(
        'createDeploy',
        await transport.send({
          method: 'POST',
          path: `${project(slug)}/deploys`,
          ...(options.includeDotfiles ? { query: { includeDotfiles: 'true' } } : {}),
          upload: { contentType: 'application/gzip', body: archive },
          maxRetries: 1,
          timeoutMs: 2 ** 31 - 1,
        }),
      ),
    promoteDeploy: (slug, deployId) => post('promoteDeploy', `${project(slug)}/deploys/${segment(deployId)}/promote`),
    listDomains: (slug) => get('listDomains', `${project(slug)}/domains`),
    addDomain: (slug, domain, options = {}) => post('addDomain', `${project(slug)}/domains`, { domain, ...options }),
    getDomain: (slug, domain) => get('getDomain', `${project(slug)}/domains/${segment(domain)}`),
    verifyDomain: (slug, domain) => post('verifyDomain', `${project(slug)}/domains/${segment(domain)}/verify`),
    removeDomain: (slug, domain) => remove(`${project(slug)}/domains/${segment(domain)}`),
    listRedirects: (slug) => get('listRedirects', `${project(slug)}/redirects`),
    addRedirect: (slug, from, to) => post('addRedirect', `${project(slug)}/redirects`, { from, to }),
    removeRedirect: (slug, from) => remove(`${project(slug)}/redirects/${segment(from)}`),
    getUsage: (slug, query = {}) => get('getUsage', `${project(slug)}/usage`, { by: query.by, environment: query.environment }),
    getDeprecations: (slug, query = {}) => get('getDeprecations', `${project(slug)}/deprecations`, { environment: query.environment }),
    listAuditEntries,
    allAuditEntries,
    listWebhooks: (slug, query = {}) => get('listWebhooks', `${project(slug)}/webhooks`, { environment: query.environment }),
    createWebhook: (slug, body) => post('createWebhook', `${project(slug)}/webhooks`, body),
    removeWebhook: async (slug, webhookId) =>
      documented<Webhook>(
        'deleteWebhook',
        await transport.send({ method: 'DELETE', path: `${project(slug)}/webhooks/${segment(webhookId)}` }),
      ),
    listEvents,
    allEvents,
    listRequests,
    resetStaging: (slug) => post('resetStaging', `${project(slug)}/staging/reset`),
    copyPetsToStaging: (slug) => post('copyPetsToStaging', `${project(slug)}/staging/copy-pets`),
    updateProject: (slug, settings) => patch('updateProject', project(slug), settings),
    listMembers: (slug) => get('listMembers', `${project(slug)}/members`),
    updateMember: (slug, email, role) => patch('updateMember', `${project(slug)}/members/${segment(email)}`, { role }),
    removeMember: (slug, email) => remove(`${project(slug)}/members/${segment(email)}`),
    createInvitation: (slug, email, role) => post('createInvitation', `${project(slug)}/invitations`, role ? { email, role } : { email }),
  };
}
