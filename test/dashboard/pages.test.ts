import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS } from '../../src/audit/repository.js';
import { BROWSER_DIR } from '../../src/dashboard/assets.js';
import { DASHBOARD_CSP, safeNext } from '../../src/dashboard/plugin.js';
import { API_VERSION, VERSION } from '../../src/version.js';
import { harness, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

describe('/dashboard pages and assets (no browser)', () => {
  let h: Harness;
  let cookie: string;
  let outsider: string;
  before(async () => {
    h = await harness();
    const admin = await createPerson(h.app, 'admin@example.test', { admin: true });
    const client = await ManagementClient.on(h.app);
    assert.equal((await client.signIn(admin.email, admin.password)).statusCode, 200);
    cookie = client.cookie ?? '';
    const person = await createPerson(h.app, 'person@example.test');
    const other = await ManagementClient.on(h.app);
    assert.equal((await other.signIn(person.email, person.password)).statusCode, 200);
    outsider = other.cookie ?? '';
  });
  after(() => h.close());

  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

  test('without a session every page sends the person to sign in, and back to where they were going', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/tokens',
      `/dashboard/projects/${h.project}`,
      `/dashboard/projects/${h.project}/domains?x=1`,
      `/dashboard/projects/${h.project}/activity`,
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 302, url);
      assert.equal(res.headers.location, `/dashboard/sign-in?next=${encodeURIComponent(url)}`);
    }
  });

  test('the sign-in page: strict CSP, no inline script or style, every file from /dashboard/assets, never cached', async () => {
    const res = await get('/dashboard/sign-in');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['content-security-policy'], DASHBOARD_CSP);
    assert.match(DASHBOARD_CSP, /script-src 'self';/);
    assert.doesNotMatch(DASHBOARD_CSP, /unsafe-inline|unsafe-eval|https?:/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.doesNotMatch(res.body, /<script>|<style|style="/, 'no inline script or style');
    const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    for (const ref of refs.filter((r) => !r.startsWith('#') && r !== '/dashboard')) assert.match(ref, /^\/dashboard\/assets\//, ref);
    assert.doesNotMatch(res.body, /data-csrf/, 'no session, no token');
    assert.ok(
      res.body.includes(
        `<footer class="foot"><p>Petstore ${VERSION} (the release) · API version ${API_VERSION} (the contract’s own, which changes only when the API does)</p></footer>`,
      ),
      'the release and the API’s own version in the footer, told apart',
    );
  });

  test('signed in: the page carries the CSRF token; the sign-in page forwards to a dashboard page only', async () => {
    const page = await get('/dashboard', { cookie });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /data-page="projects"/);
    assert.match(page.body, /data-csrf="[A-Za-z0-9_-]+"/);
    assert.equal(page.headers['cache-control'], 'no-store');
    const cases: [string, string][] = [
      [`/dashboard/projects/${h.project}/keys`, `/dashboard/projects/${h.project}/keys`],
      ['//evil.example/x', '/dashboard'],
      ['https://evil.example/dashboard', '/dashboard'],
      ['/dashboard//evil.example', '/dashboard'],
      ['/dashboard\\..\\x', '/dashboard'],
      ['/dashboardx', '/dashboard'],
      ['/dashboard/sign-in', '/dashboard'],
    ];
    for (const [next, expected] of cases) {
      const res = await get(`/dashboard/sign-in?next=${encodeURIComponent(next)}`, { cookie });
      assert.equal(res.statusCode, 302, next);
      assert.equal(res.headers.location, expected, next);
      assert.equal(safeNext(next), expected);
    }
  });

  test('each project page has its own URL; a project the person may not manage and an unknown tab are 404 pages', async () => {
    for (const tab of ['', '/domains', '/deploys', '/keys', '/usage', '/members', '/activity']) {
      const res = await get(`/dashboard/projects/${h.project}${tab}`, { cookie });
      assert.equal(res.statusCode, 200, tab);
      assert.match(res.body, new RegExp(`data-slug="${h.project}"`));
      for (const [href, name] of [
        ['domains', 'Domains'],
        ['deploys', 'Deploys'],
        ['keys', 'API keys'],
        ['usage', 'Usage'],
        ['members', 'Members'],
        ['activity', 'Activity'],
      ]) {
        assert.match(res.body, new RegExp(`href="/dashboard/projects/${h.project}/${href}"(?: aria-current="page")?>${name}</a>`));
      }
    }
    const current = await get(`/dashboard/projects/${h.project}/usage`, { cookie });
    assert.match(current.body, /href="[^"]+\/usage" aria-current="page">Usage</);
    for (const [url, who] of [
      [`/dashboard/projects/${h.project}`, outsider],
      ['/dashboard/projects/no-such-project/keys', cookie],
      [`/dashboard/projects/${h.project}/settings`, cookie],
      ['/dashboard/elsewhere', cookie],
    ] as const) {
      const res = await get(url, { cookie: who });
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['content-security-policy'], DASHBOARD_CSP);
      assert.match(res.body, /<h1[^>]*>Not found<\/h1>/);
    }
  });

  test('the Deprecations view has its own URL, follows the environment, and is linked from pages rather than the tabs', async () => {
    const res = await get(`/dashboard/projects/${h.project}/deprecations`, { cookie });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /data-page="deprecations"/);
    assert.match(res.body, /<title>Deprecations · /);
    assert.doesNotMatch(res.body, /<nav class="tabs"[^]*>Deprecations<\/a>[^]*<\/nav>/, 'not one of the tabs');
    const staging = await get(`/dashboard/projects/${h.project}/deprecations?environment=staging`, { cookie });
    assert.match(staging.body, /data-environment="staging"/);
    // The API base URL of the page's environment (the Keys tab's first call uses it): staging's, as its bar says.
    const apiBase = /data-api-base="([^"]+)"/.exec(staging.body)?.[1] ?? assert.fail('no data-api-base');
    assert.ok(staging.body.includes(`API base URL <code>${apiBase}</code>`), apiBase);
    assert.doesNotMatch(staging.body, /is shared by production and staging/, 'each environment has its own callers');
  });

  test('Activity has words for every action of the audit log', () => {
    const activity = readFileSync(join(BROWSER_DIR, 'activity.js'), 'utf8');
    for (const action of AUDIT_ACTIONS) assert.match(activity, new RegExp(`'${action.replace('.', '\\.')}': '[^']+'`), action);
  });

  test('the account menu links to Access tokens; sign-up and invitation pages are public and say whether sign-up is allowed', async () => {
    const projects = await get('/dashboard', { cookie });
    assert.match(
      projects.body,
      /<nav class="account" aria-label="Your account">[\s\S]*href="\/dashboard\/tokens">Access tokens<\/a>[\s\S]*>Sign out</,
    );
    const tokens = await get('/dashboard/tokens', { cookie });
    assert.equal(tokens.statusCode, 200);
    assert.match(tokens.body, /data-page="tokens"/);
    assert.match(tokens.body, /href="\/dashboard\/tokens" aria-current="page">Access tokens/);

    // SIGNUP is closed by default: the pages say so (the form is not offered).
    for (const url of ['/dashboard/sign-in', '/dashboard/sign-up']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /data-signup="closed"/, url);
      assert.equal(res.headers['content-security-policy'], DASHBOARD_CSP);
    }
    const signedIn = await get('/dashboard/sign-up?next=%2Fdashboard%2Ftokens', { cookie });
    assert.equal(signedIn.statusCode, 302);
    assert.equal(signedIn.headers.location, '/dashboard/tokens');
    assert.equal(safeNext('/dashboard/sign-up'), '/dashboard');

    // An invitation link opens without a session (the page reads the invitation); its token is escaped into the page.
    const invitation = await get('/dashboard/invitations/abc_DEF-123');
    assert.equal(invitation.statusCode, 200);
    assert.match(invitation.body, /data-page="invitation"/);
    assert.match(invitation.body, /data-invitation="abc_DEF-123"/);
    assert.doesNotMatch(invitation.body, /data-csrf/);
    const hostile = await get(`/dashboard/invitations/${encodeURIComponent('"><script>x</script>')}`);
    assert.doesNotMatch(hostile.body, /<script>x/);
    assert.equal((await get(`/dashboard/invitations/${'a'.repeat(300)}`)).statusCode, 404);
    const mine = await get('/dashboard/invitations/abc', { cookie });
    assert.match(mine.body, /data-csrf=/, 'signed in: the page can accept it');
  });

  test('assets: every file a page loads is served, revalidated by ETag, compressed when asked; nothing else is', async () => {
    const page = await get(`/dashboard/projects/${h.project}/usage`, { cookie });
    const refs = [...page.body.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    const modules = [
      'dashboard.js',
      'api.js',
      'dom.js',
      'sign-in.js',
      'projects.js',
      'project.js',
      'domains.js',
      'deploys.js',
      'keys.js',
      'usage.js',
      'members.js',
      'activity.js',
      'tokens.js',
      'sign-up.js',
      'invitation.js',
    ];
    let imports = 0;
    for (const url of [...refs, ...modules.map((m) => `/dashboard/assets/${m}`), '/dashboard/assets/uPlot.esm.js']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.ok(res.headers.etag, url);
      assert.equal(res.headers['cache-control'], 'public, max-age=0, must-revalidate');
      assert.equal((await get(url, { 'if-none-match': String(res.headers.etag) })).statusCode, 304, url);
      if (url.endsWith('.js')) {
        assert.match(String(res.headers['content-type']), /^text\/javascript/);
        // Every import is a relative path to a file served here: nothing is fetched from elsewhere.
        for (const m of res.body.matchAll(/^import\s[^;]*?from\s+'([^']+)'|\bimport\('([^']+)'\)/gm)) {
          const target = m[1] ?? m[2] ?? '';
          imports++;
          assert.match(target, /^\.\/[\w.-]+\.js$/, `${url} imports ${target}`);
          assert.equal((await get(`/dashboard/assets/${target.slice(2)}`)).statusCode, 200, target);
        }
      }
    }
    assert.ok(imports > modules.length, 'the imports were found');
    const zipped = await get('/dashboard/assets/uPlot.esm.js', { 'accept-encoding': 'gzip' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    for (const url of ['/dashboard/assets/package.json', '/dashboard/assets/..%2fplugin.ts', '/dashboard/assets/uPlot.cjs.js']) {
      assert.equal((await get(url)).statusCode, 404, url);
    }
  });
});
