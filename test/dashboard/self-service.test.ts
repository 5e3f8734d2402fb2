import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertNoLeaks, browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { checkPage, DESKTOP, focusedText, rendered } from '../helpers/dashboard.js';
import { tarGz } from '../helpers/deploys.js';
import { eventually } from '../helpers/domains.js';
import { startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();
const PLATFORM = 'platform.test';

/**
 * A newcomer's path with SIGNUP=open, nobody made by the operator: sign up, create a project,
 * invite a colleague who accepts in another browser, tokens for scripts, and the project's activity.
 */
describe('self-service in the dashboard, in Chromium, against bin/petstore serve (SIGNUP=open)', { skip }, () => {
  const db = tempDatabase('petstore-self-service-');
  const owner = { email: 'owner@example.test', password: 'correct horse battery staple' };
  const friend = { email: 'friend@example.test', password: 'another long passphrase' };
  const slug = 'garden';
  let server: RunningServer;
  let browser: Browser;
  let second: Browser | undefined;
  let base: string;
  let invitationPath: string;
  let writeToken: string;

  before(async () => {
    server = await startServer({ DATABASE_URL: db.url, PLATFORM_HOST: PLATFORM, SIGNUP: 'open' });
    base = server.url;
    browser = await openBrowser({ viewport: DESKTOP });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  });
  after(async () => {
    await second?.close();
    await browser?.close();
    await server?.stop();
    db.cleanup();
  });

  const bearer = (token: string, method = 'GET', body?: unknown) => ({
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  async function call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> | null }> {
    const res = await fetch(`${base}/api/v1${path}`, init);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  test('sign up: the sign-in page offers it; the password needs 12 characters; the new person lands on an empty projects page', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard`);
    assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
    await rendered(page);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/sign-up');
    await rendered(page);
    await checkPage(browser, 'sign-up');

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('too short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '12 characters' });
    await alert.waitFor();
    assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true');
    await checkPage(browser, 'sign-up-weak-password');

    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await rendered(page);
    assert.match(await page.locator('header').innerText(), new RegExp(owner.email));
    assert.match(await page.locator('#content').innerText(), /You have no projects yet/);
    await checkPage(browser, 'projects-empty');
    assertNoLeaks(browser);
  });

  test('New project opens a form; a reserved slug is refused in words; Create project leads to the new project’s overview', async () => {
    const { page } = browser;
    const open = page.getByRole('button', { name: 'New project' });
    await open.click();
    assert.equal(await open.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.evaluate("document.activeElement?.getAttribute('name')"), 'slug', 'focus in the name field');
    await page.getByLabel('Project name').fill('bad--name');
    await page.getByRole('button', { name: 'Create project' }).click();
    const refused = page.getByRole('alert').filter({ hasText: /--|slug|name/ });
    await refused.waitFor();
    assert.equal(await page.getByLabel('Project name').getAttribute('aria-invalid'), 'true');
    await checkPage(browser, 'new-project-refused');

    await page.getByLabel('Project name').fill(slug);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(`${base}/dashboard/projects/${slug}`);
    await rendered(page);
    const main = await page.locator('main').innerText();
    assert.match(main, /Plan\s+free/);
    assert.match(main, /Live deploy\s+None yet/);
    assert.match(main, /No custom domains/);
    assert.match(main, /This month \(UTC\)\s+0 requests/);
    await checkPage(browser, 'overview-new');
    assertNoLeaks(browser);
  });

  test('Members: Invite shows the one-time link with a copy button; the invited person signs up through it in another browser and sees the project', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/projects/${slug}/members`);
    await rendered(page);
    const people = page.getByRole('table', { name: 'Members of this project' });
    assert.equal(await people.getByLabel(`Role of ${owner.email}`).inputValue(), 'owner');
    await checkPage(browser, 'members');

    await page.getByLabel('Email').fill(friend.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const panel = page.getByRole('region', { name: 'The invitation link' });
    await panel.waitFor();
    const link = (await panel.locator('code').innerText()).trim();
    assert.match(link, /\/dashboard\/invitations\/[\w-]+$/);
    await panel.getByRole('button', { name: 'Copy the invitation link' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), link, 'the copy button copied the link');
    await checkPage(browser, 'members-invited');
    invitationPath = new URL(link).pathname;

    // The colleague, in a browser of their own (no cookie of the owner's).
    second = await openBrowser({ viewport: DESKTOP });
    const other = second.page;
    await other.goto(`${base}${invitationPath}`);
    await rendered(other);
    assert.match(await other.locator('#content').innerText(), new RegExp(`invited to the project ${slug} as ${friend.email}`));
    assert.equal(await other.getByLabel('Email').inputValue(), friend.email, 'the invited email, filled in');
    await checkPage(second, 'invitation');
    await other.getByLabel('Password').fill(friend.password);
    await other.getByRole('button', { name: 'Sign up' }).click();
    await other.waitForURL(`${base}/dashboard/projects/${slug}`, { timeout: 30_000 });
    await rendered(other);
    await other.goto(`${base}/dashboard`);
    await rendered(other);
    assert.deepEqual(await other.getByRole('list', { name: 'Your projects' }).getByRole('heading').allInnerTexts(), [slug]);

    // A member sees the people but neither Invite nor Remove.
    await other.goto(`${base}/dashboard/projects/${slug}/members`);
    await rendered(other);
    assert.match(await other.locator('#content').innerText(), /Admins and owners of this project invite people/);
    assert.equal(await other.getByRole('button', { name: 'Invite' }).count(), 0);
    assert.equal(await other.getByRole('button', { name: /^Remove/ }).count(), 0);
    await checkPage(second, 'members-as-member');

    // The link worked once: opened again, it says so.
    const again = await openBrowser({ viewport: DESKTOP });
    try {
      await again.page.goto(`${base}${invitationPath}`);
      await rendered(again.page);
      await again.page.getByRole('alert').waitFor();
      assert.match(await again.page.getByRole('alert').innerText(), /used|no longer|invitation/i);
      await checkPage(again, 'invitation-used');
      assertNoLeaks(again);
    } finally {
      await again.close();
    }

    await page.reload();
    await rendered(page);
    assert.equal(await people.getByLabel(`Role of ${friend.email}`).inputValue(), 'developer', 'invited with the default role');
    assertNoLeaks(browser);
    assertNoLeaks(second);
  });

  test('Access tokens (the account menu): Create token shows the secret once with copy; a read token cannot write; Revoke asks in a dialog and the token is refused', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Access tokens', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/tokens`);
    await rendered(page);
    assert.match(await page.locator('#content').innerText(), /no access tokens yet/);
    await checkPage(browser, 'tokens-empty');

    // A read-only token for the one project, for 30 days.
    await page.getByLabel('Token name').fill('dashboard reader');
    await page.getByLabel('Read only').check();
    await page.getByLabel('Only the projects chosen below').check();
    await page.getByLabel(slug, { exact: true }).check();
    await page.getByLabel('Expires after').selectOption('30');
    await page.getByRole('button', { name: 'Create token' }).click();
    const panel = page.getByRole('region', { name: 'Your new token' });
    await panel.waitFor();
    const secret = (await panel.locator('code.secret').innerText()).trim();
    assert.match(secret, /^pst_/);
    assert.match(await panel.innerText(), /only time the token is shown[\s\S]*Read only, for garden, until/);
    assert.equal(await focusedText(page, 'Your new token: dashboard reader'), 'Your new token: dashboard reader');
    await panel.getByRole('button', { name: 'Copy the new token' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), secret);
    await checkPage(browser, 'tokens-created');

    assert.equal((await call(`/projects/${slug}`, bearer(secret))).status, 200, 'the token reads');
    const write = await call(`/projects/${slug}/keys`, bearer(secret, 'POST', {}));
    assert.equal(write.status, 403);
    assert.equal(write.body?.code, 'insufficient_scope');

    const rows = page.getByRole('table', { name: 'Your access tokens' }).getByRole('row');
    const row = rows.filter({ hasText: 'dashboard reader' });
    assert.match(await row.innerText(), /Read only[\s\S]*garden[\s\S]*Last used/);
    // Never kept: not in storage, and gone after a reload.
    const stored = await page.evaluate<string>('JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie])');
    assert.doesNotMatch(stored, new RegExp(secret));
    await page.reload();
    await rendered(page);
    assert.doesNotMatch(await page.content(), new RegExp(secret));

    await row.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Revoke token “dashboard reader”/);
    await checkPage(browser, 'tokens-revoke-dialog');
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'dashboard reader' }).filter({ hasText: 'Revoked' }).waitFor();
    assert.equal(await focusedText(page, 'Your tokens'), 'Your tokens', 'focus lands on the list');
    await eventually('the revoked token refused', 5000, async () => {
      const answer = await call(`/projects/${slug}`, bearer(secret));
      return answer.status === 401 && answer.body?.code === 'invalid_token';
    });

    // A write token, kept for the next test: a script deploys the site with it.
    await page.getByLabel('Token name').fill('deploy script');
    await page.getByRole('button', { name: 'Create token' }).click();
    await panel.waitFor();
    writeToken = (await panel.locator('code.secret').innerText()).trim();
    await checkPage(browser, 'tokens-list');
    assertNoLeaks(browser);
  });

  test('Activity lists each change, newest first, with who made it (a person or a token), a page at a time', async () => {
    const archive = await tarGz([{ name: 'index.html', content: '<h1>garden</h1>' }]);
    const deploy = await fetch(`${base}/api/v1/projects/${slug}/deploys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writeToken}`, 'content-type': 'application/gzip' },
      body: archive,
    });
    await deploy.arrayBuffer();
    assert.equal(deploy.status, 201, 'the write token deploys, with no CSRF token');
    // More changes than a page holds: keys made by the script.
    for (let i = 0; i < 25; i++)
      assert.equal((await call(`/projects/${slug}/keys`, bearer(writeToken, 'POST', { name: `key ${String(i)}` }))).status, 201);

    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/${slug}`);
    await rendered(page);
    // The overview now has the live deploy and its site link.
    assert.match(await page.locator('main').innerText(), /Live deploy\s+#\d+, uploaded/);
    assert.equal(await page.getByRole('link', { name: new RegExp(`^http://${slug}\\.${PLATFORM.replace('.', '\\.')}`) }).count(), 1);
    await checkPage(browser, 'overview-deployed');

    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/projects/${slug}/activity`);
    await rendered(page);
    const table = page.getByRole('table', { name: 'Activity of this project' });
    const first = await table.getByRole('row').nth(1).innerText();
    assert.match(first, /Created an API key “key 24”/, 'newest first, the key by its name');
    assert.match(first, /with access token “deploy script”/, 'the token is the actor');
    await checkPage(browser, 'activity');
    const before = await table.getByRole('row').count();
    const older = page.getByRole('button', { name: 'Show older' });
    for (let pages = 1; await older.isVisible(); pages++) {
      assert.ok(pages < 5, 'the pages end');
      const shown = await table.getByRole('row').count();
      await older.click();
      // While it loads the button says "Loading…"; then the older rows are there and it is back (or gone, on the last page).
      await eventually('an older page', 10_000, async () => (await table.getByRole('row').count()) > shown);
      await page.waitForFunction("![...document.querySelectorAll('button')].some((b) => b.textContent === 'Loading…')");
    }
    const all = await table.innerText();
    assert.ok((await table.getByRole('row').count()) > before, 'Show older added rows');
    for (const action of ['Created the project', 'Invited a person', 'Added a member', 'Uploaded a deploy', 'Created an API key'])
      assert.match(all, new RegExp(action));
    assert.match(all, new RegExp(`Created the project[\\s\\S]*${slug}`));
    assert.match(all, new RegExp(owner.email));
    assertNoLeaks(browser);
  });

  test('an owner removes a member in a dialog; the member loses the project at once; invited again, they accept while signed in', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard/projects/${slug}/members`);
    await rendered(page);
    await page.getByRole('button', { name: `Remove ${friend.email}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${friend.email} from ${slug}?` });
    await dialog.waitFor();
    await checkPage(browser, 'members-remove-dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Members of this project' })
      .getByRole('row')
      .filter({ hasText: friend.email })
      .waitFor({ state: 'detached' });

    const other = (second as Browser).page;
    const gone = await other.goto(`${base}/dashboard/projects/${slug}`);
    assert.equal(gone?.status(), 404);

    // Invited again, the signed-in colleague accepts with one button and is back in the project.
    await page.getByLabel('Email').fill(friend.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = (await page.getByRole('region', { name: 'The invitation link' }).locator('code').innerText()).trim();
    await other.goto(`${base}${new URL(link).pathname}`);
    await rendered(other);
    assert.match(await other.locator('#content').innerText(), new RegExp(`invited to the project ${slug} as ${friend.email}`));
    await checkPage(second as Browser, 'invitation-signed-in');
    await other.getByRole('button', { name: 'Accept invitation' }).click();
    await other.waitForURL(`${base}/dashboard/projects/${slug}`);
    await rendered(other);
    assert.match(await other.locator('main').innerText(), /Overview/);
    await page.goto(`${base}/dashboard/projects/${slug}/activity`);
    await rendered(page);
    // Newest first: the acceptance, the second invitation, the removal.
    assert.match(
      await page.getByRole('table', { name: 'Activity of this project' }).innerText(),
      new RegExp(
        `Change\\tBy whom, when\\s+Added a member ${friend.email}[\\s\\S]*?Invited a person ${friend.email}[\\s\\S]*?Removed a member ${friend.email}`,
      ),
    );
    assertNoLeaks(browser);
  });
});
