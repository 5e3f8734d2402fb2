import { API_VERSION, VERSION } from '../version.js';

/** The pages of the dashboard: each has its own URL; the browser module fills in what /api/v1 answers. */
export const PROJECT_TABS = [
  { tab: 'domains', label: 'Domains' },
  { tab: 'deploys', label: 'Deploys' },
  { tab: 'keys', label: 'API keys' },
  { tab: 'webhooks', label: 'Webhooks' },
  { tab: 'usage', label: 'Usage' },
  { tab: 'requests', label: 'Requests' },
  { tab: 'members', label: 'Members' },
  { tab: 'activity', label: 'Activity' },
] as const;
/** Project pages that other pages link to rather than the tabs: Deprecations (from the overview's banner and API keys). */
export const PROJECT_VIEWS = [{ tab: 'deprecations', label: 'Deprecations' }] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number]['tab'] | (typeof PROJECT_VIEWS)[number]['tab'];

/** The tabs whose content is of one environment (the switch chooses which); the others are shared by both. */
const ENVIRONMENT_TABS: ReadonlySet<PageKind> = new Set(['project', 'keys', 'webhooks', 'usage', 'requests', 'deprecations']);

/** Which of a project's environments a project page shows: production, or staging (`?environment=staging`). */
export type DashboardEnvironment = 'production' | 'staging';

/** Pages of the person rather than of a project (the account menu's links). */
export type AccountPage = 'tokens' | 'security';
/** Pages anyone may open: signing in, signing up, and an invitation link. */
export type PublicPage = 'sign-in' | 'sign-up' | 'invitation';

export type PageKind = PublicPage | 'projects' | AccountPage | 'project' | ProjectTab | 'not-found';

/** Who may sign up (the SIGNUP setting): the sign-in and sign-up pages say what is allowed. */
export type SignupMode = 'closed' | 'invite' | 'open';

