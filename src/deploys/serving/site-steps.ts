import type { FastifyReply, FastifyRequest } from 'fastify';
import { REGULAR, type EarlyStep } from '../../http/pipeline/front-door.js';
import { isApiUrl, type RequestStep } from '../../http/pipeline/request-steps.js';
import { NOT_FOUND_PAGE } from './pages.js';
import type { PlatformHosts, PreviewHost } from './platform-hosts.js';
import type { BlobReader, DeployRepository, LiveSite } from '../storage/repository.js';
import { answerSite, answerSiteFromMemory, type SiteResponse } from './serve.js';
import { siteHostname, type SiteHosts, type SiteProject } from '../sites.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** On a project's host, for `/v1` requests: the project whose API this host is. Null elsewhere. */
    siteProject: SiteProject | null;
  }
}

/** Preview hosts are for people checking a deploy, never for search engines. */
const NOINDEX = { 'x-robots-tag': 'noindex' } as const;

// A file's headers object is shared by its responses (serve.ts), so its preview copy is made once.
const noindexByHeaders = new WeakMap<Readonly<Record<string, string>>, Readonly<Record<string, string>>>();

function withNoindex(res: SiteResponse): SiteResponse {
  let headers = noindexByHeaders.get(res.headers);
  if (!headers) noindexByHeaders.set(res.headers, (headers = { ...res.headers, ...NOINDEX }));
  return { ...res, headers };
}

