import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { browserSkip, openBrowser, type Browser } from '../helpers/browser.js';
import { apiFromPage, checkPage, DESKTOP, openSignedIn } from '../helpers/dashboard.js';
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
      mkdirSync(join(db.dir, 'site'));
      writeFileSync(join(db.dir, 'site', 'index.html'), '<h1>shop</h1>');
      const deployed = await runCli(['deploy', 'shop', join(db.dir, 'site')], db.url);
      assert.equal(deployed.code, 0, deployed.stderr);
      server = await startServer({ DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: 'true' });
      base = server.url;
      browser = await openBrowser({ viewport: DESKTOP });
      // What the other roles are shown: two domains with a redirect, and a webhook endpoint, added by the owner.
      await openSignedIn(browser.page, `${base}/dashboard/projects/shop`, people.owner);
      for (const [method, path, body] of [
        ['POST', '/projects/shop/domains', { domain: 'shop.example.test' }],
        ['POST', '/projects/shop/domains', { domain: 'www.shop.example.test' }],
        ['POST', '/projects/shop/redirects', { from: 'shop.example.test', to: 'www.shop.example.test' }],
        ['POST', '/projects/shop/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] }],
      ] as const) {
        const answer = await apiFromPage(browser.page, method, path, body);
        assert.equal(answer.status, 201, `${path}: ${JSON.stringify(answer.body)}`);
      }
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

    /** The buttons and forms that change domains, redirects, webhooks or staging's data, by name, with how many there are. */
    async function changes(): Promise<Record<string, number>> {
      const { page } = browser;
      const names = {
        'Add domain': /^Add domain$/,
        Verify: /^(Verify|Re-verify)$/,
        'More actions': /More actions/,
        'Add redirect': /^Add redirect$/,
        'Delete redirect': /^Delete the redirect/,
        'Add webhook': /^Add webhook$/,
        'Send test event': /^Send test event/,
        'Remove webhook': /^Remove /,
        'Reset staging': /^Reset staging$/,
        'Copy production pets': /^Copy production pets$/,
      };
      const counts: Record<string, number> = {};
      for (const [name, pattern] of Object.entries(names)) {
        const n = await page.getByRole('button', { name: pattern }).count();
        if (n > 0) counts[name] = n;
      }
      return counts;
    }

    test('a viewer reads domains, redirects, webhooks and staging, and is offered none of their changes', async () => {
      const { page } = browser;
      await as('viewer', '/domains');
      const domains = await page.locator('#content').innerText();
      assert.match(domains, /www\.shop\.example\.test/);
      assert.match(domains, /Your role is viewer: you can see custom domains and redirects but not change them\. Admins and owners can\./);
      assert.deepEqual(await changes(), {});
      assert.equal(await page.locator('#content select').count(), 0, 'no redirect form');
      await checkPage(browser, 'roles-viewer-domains');
      await as('viewer', '/webhooks');
      assert.match(await page.locator('#content').innerText(), /127\.0\.0\.1:9\/hook/);
      assert.match(await page.locator('#content').innerText(), /Your role is viewer: you can see this environment’s webhooks/);
      assert.deepEqual(await changes(), {});
      assert.equal(await page.getByRole('button', { name: /^Deliveries/ }).count(), 1, 'deliveries are read');
      await checkPage(browser, 'roles-viewer-webhooks');
      await as('viewer', '/webhooks?environment=staging');
      assert.match(await page.locator('#content').innerText(), /Developers, admins and owners can\./);
      assert.deepEqual(await changes(), {});
      await as('viewer', '?environment=staging');
      assert.match(
        await page.locator('#content').innerText(),
        /Staging data[\s\S]*Your role is viewer: you can see staging’s pets and orders/,
      );
      assert.deepEqual(await changes(), {});
      await checkPage(browser, 'roles-viewer-staging');
    });

    test('a developer of a protected project reads production’s domains and webhooks, and changes staging’s', async () => {
      const { page } = browser;
      await as('developer', '/domains');
      assert.match(await page.locator('#content').innerText(), /Production is protected: only admins and owners change custom domains/);
      assert.deepEqual(await changes(), {});
      await checkPage(browser, 'roles-developer-domains');
      await as('developer', '/webhooks');
      assert.match(
        await page.locator('#content').innerText(),
        /Production is protected: only admins and owners change this environment’s webhooks/,
      );
      assert.deepEqual(await changes(), {});
      await checkPage(browser, 'roles-developer-webhooks');
      await as('developer', '/webhooks?environment=staging');
      assert.deepEqual(await changes(), { 'Add webhook': 1 }, 'staging’s webhooks are the developer’s');
      await as('developer', '?environment=staging');
      assert.deepEqual(await changes(), { 'Reset staging': 1, 'Copy production pets': 1 });
      assert.doesNotMatch(await page.locator('#content').innerText(), /Your role is/);
    });

    test('an owner is offered every change of domains and webhooks in protected production', async () => {
      await as('owner', '/domains');
      assert.deepEqual(await changes(), { 'Add domain': 1, Verify: 2, 'More actions': 2, 'Add redirect': 1, 'Delete redirect': 1 });
      await as('owner', '/webhooks');
      assert.deepEqual(await changes(), { 'Add webhook': 1, 'Send test event': 1, 'Remove webhook': 1 });
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