export interface PageOptions {
  kind: PageKind;
  /** The signed-in person; absent on the public pages when nobody is signed in. */
  user?: { email: string; csrfToken: string; admin?: boolean };
  slug?: string;
  /** Shown on the not-found page. */
  message?: string;
  /** On the public pages: whether the sign-up form is offered. */
  signup?: SignupMode;
  /** On the invitation page: the invitation's token, from its link. */
  invitation?: string;
  /** On project pages: the environment shown, and staging's base URL (said on the staging bar). */
  environment?: DashboardEnvironment;
  stagingBaseUrl?: string;
  /** On project pages: the v1 API's base URL of the environment shown (the Keys tab's first call uses it). */
  apiBaseUrl?: string;
  /** On the Requests tab: TRACE_URL, the link of a request's trace (`{traceId}` replaced), when it is set. */
  traceUrl?: string;
  /** On the sign-in page: the identity provider's name when single sign-on is configured. */
  sso?: string;
  /**
   * On the security page, when REQUIRE_SECOND_FACTOR holds this session back: it must set up a second factor
   * (`set_up`), or sign in again with the one its person has (`sign_in_again`).
   */
  setupRequired?: 'set_up' | 'sign_in_again';
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

export const projectPath = (slug: string, tab?: ProjectTab, environment: DashboardEnvironment = 'production') =>
  `/dashboard/projects/${encodeURIComponent(slug)}${tab ? `/${tab}` : ''}${environment === 'staging' ? '?environment=staging' : ''}`;

const tabLabel = (kind: PageKind) => [...PROJECT_TABS, ...PROJECT_VIEWS].find((t) => t.tab === kind)?.label;

const PAGE_TITLES: Partial<Record<PageKind, [title: string, heading: string]>> = {
  'sign-in': ['Sign in', 'Sign in to Petstore'],
  'sign-up': ['Sign up', 'Create your Petstore account'],
  invitation: ['Invitation', 'You are invited to a project'],
  projects: ['Projects', 'Projects'],
  tokens: ['Access tokens', 'Access tokens'],
  security: ['Security', 'Sign-in and security'],
};

function titleOf(o: PageOptions): string {
  const fixed = PAGE_TITLES[o.kind];
  if (fixed) return fixed[0];
  if (o.kind === 'not-found') return 'Not found';
  return [tabLabel(o.kind), o.slug, o.environment === 'staging' ? 'Staging' : '', 'Project settings'].filter(Boolean).join(' · ');
}

/** The page's own heading: the project's name on project pages (each tab's section has an h2). */
function headingOf(o: PageOptions): string {
  const h1 = (text: string) => `<h1 id="page-title" tabindex="-1">${escape(text)}</h1>`;
  const fixed = PAGE_TITLES[o.kind];
  if (fixed) return h1(fixed[1]);
  if (o.kind === 'not-found' || !o.slug) return h1('Not found');
  const environment = o.environment ?? 'production';
  const tab = tabLabel(o.kind) ? `<h2 class="tab-title">${tabLabel(o.kind) ?? ''}</h2>` : '';
  return `<p class="kicker">Project settings</p>${h1(o.slug)}${environmentSwitch(o.slug, o.kind, environment)}${stagingBar(o)}${projectNav(o.slug, o.kind, environment)}${tab}`;
}

/**
 * Production | Staging: a radio group whose choice opens the same page in that environment (its address
 * carries `?environment=staging`, so a staging page can be bookmarked and reloaded).
 */
function environmentSwitch(slug: string, current: PageKind, environment: DashboardEnvironment): string {
  const tab = current === 'project' ? undefined : (current as ProjectTab);
  const option = (value: DashboardEnvironment, label: string) =>
    `<label class="env-option env-${value}"><input type="radio" name="environment" value="${value}" data-href="${escape(projectPath(slug, tab, value))}"${value === environment ? ' checked' : ''}> ${label}</label>`;
  return `<fieldset class="env-switch" role="radiogroup" aria-label="Environment"><legend class="visually-hidden">Environment</legend>${option('production', 'Production')}${option('staging', 'Staging')}</fieldset>`;
}

/** On staging pages, the bar that makes the environment impossible to miss, with staging's base URL. */
function stagingBar(o: PageOptions): string {
  if (o.environment !== 'staging') return '';
  const shared = ENVIRONMENT_TABS.has(o.kind)
    ? ''
    : `<span class="env-shared">${tabLabel(o.kind) ?? 'This page'} is shared by production and staging.</span>`;
  return `<p class="env-bar" role="note"><strong>Staging: test data</strong><span>API base URL <code>${escape(o.stagingBaseUrl ?? '')}</code></span>${shared}</p>`;
}

function projectNav(slug: string, current: PageKind, environment: DashboardEnvironment): string {
  const links = PROJECT_TABS.map(({ tab, label }) => {
    const here = tab === current ? ' aria-current="page"' : '';
    return `<li><a href="${escape(projectPath(slug, tab, environment))}"${here}>${label}</a></li>`;
  }).join('');
  return `<nav class="tabs" aria-label="Project settings"><ul>${links}</ul></nav>`;
}

function breadcrumbs(o: PageOptions): string {
  if (!o.slug) return '';
  const crumbs = [`<li><a href="/dashboard">Projects</a></li>`];
  const overview = escape(projectPath(o.slug, undefined, o.environment));
  if (o.kind === 'project') crumbs.push(`<li><a href="${overview}" aria-current="page">${escape(o.slug)}</a></li>`);
  else crumbs.push(`<li><a href="${overview}">${escape(o.slug)}</a></li>`);
  return `<nav class="crumbs" aria-label="Breadcrumb"><ol>${crumbs.join('')}</ol></nav>`;
}

/** The person's menu in the header: who is signed in, their access tokens, their sign-in security, and Sign out. */
function accountMenu(o: PageOptions): string {
  const here = (kind: PageKind) => (o.kind === kind ? ' aria-current="page"' : '');
  const email = escape(o.user?.email ?? '');
  return `<nav class="account" aria-label="Your account"><span class="who" title="${email}">${email}</span><a href="/dashboard/tokens"${here('tokens')}>Access tokens</a><a href="/dashboard/security"${here('security')}>Security</a><button type="button" id="sign-out" class="secondary">Sign out</button></nav>`;
}

/**
 * The HTML of a page: no inline script or style (the Content-Security-Policy
 * allows this origin's files only). What the module needs travels in data
 * attributes: the page, the project and the session's CSRF token (the page is
 * never cached).
 */
export function dashboardPage(o: PageOptions): string {
  const data = [`data-page="${o.kind}"`];
  if (o.slug) data.push(`data-slug="${escape(o.slug)}"`);
  if (o.user) {
    data.push(`data-csrf="${escape(o.user.csrfToken)}"`, `data-email="${escape(o.user.email)}"`);
    if (o.user.admin) data.push('data-admin="true"');
  }
  if (o.signup) data.push(`data-signup="${o.signup}"`);
  if (o.invitation) data.push(`data-invitation="${escape(o.invitation)}"`);
  if (o.environment) data.push(`data-environment="${o.environment}"`);
  if (o.apiBaseUrl) data.push(`data-api-base="${escape(o.apiBaseUrl)}"`);
  if (o.sso) data.push(`data-sso="${escape(o.sso)}"`);
  if (o.traceUrl) data.push(`data-trace-url="${escape(o.traceUrl)}"`);
  if (o.setupRequired) data.push(`data-setup-required="${o.setupRequired}"`);
  const account = o.user ? accountMenu(o) : '';
  const body =
    o.kind === 'not-found'
      ? `<p>${escape(o.message ?? 'There is nothing at this address.')}</p><p><a href="/dashboard">Back to your projects</a></p>`
      : `<div id="content"><p class="loading">Loading…</p></div><noscript><p class="error">The dashboard needs JavaScript.</p></noscript>`;
  const css = o.kind === 'usage' ? '<link rel="stylesheet" href="/dashboard/assets/uPlot.min.css">\n' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(titleOf(o))} · Petstore dashboard</title>
<link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
${css}<script type="module" src="/dashboard/assets/dashboard.js"></script>
</head>
<body ${data.join(' ')}>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><div class="bar"><a class="brand" href="/dashboard">Petstore <span>dashboard</span></a>${account}</div></header>
<main id="main" tabindex="-1">
${breadcrumbs(o)}${headingOf(o)}
<p id="sign-out-error" class="error" role="alert" hidden></p>
<div id="status" class="visually-hidden" role="status" aria-live="polite"></div>
${body}
</main>
<footer class="foot"><p>Petstore ${escape(VERSION)} (the release) · API version ${escape(API_VERSION)} (the contract’s own, which changes only when the API does)</p></footer>
</body>
</html>
`;
}
