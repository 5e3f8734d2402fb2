import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { checkPage, DESKTOP, openSignedIn } from '../helpers/dashboard.js';
import { cliJson, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const skip = browserSkip();

describe(
  'the dashboard by role: a viewer, a developer of a protected project, and an owner, in Chromium against bin/petstore serve',
  { skip },
  () => {
    const db = tempDatabase('petstore-roles-');
    const people: Record<'owner' | 'developer' | 'viewer', { email: string; password: string }> = {
      owner: { email: 'owner@example.test', password: '' },
      developer: { email: 'dev@example.test', password: '' },
      viewer: { email: 'viewer@example.test', password: '' },
    };
    let server: RunningServer;
    let browser: Browser;
    let base: string;

    before(async () => {
      for (const [role, person] of Object.entries(people)) {
        person.password = (await cliJson<{ password: string }>(['users', 'create', person.email, '--json'], db.url)).password;
        if (role === 'owner') await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
        const added = await runCli(['projects', 'add-member', 'shop', person.email, '--role', role], db.url);
        assert.equal(added.code, 0, added.stderr);
      }
      await cliJson(['keys', 'create', '--project', 'shop', '--name', 'live site', '--json'], db.url);
      await cliJson(['projects', 'protect', 'shop', '--json'], db.url);
      server = await startServer({ DATABASE_URL: db.url });
      base = server.url;
      browser = await openBrowser({ viewport: DESKTOP });
    });
    after(async () => {
      await browser?.close();
      await server?.stop();
      db.cleanup();
    });

    async function as(role: keyof typeof people, path: string): Promise<void> {
      await browser.context.clearCookies();
      await openSignedIn(browser.page, `${base}/dashboard/projects/shop${path}`, people[role]);
    }

    test('a viewer sees their role and reads everything, with no form to change anything', async () => {
      const { page } = browser;
      await as('viewer', '/keys');
      assert.match(await page.locator('.role-line').innerText(), /Your role:\s*Viewer\s*Production protected/);
      assert.match(await page.locator('.key-list').innerText(), /live site/);
      assert.equal(await page.getByRole('button', { name: 'Create key' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^(Revoke|Roll)/ }).count(), 0);
      assert.match(await page.locator('#content').innerText(), /Your role is viewer: you can see/);
      await checkPage(browser, 'roles-viewer-keys');
      await as('viewer', '/members');
      assert.equal(await page.getByRole('button', { name: 'Invite' }).count(), 0);
      assert.equal(await page.locator('select').count(), 0, 'no role to change');
      assert.equal(await page.getByLabel('Only admins and owners change production').count(), 0);
      await as('viewer', '/deploys');
      assert.equal(await page.getByRole('button', { name: 'Deploy' }).count(), 0);
    });

    test('a developer of a protected project keeps staging and deploys previews, but is not offered production’s changes', async () => {
      const { page } = browser;
      await as('developer', '/keys');
      assert.match(await page.locator('.role-line').innerText(), /Your role:\s*Developer\s*Production protected/);
      assert.equal(await page.getByRole('button', { name: 'Create key' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^(Revoke|Roll)/ }).count(), 0);
      assert.match(await page.locator('#content').innerText(), /Production is protected: only admins and owners change/);
      await checkPage(browser, 'roles-developer-keys');
      await page.goto(`${base}/dashboard/projects/shop/keys?environment=staging`);
      await page.waitForFunction("!document.querySelector('#content .loading')");
      assert.equal(await page.getByRole('button', { name: 'Create key' }).count(), 1, 'staging is the developer’s');
      await as('developer', '/deploys');
      assert.match(await page.locator('#content').innerText(), /your deploys are previews/);
      assert.equal(await page.getByRole('button', { name: /^Promote/ }).count(), 0);
      await checkPage(browser, 'roles-developer-deploys');
    });

    test('an owner changes a role and sees protection on in the Members view', async () => {
      const { page } = browser;
      await as('owner', '/members');
      assert.equal(await page.getByLabel('Only admins and owners change production').isChecked(), true);
      const viewerRole = page.getByLabel(`Role of ${people.viewer.email}`);
      assert.equal(await viewerRole.inputValue(), 'viewer');
      await viewerRole.selectOption('developer');
      // The list is drawn again once the change is saved; the select then shows the new role.
      await page.waitForFunction("document.getElementById('role-viewer-example-test')?.value === 'developer'", null, { timeout: 10_000 });
      await checkPage(browser, 'roles-owner-members');
      const members = (await cliJson<{ email: string; role: string }[]>(['members', 'list', 'shop', '--json'], db.url)).map((m) => [
        m.email,
        m.role,
      ]);
      assert.deepEqual(members, [
        [people.owner.email, 'owner'],
        [people.developer.email, 'developer'],
        [people.viewer.email, 'developer'],
      ]);
    });
  },
);
