import type { IncomingMessage } from 'node:http';
import type { Config } from '../../config.js';
import { hostnameOf } from './host-header.js';
import { isApiUrl } from './request-steps.js';

/**
 * Every project has two environments, served by the same routes: production at `BASE_URL`, staging at
 * `STAGING_BASE_URL` (its own keys, data, quota, events and request log). Which one a request is for is
 * decided once, before anything routes it, from its address alone: the staging path prefix (`/staging/v1/…`
 * by default) on any host, or, when STAGING_BASE_URL names another host than BASE_URL, the v1 API on that
 * host. A staging request's URL is then rewritten to the `/v1/…` the routes know, and the request is marked,
 * so the same routes, schemas and steps answer both.
 */
export const ENVIRONMENTS = ['production', 'staging'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: unknown): value is Environment {
  return value === 'production' || value === 'staging';
}

/** On a staging request: its URL as it arrived (production requests carry no mark at all). */
const STAGING = Symbol('staging');
type Marked = IncomingMessage & { [STAGING]?: string };

/** The environment a request was routed to (`EnvironmentRoutes.route`). */
export function environmentOf(req: IncomingMessage): Environment {
  return (req as Marked)[STAGING] === undefined ? 'production' : 'staging';
}

/** The URL a request arrived with, before a staging prefix was taken off. */
export function arrivedUrl(req: IncomingMessage): string {
  return (req as Marked)[STAGING] ?? req.url ?? '/';
}

/** The path before `/v1` of a base URL. */
const prefixOf = (url: URL) => url.pathname.replace(/\/v1$/, '');

export class EnvironmentRoutes {
  /** The staging path prefix the server sees (`/staging` by default); '' when staging is told apart by host alone. */
  readonly stagingPrefix: string;
  /** STAGING_BASE_URL's host (lower-case, no port) when it differs from BASE_URL's; null otherwise. */
  readonly stagingHost: string | null;
  private readonly paths: Record<Environment, string>;
  private readonly urls: Record<Environment, string>;

  constructor(config: Pick<Config, 'baseUrl' | 'stagingBaseUrl'>) {
    this.urls = { production: config.baseUrl, staging: config.stagingBaseUrl };
    const production = new URL(config.baseUrl);
    const staging = new URL(config.stagingBaseUrl);
    const base = prefixOf(production);
    let prefix = prefixOf(staging);
    // Behind a proxy that takes BASE_URL's own prefix off (`/api/v1` arrives as `/v1`), it takes it off staging's too.
    if (base !== '' && prefix.startsWith(`${base}/`)) prefix = prefix.slice(base.length);
    this.stagingPrefix = prefix;
    this.stagingHost = staging.hostname === production.hostname ? null : staging.hostname.toLowerCase().replace(/\.$/, '');
    this.paths = { production: '/v1', staging: `${prefix}/v1` };
  }

  /**
   * Decides a request's environment, once: a staging request's URL loses its staging prefix and the request
   * is marked. Called by the front door before its early steps and by Fastify's `rewriteUrl` (for requests
   * that did not pass the front door, such as `inject`); a second call changes nothing. Returns the URL to route.
   */
  route(req: IncomingMessage): string {
    const marked = (req as Marked)[STAGING];
    const url = req.url ?? '/';
    if (marked !== undefined) return url;
    const prefix = this.stagingPrefix;
    if (prefix !== '' && url.startsWith(prefix) && isApiUrl(url.slice(prefix.length))) {
      (req as Marked)[STAGING] = url;
      return (req.url = url.slice(prefix.length));
    }
    const host = this.stagingHost;
    if (host !== null && req.headers.host !== undefined && isApiUrl(url) && hostnameOf(req.headers.host) === host) {
      (req as Marked)[STAGING] = url;
    }
    return url;
  }

  /** The path of an environment's v1 API, as its links and `Location` headers name it: `/v1` or `/staging/v1`. */
  apiPath(environment: Environment): string {
    return this.paths[environment];
  }

  /** An environment's base URL (BASE_URL or STAGING_BASE_URL). */
  baseUrl(environment: Environment): string {
    return this.urls[environment];
  }

  /** The port the server really listens on: a base URL that names port 0 (PORT=0 picks one) names it instead. */
  listeningOn(port: number): void {
    for (const environment of ENVIRONMENTS) {
      const url = new URL(this.urls[environment]);
      if (url.port !== '0') continue;
      url.port = String(port);
      this.urls[environment] = url.toString();
    }
  }
}