function send(reply: FastifyReply, res: SiteResponse): true {
  void reply
    .code(res.status)
    .headers(res.headers)
    .send(res.body ?? undefined);
  return true;
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  project: SiteProject,
  deploys: DeployRepository,
  blobs: BlobReader,
): boolean | Promise<boolean> {
  const req = { method: request.method, url: request.url, headers: request.headers };
  // One snapshot of the live deploy serves the whole response; read without a promise where the engine can.
  if (deploys.liveSiteNow) {
    let res: SiteResponse | Promise<SiteResponse>;
    try {
      res = answerSite(deploys.liveSiteNow(project.projectId), blobs, req);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return res instanceof Promise ? res.then((r) => send(reply, r)) : send(reply, res);
  }
  return deploys
    .liveSite(project.projectId)
    .then((site) => answerSite(site, blobs, req))
    .then((r) => send(reply, r));
}

/** A plain 404 for a platform subdomain that names no project, or a preview host that names no ready deploy of it. */
async function noSuchProject(request: FastifyRequest, reply: FastifyReply, extra: Record<string, string> = {}): Promise<boolean> {
  request.answeredAs = SITE_OPERATION;
  await reply
    .code(404)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache', ...extra })
    .send(request.method === 'HEAD' ? undefined : NOT_FOUND_PAGE);
  return true;
}

/** One ready deploy of the project as a site, or null (unknown, failed, or another project's). */
async function deploySite(deploys: DeployRepository, projectId: number, host: PreviewHost): Promise<LiveSite | null> {
  const deployId = 'number' in host ? await deploys.numbered(projectId, host.number) : host.deployId;
  if (deployId === null) return null;
  if (deploys.deploySiteNow) return deploys.deploySiteNow(projectId, deployId);
  const record = await deploys.findDeploy(projectId, deployId);
  const manifest = record?.status === 'ready' ? await deploys.manifest(deployId) : null;
  return manifest ? { deployId, manifest } : null;
}

/**
 * A preview host `<slug>--deploy-<number>.<PLATFORM_HOST>` (or `<slug>--<deployId>`): that deploy's files,
 * whatever is live, with `X-Robots-Tag: noindex`; `/v1` is the project's API
 * as on its live host.
 */
async function preview(
  request: FastifyRequest,
  reply: FastifyReply,
  platform: PlatformHosts,
  host: PreviewHost,
  deploys: DeployRepository,
  blobs: BlobReader,
): Promise<boolean> {
  const project = (await platform.lookUp(host.slug)) ? platform.project(host.slug) : null;
  if (isApiUrl(request.url)) {
    request.siteProject = project;
    return false;
  }
  const site = project && (await deploySite(deploys, project.projectId, host));
  if (!site) return noSuchProject(request, reply, NOINDEX);
  request.answeredAs = SITE_OPERATION;
  const req = { method: request.method, url: request.url, headers: request.headers };
  return send(reply, withNoindex(await answerSite(site, blobs, req)));
}

/**
 * The `site` stage's Fastify face: on a host that serves a project, paths outside `/v1`
 * are answered from its live deploy (public: no key, not metered), and `/v1`
 * requests are marked with the project for `siteKeyStep`. Other hosts, and
 * paths another capability answers on every host (`SiteHosts.passThrough`), pass.
 */
/** The metrics label of every answer from a project's site (files, its 404 page, "not published yet"). */
export const SITE_OPERATION = 'site';

export function siteStep(sites: SiteHosts, platform: PlatformHosts, deploys: DeployRepository, blobs: BlobReader): RequestStep {
  const handle = (request: FastifyRequest, reply: FastifyReply, project: SiteProject) => {
    if (!isApiUrl(request.url)) {
      request.answeredAs = SITE_OPERATION;
      return answer(request, reply, project, deploys, blobs);
    }
    request.siteProject = project;
    return false;
  };
  return (request, reply) => {
    if (sites.passes(request.url)) return false;
    const hostname = siteHostname(request.hostname);
    const project = sites.resolve(hostname);
    if (project) return handle(request, reply, project);
    const previewHost = platform.previewOf(hostname);
    if (previewHost) return preview(request, reply, platform, previewHost, deploys, blobs);
    const slug = platform.slugOf(hostname);
    if (slug === null) return false;
    if (platform.recentlyUnknown(slug)) return isApiUrl(request.url) ? false : noSuchProject(request, reply);
    // A project created since the map was loaded (e.g. by the CLI): looked up once, then known.
    return platform.lookUp(slug).then((found) => {
      const now = found ? sites.resolve(hostname) : null;
      if (now) return handle(request, reply, now);
      return isApiUrl(request.url) ? false : noSuchProject(request, reply);
    });
  };
}

/**
 * The `identify` stage after the key's: on a project's host the API is
 * that project's, so another project's key is dropped and the request goes on
 * exactly as with an unknown key (metered by address, then answered 401).
 */
export const siteKeyStep: RequestStep = (request) => {
  const project = request.siteProject;
  // A project's staging key is its own too (its `/staging/v1` on this host is the project's staging API).
  if (project && request.principal && request.principal.sharedProjectId !== project.projectId) request.principal = null;
  return false;
};

// A file's headers object is shared by its responses (serve.ts), so its list is made once.
const flatByHeaders = new WeakMap<Readonly<Record<string, string>>, readonly string[]>();

function flat(headers: Readonly<Record<string, string>>): readonly string[] {
  let list = flatByHeaders.get(headers);
  if (!list) flatByHeaders.set(headers, (list = Object.entries(headers).flat()));
  return list;
}

/**
 * `siteStep`'s answer before Fastify (http/pipeline/front-door.ts), for the engines
 * that read the live deploy without a promise (SQLite) and a file whose blob is
 * in memory: the same status, headers and bytes. Anything else (a host not known
 * yet, `/v1` on a project's host, a blob to read, a storage error) takes the regular path.
 */
export function earlySiteStep(sites: SiteHosts, platform: PlatformHosts, deploys: DeployRepository, blobs: BlobReader): EarlyStep | null {
  const liveSiteNow = deploys.liveSiteNow;
  const deploySiteNow = deploys.deploySiteNow;
  const numberedNow = deploys.numberedNow;
  if (!liveSiteNow || !deploySiteNow) return null;
  /** The site this host serves from memory: undefined when it is no site host, null when the regular path must look. */
  const siteOf = (hostname: string): { site: LiveSite | null; preview: boolean } | null | undefined => {
    const project = sites.resolve(hostname);
    if (project) return { site: liveSiteNow(project.projectId), preview: false };
    const host = platform.previewOf(hostname);
    if (!host) return undefined;
    const owner = platform.project(host.slug);
    const deployId = owner && ('number' in host ? (numberedNow?.(owner.projectId, host.number) ?? null) : host.deployId);
    const site = owner && deployId !== null && deploySiteNow(owner.projectId, deployId);
    // An unknown project or deploy: the regular path looks the project up and answers its 404.
    return site ? { site, preview: true } : null;
  };
  return (request) => {
    if (sites.passes(request.url)) return REGULAR;
    // `/v1` on a project's (or a preview's) host is the regular path; elsewhere the API's own early steps look.
    if (isApiUrl(request.url)) return sites.resolve(request.hostname) || platform.previewOf(request.hostname) ? REGULAR : null;
    let res: SiteResponse | null;
    let preview = false;
    try {
      const found = siteOf(request.hostname);
      if (found === undefined) return null;
      if (found === null) return REGULAR;
      preview = found.preview;
      res = answerSiteFromMemory(found.site, blobs, request);
    } catch {
      return REGULAR;
    }
    if (res === null) return REGULAR;
    if (preview) res = withNoindex(res);
    return { status: res.status, headers: flat(res.headers), body: res.body, operation: SITE_OPERATION };
  };
}
