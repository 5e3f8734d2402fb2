import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveSession } from '../accounts/sign-in.js';
import { DomainError } from '../errors/domain-error.js';
import { sendStaticAsset } from '../http/body/static-assets.js';
import { clearedSessionCookies, hasSeveralSessionCookies, sessionTokenOf } from '../management/cookies.js';
import { safeNext } from '../management/next-page.js';
import { loadDashboardAssets } from './assets.js';
import { dashboardPage, PROJECT_TABS, PROJECT_VIEWS, type PageOptions, type ProjectTab, type SignupMode } from './pages.js';

/**
 * Strict: this origin's files only, no inline script or style attribute in
 * markup (the chart library sizes its elements through the CSSOM, which this
 * allows), no framing, forms and fetches to this origin.
 */
export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const SIGN_IN_PATH = '/dashboard/sign-in';
export const SIGN_UP_PATH = '/dashboard/sign-up';

export { safeNext };

const TAB_NAMES = new Set<string>([...PROJECT_TABS, ...PROJECT_VIEWS].map((t) => t.tab));

export default fp(
  async (app: FastifyInstance) => {
    const assets = loadDashboardAssets();

    const session = async (request: FastifyRequest): Promise<ActiveSession | null> => {
      const token = sessionTokenOf(request);
      return token ? app.sessions.session(token) : null;
    };
    // More than one session cookie (one tossed by a site under a parent domain): not signed in, and all are cleared.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/dashboard') && hasSeveralSessionCookies(request)) {
        reply.header('set-cookie', clearedSessionCookies(request));
      }
    });
    const send = (reply: FastifyReply, options: PageOptions, status = 200) =>
      reply
        .code(status)
        .header('content-security-policy', DASHBOARD_CSP)
        // Pages carry the session's CSRF token: never kept by a cache.
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(dashboardPage(options));
    const signup = (): SignupMode => app.config.signup;
    const userOf = (active: ActiveSession) => ({ email: active.user.email, csrfToken: active.csrfToken, admin: active.user.admin });
    const toSignIn = (request: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'no-store').redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(request.url)}`, 302);

    /**
     * A page for a signed-in person; anyone else goes to sign in first and comes back here. A person who must
     * set up a second factor first (REQUIRE_SECOND_FACTOR) is sent to the security page, which says why.
     */
    const page =
      (kind: 'projects' | 'tokens' | 'security' | 'project' | ProjectTab) => async (request: FastifyRequest, reply: FastifyReply) => {
        const active = await session(request);
        if (!active) return toSignIn(request, reply);
        const user = userOf(active);
        const gate = await app.sessions.secondFactorGate(active);
        if (gate !== 'open' && kind !== 'security') return reply.header('cache-control', 'no-store').redirect('/dashboard/security', 302);
        if (kind === 'security') return send(reply, { kind, user, ...(gate === 'open' ? {} : { setupRequired: gate }) });
        if (kind === 'projects' || kind === 'tokens') return send(reply, { kind, user });
        const { slug } = request.params as { slug: string };
        const project = await app.accounts.projectOf(active.user, slug);
        if (project instanceof DomainError) {
          return send(reply, { kind: 'not-found', user, message: `There is no project “${slug}” that you may manage.` }, 404);
        }
        const environment = (request.query as { environment?: unknown }).environment === 'staging' ? 'staging' : 'production';
        return send(reply, {
          kind,
          user,
          slug: project.slug,
          environment,
          stagingBaseUrl: app.environments.baseUrl('staging'),
          apiBaseUrl: app.environments.baseUrl(environment),
          ...(kind === 'requests' && app.config.traceUrl !== undefined ? { traceUrl: app.config.traceUrl } : {}),
        });
      };

    app.get('/dashboard', { config: { public: true } }, page('projects'));
    app.get('/dashboard/tokens', { config: { public: true } }, page('tokens'));
    app.get('/dashboard/security', { config: { public: true } }, page('security'));
    app.get('/dashboard/projects/:slug', { config: { public: true } }, page('project'));
    app.get<{ Params: { slug: string; tab: string } }>('/dashboard/projects/:slug/:tab', { config: { public: true } }, (request, reply) =>
      TAB_NAMES.has(request.params.tab) ? page(request.params.tab as ProjectTab)(request, reply) : notFound(request, reply),
    );

    app.get<{ Querystring: { next?: string } }>(SIGN_IN_PATH, { config: { public: true } }, async (request, reply) => {
      if (await session(request)) return reply.header('cache-control', 'no-store').redirect(safeNext(request.query.next), 302);
      return send(reply, { kind: 'sign-in', signup: signup(), ...(app.singleSignOn ? { sso: app.singleSignOn.provider.name } : {}) });
    });
    app.get<{ Querystring: { next?: string } }>(SIGN_UP_PATH, { config: { public: true } }, async (request, reply) => {
      if (await session(request)) return reply.header('cache-control', 'no-store').redirect(safeNext(request.query.next), 302);
      return send(reply, { kind: 'sign-up', signup: signup() });
    });
    // An invitation link: the page accepts it for the signed-in person, or signs the invited person up.
    app.get<{ Params: { token: string } }>('/dashboard/invitations/:token', { config: { public: true } }, async (request, reply) => {
      const active = await session(request);
      const { token } = request.params;
      if (token.length > 200) return notFound(request, reply);
      return send(reply, { kind: 'invitation', invitation: token, signup: signup(), ...(active ? { user: userOf(active) } : {}) });
    });

    const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
      const active = await session(request);
      const user = active ? userOf(active) : undefined;
      return send(reply, { kind: 'not-found', ...(user ? { user } : {}) }, 404);
    };
    app.get('/dashboard/*', { config: { public: true } }, notFound);

    app.get<{ Params: { file: string } }>('/dashboard/assets/:file', { config: { public: true } }, async (request, reply) =>
      sendStaticAsset(request, reply, assets.get(request.params.file)),
    );
  },
  { name: 'dashboard', dependencies: ['accounts', 'management'] },
);
