import { siteHostname } from '../../deploys/sites.js';
import type { FastifyInstance } from 'fastify';
import type { TLSSocket } from 'node:tls';
import { sendError } from '../../http/errors/error-handler.js';
import { ApiError } from '../../http/errors/errors.js';
import { REGULAR, type EarlyStep } from '../../http/pipeline/front-door.js';
import type { RequestStep } from '../../http/pipeline/request-steps.js';
import type { DomainHosts } from './hosts.js';
import type { DomainRepository } from '../repository.js';

export const ACME_CHALLENGE_PREFIX = '/.well-known/acme-challenge/';

/** The metrics label of custom-domain redirects (a redirect entry's 301, HTTP to HTTPS's 308). */
export const REDIRECT_OPERATION = 'redirect';

function httpsOrigin(hostname: string, httpsPort: number | undefined): string {
  return httpsPort === undefined || httpsPort === 443 ? `https://${hostname}` : `https://${hostname}:${String(httpsPort)}`;
}

/**
 * The `redirect` stage for custom domains, run on every request (so a
 * keep-alive connection is re-checked each time): a redirect entry answers
 * 301 to `https://<to>` with the same path and query (over HTTP it wins over
 * the upgrade, one hop); an active domain over plain HTTP gets 308 to HTTPS,
 * except the ACME path; over HTTPS any host that is not an active domain is
 * refused 421 and its connection closed.
 */
export function redirectStep(hosts: DomainHosts, httpsPort: () => number | undefined): RequestStep {
  return (request, reply) => {
    const secure = (request.raw.socket as Partial<TLSSocket>).encrypted === true;
    if (!secure && request.url.startsWith(ACME_CHALLENGE_PREFIX)) return false;
    const hostname = siteHostname(request.hostname);
    const to = hosts.redirectFor(hostname);
    if (to !== null) {
      request.answeredAs = REDIRECT_OPERATION;
      void reply
        .code(301)
        .header('location', `${httpsOrigin(to, httpsPort())}${request.url}`)
        .header('cache-control', 'no-store')
        .send();
      return true;
    }
    if (hosts.isActive(hostname)) {
      if (secure) return false;
      request.answeredAs = REDIRECT_OPERATION;
      void reply
        .code(308)
        .header('location', `${httpsOrigin(hostname, httpsPort())}${request.url}`)
        .header('cache-control', 'no-store')
        .send();
      return true;
    }
    if (!secure) return false;
    sendError(
      reply,
      new ApiError('misdirected_request', `${hostname || 'This host'} is not served here over HTTPS.`, undefined, { connection: 'close' }),
    );
    return true;
  };
}

/**
 * `redirectStep` before Fastify (http/pipeline/front-door.ts): a host it would
 * redirect or refuse takes the regular path; the others go on to the site.
 */
export function earlyRedirectStep(hosts: DomainHosts): EarlyStep {
  return (request) => {
    if (!request.secure && request.url.startsWith(ACME_CHALLENGE_PREFIX)) return null;
    if (hosts.redirectFor(request.hostname) !== null) return REGULAR;
    return hosts.isActive(request.hostname) === request.secure ? null : REGULAR;
  };
}

/** http-01 answers on PORT for any host, from the database, so whichever instance the CA reaches can answer. */
export function registerChallengeRoute(app: FastifyInstance, repository: DomainRepository): void {
  app.get<{ Params: { token: string } }>(`${ACME_CHALLENGE_PREFIX}:token`, { config: { public: true } }, async (request, reply) => {
    const token = request.params.token;
    const answer = /^[A-Za-z0-9_-]{1,200}$/.test(token) ? await repository.challenge(token) : null;
    if (answer === null) throw new ApiError('not_found', 'No such ACME challenge.');
    return reply.type('application/octet-stream').send(answer);
  });
}
