import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { tarGz } from '../helpers/deploys.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { DomainError } from '../../src/errors/domain-error.js';
import { openAccountRepository } from '../../src/accounts/repository.js';
import { atLeast, ROLES, type Role } from '../../src/accounts/roles.js';
import { PERMISSIONS, permissionOf, roleNeeded } from '../../src/management/permissions.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const GZIP = { 'content-type': 'application/gzip' };

type Doc = { paths: Record<string, Record<string, { operationId: string }>> };

/** A request to one operation, made afresh for each call (what it consumes, a key to revoke, a member to remove, is new). */
interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

describeEachEngine('roles: one permission table decides every management route', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: true } });
  });
  after(() => h.close());

  /** A Pro project with an owner, and a person signed in for each role. */
  async function team() {
    const slug = uniqueSlug('roles');
    ok(await h.app.projects.create(OPERATOR, slug, 'pro'));
    const clients = {} as Record<Role, ManagementClient>;
    const people = {} as Record<Role, { email: string; password: string }>;
    for (const role of ROLES) {
      const person = await createPerson(h.app, email(role));
      ok(await h.app.accounts.addMember(OPERATOR, slug, person.email, role));
      const c = await ManagementClient.on(h.app);
      assert.equal((await c.signIn(person.email, person.password)).statusCode, 200);
      clients[role] = c;
      people[role] = person;
    }
    return { slug, clients, people };
  }

  const base = (slug: string) => `/api/v1/projects/${slug}`;

  /** For each operation that needs a role in a project, how to call it there with a valid request. */
  async function calls(slug: string, owner: ManagementClient): Promise<Record<string, () => Promise<Call>>> {
    const p = base(slug);
    const key = async () => ok(await h.app.keys.create(OPERATOR, slug, 'walk')).id;
    const webhook = async () => {
      const res = await owner.call({ method: 'POST', url: `${p}/webhooks`, payload: { url: 'http://127.0.0.1:9/hook', events: ['*'] } });
      assert.equal(res.statusCode, 201, res.body);
      return (res.json() as { id: string }).id;
    };
    const deployed = await owner.call({
      method: 'POST',
      url: `${p}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: 'x' }]),
      headers: GZIP,
    });
    assert.equal(deployed.statusCode, 201, deployed.body);
    const deployId = (deployed.json() as { id: string }).id;
    const standingWebhook = await webhook();
    // A delivery to retry: the test ping's, once its attempt is recorded (bounded: 10 s).
    assert.equal((await owner.call({ method: 'POST', url: `${p}/webhooks/${standingWebhook}/test` })).statusCode, 202);
    let deliveryId = '';
    for (let i = 0; i < 100 && !deliveryId; i++) {
      const list = (await owner.call({ url: `${p}/webhooks/${standingWebhook}/deliveries` })).json() as { id: string }[];
      deliveryId = list[0]?.id ?? '';
      if (!deliveryId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(deliveryId, 'the test ping was not delivered within 10 s');
    const spare = await createPerson(h.app, email('spare'));
    ok(await h.app.accounts.addMember(OPERATOR, slug, spare.email, 'viewer'));
    const member = async () => {
      const person = await createPerson(h.app, email('leaving'));
      ok(await h.app.accounts.addMember(OPERATOR, slug, person.email, 'viewer'));
      return encodeURIComponent(person.email);
    };
    const project = async () => ok(await h.app.projects.find(slug));
    return {
      getProject: async () => ({ url: p }),
      updateProject: async () => ({ url: p, payload: { productionProtected: (await project()).productionProtected } }),
      listMembers: async () => ({ url: `${p}/members` }),
      updateMember: async () => ({ url: `${p}/members/${encodeURIComponent(spare.email)}`, payload: { role: 'viewer' } }),
      removeMember: async () => ({ url: `${p}/members/${await member()}` }),
      createInvitation: async () => ({ url: `${p}/invitations`, payload: { email: email('invited') } }),
      listApiKeys: async () => ({ url: `${p}/keys` }),
      createApiKey: async () => ({ url: `${p}/keys`, payload: { name: 'walk' } }),
      rollApiKey: async () => ({ url: `${p}/keys/${await key()}/roll`, payload: {} }),
      revokeApiKey: async () => ({ url: `${p}/keys/${await key()}` }),
      listDeploys: async () => ({ url: `${p}/deploys` }),
      getDeploy: async () => ({ url: `${p}/deploys/${deployId}` }),
      createDeploy: async () => ({ url: `${p}/deploys`, payload: await tarGz([{ name: 'index.html', content: 'y' }]), headers: GZIP }),
      promoteDeploy: async () => ({ url: `${p}/deploys/${deployId}/promote` }),
      listDomains: async () => ({ url: `${p}/domains` }),
      getDomain: async () => ({ url: `${p}/domains/www.example.com` }),
      addDomain: async () => ({ url: `${p}/domains`, payload: { domain: `${uniqueSlug('d')}.example.com` } }),
      verifyDomain: async () => ({ url: `${p}/domains/www.example.com/verify` }),
      removeDomain: async () => ({ url: `${p}/domains/www.example.com` }),
      listRedirects: async () => ({ url: `${p}/redirects` }),
      addRedirect: async () => ({ url: `${p}/redirects`, payload: { from: 'a.example.com', to: 'b.example.com' } }),
      removeRedirect: async () => ({ url: `${p}/redirects/a.example.com` }),
      getUsage: async () => ({ url: `${p}/usage` }),
      getDeprecations: async () => ({ url: `${p}/deprecations` }),
      listRequests: async () => ({ url: `${p}/requests` }),
      listAuditEntries: async () => ({ url: `${p}/audit` }),
      listEvents: async () => ({ url: `${p}/events` }),
      listWebhooks: async () => ({ url: `${p}/webhooks` }),
      getWebhook: async () => ({ url: `${p}/webhooks/${standingWebhook}` }),
      getWebhookBudget: async () => ({ url: `${p}/webhook-budget` }),
      listWebhookDeliveries: async () => ({ url: `${p}/webhooks/${standingWebhook}/deliveries` }),
      getWebhookDelivery: async () => ({ url: `${p}/deliveries/${deliveryId}` }),
      createWebhook: async () => ({ url: `${p}/webhooks`, payload: { url: 'http://127.0.0.1:9/new', events: ['*'] } }),
      updateWebhook: async () => ({ url: `${p}/webhooks/${standingWebhook}`, payload: { enabled: true } }),
      deleteWebhook: async () => ({ url: `${p}/webhooks/${await webhook()}` }),
      testWebhook: async () => ({ url: `${p}/webhooks/${standingWebhook}/test` }),
      retryWebhookDelivery: async () => ({ url: `${p}/deliveries/${deliveryId}/retry` }),
      resetStaging: async () => ({ url: `${p}/staging/reset` }),
      copyPetsToStaging: async () => ({ url: `${p}/staging/copy-pets` }),
    };
  }

  /** The management operations of the served contract, by operationId: method and path. */
  async function contract(): Promise<Map<string, { method: string; path: string }>> {
    const doc = (await h.app.inject({ url: '/api/v1/openapi.json' })).json() as Doc;
    const ops = new Map<string, { method: string; path: string }>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) ops.set(op.operationId, { method: method.toUpperCase(), path });
    }
    return ops;
  }

  const projectOperations = Object.entries(PERMISSIONS)
    .filter(([, p]) => p.rule.who !== 'anyone' && p.rule.who !== 'person')
    .map(([op]) => op);

  test('every operation of the management contract has an entry in the table, and the table names no other', async () => {
    const ops = await contract();
    assert.deepEqual(
      [...ops.keys()].filter((op) => !permissionOf(op)),
      [],
    );
    assert.deepEqual(
      Object.keys(PERMISSIONS).filter((op) => !ops.has(op)),
      [],
    );
  });

  for (const protectedProduction of [false, true]) {
    test(`every project route × every role answers as the table says (production ${protectedProduction ? '' : 'not '}protected)`, async () => {
      const { slug, clients } = await team();
      if (protectedProduction) ok(await h.app.projects.setProductionProtected(OPERATOR, ok(await h.app.projects.find(slug)), true));
      const make = await calls(slug, clients.owner);
      const ops = await contract();
      assert.deepEqual(projectOperations.filter((op) => !(op in make)).sort(), [], 'operations the walk does not call');
      let refused = 0;
      for (const op of projectOperations) {
        const permission = permissionOf(op);
        const route = ops.get(op);
        assert.ok(permission && route, op);
        const needed = roleNeeded(permission, { environment: 'production', productionProtected: protectedProduction });
        for (const role of [...ROLES].reverse()) {
          const call = await (make[op] as () => Promise<Call>)();
          const res: LightMyRequestResponse = await clients[role].call({
            method: route.method as 'GET',
            url: call.url,
            payload: call.payload as string,
            headers: call.headers,
          });
          const body = res.body ? (JSON.parse(res.body) as { code?: string; message?: string }) : {};
          const what: string = `${role} ${route.method} ${call.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          assert.ok(res.statusCode < 500, what);
          if (needed !== null && !atLeast(role, needed)) {
            refused++;
            assert.equal(res.statusCode, 403, what);
            assert.equal(body.code, 'insufficient_role', what);
            assert.match(body.message ?? '', new RegExp(`role ${needed}\\b.*your role in this project is ${role}`), what);
          } else {
            assert.notEqual(body.code, 'insufficient_role', what);
            // Allowed: never refused for who asks (the walk's domain and redirect calls may be 404 or 400 on their own).
            assert.notEqual(res.statusCode, 403, what);
            if (route.method === 'GET' && !call.url.includes('/domains/')) {
              assert.equal(res.statusCode, 200, what);
            }
          }
        }
      }
      assert.ok(refused > 20, `only ${String(refused)} refusals`);
    });
  }

  test("another project's routes and resources are 404 for every role, as if they did not exist", async () => {
    const mine = await team();
    const theirs = await team();
    const make = await calls(theirs.slug, theirs.clients.owner);
    const ops = await contract();
    for (const op of projectOperations) {
      const route = ops.get(op);
      assert.ok(route, op);
      const call = await (make[op] as () => Promise<Call>)();
      for (const role of ROLES) {
        const res = await mine.clients[role].call({
          method: route.method as 'GET',
          url: call.url,
          payload: call.payload as string,
          headers: call.headers,
        });
        assert.equal(res.statusCode, 404, `${role} ${route.method} ${call.url}: ${res.body}`);
      }
    }
    // Their key and webhook named under my project: 404 as well, whatever the role.
    const theirKey = ok(await h.app.keys.create(OPERATOR, theirs.slug, 'theirs')).id;
    const hook = await theirs.clients.owner.call({
      method: 'POST',
      url: `${base(theirs.slug)}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/x', events: ['*'] },
    });
    const theirHook = (hook.json() as { id: string }).id;
    ok(await h.app.projects.setProductionProtected(OPERATOR, ok(await h.app.projects.find(mine.slug)), true));
    for (const role of ROLES) {
      const c = mine.clients[role];
      for (const [method, url] of [
        ['DELETE', `${base(mine.slug)}/keys/${theirKey}`],
        ['DELETE', `${base(mine.slug)}/webhooks/${theirHook}`],
        ['GET', `${base(mine.slug)}/webhooks/${theirHook}`],
      ] as const) {
        const res = await c.call({ method, url });
        assert.ok(res.statusCode === 404 || (res.statusCode === 403 && role === 'viewer'), `${role} ${method} ${url}: ${res.body}`);
      }
    }
  });

  test('a developer of a protected project works in staging, and deploys a preview that an admin promotes', async () => {
    const { slug, clients } = await team();
    const p = base(slug);
    const set = await clients.admin.call({ method: 'PATCH', url: p, payload: { productionProtected: true } });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().productionProtected, true);
    assert.equal(set.json().role, 'admin');
    const dev = clients.developer;
    const seen = (await dev.call({ url: p })).json();
    assert.equal(seen.role, 'developer');
    assert.equal(seen.productionProtected, true);
    const stagingKey = await dev.call({ method: 'POST', url: `${p}/keys`, payload: { environment: 'staging' } });
    assert.equal(stagingKey.statusCode, 201, stagingKey.body);
    const stagingId = (stagingKey.json() as { id: string }).id;
    assert.equal((await dev.call({ method: 'POST', url: `${p}/keys/${stagingId}/roll`, payload: {} })).statusCode, 201);
    assert.equal((await dev.call({ method: 'DELETE', url: `${p}/keys/${stagingId}` })).statusCode, 204);
    const hook = await dev.call({
      method: 'POST',
      url: `${p}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/s', events: ['*'], environment: 'staging' },
    });
    assert.equal(hook.statusCode, 201, hook.body);
    assert.equal((await dev.call({ method: 'DELETE', url: `${p}/webhooks/${(hook.json() as { id: string }).id}` })).statusCode, 200);
    const prodKey = await dev.call({ method: 'POST', url: `${p}/keys`, payload: {} });
    assert.equal(prodKey.statusCode, 403);
    assert.match(prodKey.json().message, /needs the role admin or higher; your role in this project is developer/);

    const first = await clients.admin.call({
      method: 'POST',
      url: `${p}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: 'one' }]),
      headers: GZIP,
    });
    assert.equal(first.json().live, true);
    const preview = await dev.call({
      method: 'POST',
      url: `${p}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: 'two' }]),
      headers: GZIP,
    });
    assert.equal(preview.statusCode, 201, preview.body);
    assert.equal(preview.json().live, false, 'a developer’s deploy is a preview');
    assert.equal((await dev.call({ url: p })).json().liveDeploy.id, first.json().id);
    assert.equal((await dev.call({ method: 'POST', url: `${p}/deploys/${preview.json().id}/promote` })).json().code, 'insufficient_role');
    const promoted = await clients.admin.call({ method: 'POST', url: `${p}/deploys/${preview.json().id}/promote` });
    assert.equal(promoted.statusCode, 200);
    assert.equal((await dev.call({ url: p })).json().liveDeploy.id, preview.json().id);

    // Protection off: the developer changes production again, and deploys go live.
    assert.equal(
      (await clients.developer.call({ method: 'PATCH', url: p, payload: { productionProtected: false } })).json().code,
      'insufficient_role',
    );
    assert.equal((await clients.owner.call({ method: 'PATCH', url: p, payload: { productionProtected: false } })).statusCode, 200);
    assert.equal((await dev.call({ method: 'POST', url: `${p}/keys`, payload: {} })).statusCode, 201);
    const live = await dev.call({
      method: 'POST',
      url: `${p}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: 'three' }]),
      headers: GZIP,
    });
    assert.equal(live.json().live, true);
    const audit = (
      (await clients.viewer.call({ url: `${p}/audit?limit=100` })).json() as { action: string; target: string; actor: { email?: string } }[]
    ).filter((e) => e.action === 'project.protection_change');
    assert.deepEqual(
      audit.map((e) => [e.action, e.target, e.actor.email]),
      [
        ['project.protection_change', `${slug}: off`, (await people(slug)).owner],
        ['project.protection_change', `${slug}: on`, (await people(slug)).admin],
      ],
    );
  });

  /** The emails of a team's members by role (one each). */
  async function people(slug: string): Promise<Record<string, string>> {
    const members = ok(await h.app.projects.find(slug));
    return Object.fromEntries((await h.app.accounts.members(members)).map((m) => [m.role, m.email]));
  }

  test('members: owners and admins change roles; an admin cannot make or change an owner; the last owner stays; each change is audited', async () => {
    const { slug, clients, people: who } = await team();
    const p = base(slug);
    const member = (e: string) => `${p}/members/${encodeURIComponent(e)}`;
    const list = (await clients.viewer.call({ url: `${p}/members` })).json() as { email: string; role: string }[];
    assert.deepEqual(
      list.map((m) => m.role),
      ['owner', 'admin', 'developer', 'viewer'],
    );

    const promote = await clients.admin.call({ method: 'PATCH', url: member(who.viewer.email), payload: { role: 'developer' } });
    assert.equal(promote.statusCode, 200, promote.body);
    assert.equal(promote.json().role, 'developer');
    const makeOwner = await clients.admin.call({ method: 'PATCH', url: member(who.developer.email), payload: { role: 'owner' } });
    assert.equal(makeOwner.statusCode, 403);
    assert.equal(makeOwner.json().code, 'insufficient_role');
    assert.match(makeOwner.json().message, /role owner; your role in this project is admin/);
    const demoteOwner = await clients.admin.call({ method: 'PATCH', url: member(who.owner.email), payload: { role: 'viewer' } });
    assert.equal(demoteOwner.json().code, 'insufficient_role');
    const removeOwner = await clients.admin.call({ method: 'DELETE', url: member(who.owner.email) });
    assert.equal(removeOwner.json().code, 'insufficient_role');
    const byDeveloper = await clients.developer.call({ method: 'PATCH', url: member(who.viewer.email), payload: { role: 'admin' } });
    assert.equal(byDeveloper.json().code, 'insufficient_role');

    const last = await clients.owner.call({ method: 'PATCH', url: member(who.owner.email), payload: { role: 'admin' } });
    assert.equal(last.statusCode, 409);
    assert.equal(last.json().code, 'last_owner');
    assert.equal((await clients.owner.call({ method: 'DELETE', url: member(who.owner.email) })).json().code, 'last_owner');
    const second = await clients.owner.call({ method: 'PATCH', url: member(who.admin.email), payload: { role: 'owner' } });
    assert.equal(second.json().role, 'owner');
    const stepDown = await clients.owner.call({ method: 'PATCH', url: member(who.owner.email), payload: { role: 'admin' } });
    assert.equal(stepDown.statusCode, 200, stepDown.body);
    assert.equal(stepDown.json().role, 'admin');

    const entries = ((await clients.viewer.call({ url: `${p}/audit?limit=100` })).json() as { action: string; target: string }[]).filter(
      (e) => e.action === 'member.role_change',
    );
    assert.deepEqual(entries.map((e) => e.target).reverse(), [
      `${who.viewer.email}: viewer -> developer`,
      `${who.admin.email}: admin -> owner`,
      `${who.owner.email}: owner -> admin`,
    ]);
  });

  test('invitations carry a role: developer by default; only an owner invites an owner', async () => {
    const { slug, clients } = await team();
    const p = base(slug);
    const refused = await clients.admin.call({ method: 'POST', url: `${p}/invitations`, payload: { email: email('boss'), role: 'owner' } });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'insufficient_role');
    for (const [inviter, role] of [
      ['admin', undefined],
      ['admin', 'viewer'],
      ['owner', 'owner'],
    ] as const) {
      const person = await createPerson(h.app, email('joiner'));
      const invited = await clients[inviter].call({
        method: 'POST',
        url: `${p}/invitations`,
        payload: role ? { email: person.email, role } : { email: person.email },
      });
      assert.equal(invited.statusCode, 201, invited.body);
      assert.equal(invited.json().role, role ?? 'developer');
      const token = String(invited.json().url).split('/').pop() ?? '';
      const c = await ManagementClient.on(h.app);
      await c.signIn(person.email, person.password);
      const accepted = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal(accepted.json().role, role ?? 'developer');
      assert.equal((await c.call({ url: p })).json().role, role ?? 'developer');
    }
  });

  test("an invitation carries its sender's authority: once an admin is demoted, their pending invitation admits no one (410)", async () => {
    const { slug, clients, people: who } = await team();
    const p = base(slug);
    const joiner = await createPerson(h.app, email('late'));
    const invited = await clients.admin.call({ method: 'POST', url: `${p}/invitations`, payload: { email: joiner.email, role: 'admin' } });
    assert.equal(invited.statusCode, 201, invited.body);
    const token = String(invited.json().url).split('/').pop() ?? '';
    const demoted = await clients.owner.call({
      method: 'PATCH',
      url: `${p}/members/${encodeURIComponent(who.admin.email)}`,
      payload: { role: 'viewer' },
    });
    assert.equal(demoted.statusCode, 200, demoted.body);
    const c = await ManagementClient.on(h.app);
    await c.signIn(joiner.email, joiner.password);
    const view = await c.call({ url: `/api/v1/invitations/${token}` });
    assert.equal(view.statusCode, 410, view.body);
    assert.equal(view.json().code, 'invitation_expired');
    assert.match(view.json().message, /withdrawn/);
    const accepted = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(accepted.statusCode, 410, accepted.body);
    assert.equal((await c.call({ url: p })).statusCode, 404, 'not a member');

    // The owner's invitation stays valid, and accepting one as a member already changes nothing and audits nothing.
    const again = await clients.owner.call({
      method: 'POST',
      url: `${p}/invitations`,
      payload: { email: who.developer.email, role: 'admin' },
    });
    const tokenAgain = String(again.json().url).split('/').pop() ?? '';
    const before = (await clients.owner.call({ url: `${p}/audit?limit=100` })).json() as { action: string }[];
    const dev = await ManagementClient.on(h.app);
    await dev.signIn(who.developer.email, who.developer.password);
    const acceptedAgain = await dev.call({ method: 'POST', url: `/api/v1/invitations/${tokenAgain}/accept`, payload: {} });
    assert.equal(acceptedAgain.statusCode, 200, acceptedAgain.body);
    assert.equal(acceptedAgain.json().role, 'developer', 'the role they had');
    const afterwards = (await clients.owner.call({ url: `${p}/audit?limit=100` })).json() as { action: string }[];
    assert.equal(afterwards.filter((e) => e.action === 'member.add').length, before.filter((e) => e.action === 'member.add').length);
  });

  test("a change decided on a member's role changes nothing once another change came first; the operator never removes the last owner", async () => {
    const { slug, people: who } = await team();
    const project = ok(await h.app.projects.find(slug));
    const developer = await h.app.accounts.findUser(who.developer.email);
    assert.ok(developer);
    // An admin decided to demote a developer; meanwhile an owner made them an owner.
    ok(await h.app.accounts.setRole(OPERATOR, 'owner', project, who.developer.email, 'owner'));
    const repo = openAccountRepository(h.app.storage.database);
    assert.equal(await repo.setRole(project.id, developer.id, 'viewer', 'developer'), 'role_changed');
    assert.equal(await repo.removeMemberKeepingAnOwner(project.id, developer.id, 'developer'), 'role_changed');
    assert.equal(await repo.roleOf(project.id, developer.id), 'owner', 'the owner stays an owner');
    // The service decides again on the role now: an admin may not demote an owner.
    const byAdmin = await h.app.accounts.setRole(OPERATOR, 'admin', project, who.developer.email, 'viewer');
    assert.ok(byAdmin instanceof DomainError && byAdmin.code === 'insufficient_role');

    ok(await h.app.accounts.removeMember(OPERATOR, slug, who.developer.email));
    const last = await h.app.accounts.removeMember(OPERATOR, slug, who.owner.email);
    assert.ok(last instanceof DomainError && last.code === 'last_owner', 'petstore projects remove-member keeps the last owner');
  });

  test('a change to a key or webhook found by id is refused naming the role its environment needs: admin in protected production', async () => {
    const { slug, clients } = await team();
    const p = base(slug);
    assert.equal((await clients.owner.call({ method: 'PATCH', url: p, payload: { productionProtected: true } })).statusCode, 200);
    const created = async (url: string, payload: unknown) => {
      const res = await clients.owner.call({ method: 'POST', url, payload: payload as string });
      assert.equal(res.statusCode, 201, res.body);
      return (res.json() as { id: string }).id;
    };
    const liveKey = await created(`${p}/keys`, {});
    const testKey = await created(`${p}/keys`, { environment: 'staging' });
    const liveHook = await created(`${p}/webhooks`, { url: 'http://127.0.0.1:9/live', events: ['*'] });
    const testHook = await created(`${p}/webhooks`, { url: 'http://127.0.0.1:9/test', events: ['*'], environment: 'staging' });
    const refusal = async (role: Role, method: 'POST' | 'DELETE', url: string) => {
      const res = await clients[role].call({ method, url, ...(method === 'POST' ? { payload: {} as unknown as string } : {}) });
      assert.equal(res.statusCode, 403, `${role} ${method} ${url}: ${res.body}`);
      assert.equal(res.json().code, 'insufficient_role');
      return res.json().message as string;
    };
    for (const role of ['viewer', 'developer'] as const) {
      for (const [method, url] of [
        ['DELETE', `${p}/keys/${liveKey}`],
        ['POST', `${p}/keys/${liveKey}/roll`],
        ['DELETE', `${p}/webhooks/${liveHook}`],
        ['POST', `${p}/webhooks/${liveHook}/test`],
      ] as const) {
        const message = await refusal(role, method, url);
        assert.match(
          message,
          /in protected production needs the role admin or higher; your role in this project is (viewer|developer)\./,
          url,
        );
      }
    }
    // Staging's: a viewer is told a developer may; a developer may.
    assert.match(
      await refusal('viewer', 'DELETE', `${p}/keys/${testKey}`),
      /needs the role developer or higher; your role in this project is viewer/,
    );
    assert.match(await refusal('viewer', 'DELETE', `${p}/webhooks/${testHook}`), /needs the role developer or higher/);
    assert.equal((await clients.developer.call({ method: 'DELETE', url: `${p}/webhooks/${testHook}` })).statusCode, 200);
    // An id of neither environment: a viewer (who may change nothing) is refused, others get the 404.
    assert.match(await refusal('viewer', 'DELETE', `${p}/keys/key_NoSuchKeyAtAll00`), /needs the role developer/);
    assert.equal((await clients.developer.call({ method: 'DELETE', url: `${p}/keys/key_NoSuchKeyAtAll00` })).statusCode, 404);
    assert.equal((await clients.admin.call({ method: 'DELETE', url: `${p}/webhooks/${testHook}` })).statusCode, 404);
  });

  test('two owners demoted or removed at the same moment: one owner always stays, the other is refused last_owner (409)', async () => {
    const rounds = 12;
    for (let i = 0; i < rounds; i++) {
      const slug = uniqueSlug('owners');
      ok(await h.app.projects.create(OPERATOR, slug, 'pro'));
      const [a, b] = [await createPerson(h.app, email('a')), await createPerson(h.app, email('b'))];
      for (const person of [a, b]) ok(await h.app.accounts.addMember(OPERATOR, slug, person.email, 'owner'));
      const project = ok(await h.app.projects.find(slug));
      // Each owner takes the other's ownership away, by a role change or a removal (both kinds, and one of each).
      const change = (who: string, how: number) =>
        how === 0
          ? h.app.accounts.setRole(OPERATOR, 'owner', project, who, 'admin')
          : h.app.accounts.removeMemberAs(OPERATOR, 'owner', project, who);
      const outcomes = await Promise.all([change(b.email, i % 2), change(a.email, Math.floor(i / 2) % 2)]);
      const refused = outcomes.filter((o) => o instanceof DomainError).map((o) => (o as DomainError).code);
      assert.deepEqual(refused, ['last_owner'], `round ${String(i)}: one change made, the other refused`);
      const owners = (await h.app.accounts.members(project)).filter((m) => m.role === 'owner');
      assert.equal(owners.length, 1, `round ${String(i)}: one owner stays`);
    }
  });

  test("access tokens act with the lesser of their scope and their person's role now: lowering the role lowers the token at once", async () => {
    const { slug, clients, people: who } = await team();
    const p = base(slug);
    const token = async (scope: 'read' | 'write') =>
      (
        (await clients.developer.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: scope, scope } })).json() as {
          token: string;
        }
      ).token;
    const write = await token('write');
    const read = await token('read');
    const anon = await ManagementClient.on(h.app);
    const asToken = (t: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      anon.call({ method, url, payload: payload as string, headers: { authorization: `Bearer ${t}` } });
    assert.equal((await asToken(write, 'GET', p)).json().role, 'developer');
    assert.equal((await asToken(read, 'GET', p)).json().role, 'viewer');
    assert.equal((await asToken(write, 'POST', `${p}/keys`, {})).statusCode, 201);
    const listed = (await asToken(read, 'GET', '/api/v1/projects')).json() as { slug: string; role: string }[];
    assert.equal(listed.find((x) => x.slug === slug)?.role, 'viewer');

    const lowered = await clients.owner.call({
      method: 'PATCH',
      url: `${p}/members/${encodeURIComponent(who.developer.email)}`,
      payload: { role: 'viewer' },
    });
    assert.equal(lowered.statusCode, 200);
    const after = await asToken(write, 'POST', `${p}/keys`, {});
    assert.equal(after.statusCode, 403);
    assert.equal(after.json().code, 'insufficient_role');
    assert.match(after.json().message, /your role in this project is viewer/);
    assert.equal((await asToken(write, 'GET', p)).json().role, 'viewer');
    const staging = await asToken(write, 'POST', `${p}/staging/reset`, {});
    assert.equal(staging.json().code, 'insufficient_role');
  });
});
