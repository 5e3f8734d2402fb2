import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { tarGz } from '../../../test/helpers/deploys.js';
import { harness, type Harness } from '../../../test/helpers/harness.js';
import { createPerson } from '../../../test/helpers/management.js';
import { createManagementClient, PetstoreError, PetstoreNetworkError, type ManagementClient } from '../src/index.js';

/**
 * Signs in and returns a fetch that sends the session instead of the bearer token:
 * the client's requests are the same, only the credential differs.
 */
async function sessionFetch(origin: string, email: string, password: string): Promise<typeof fetch> {
  const res = await fetch(`${origin}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    assert.match(headers.get('authorization') ?? '', /^Bearer pst_test$/);
    headers.delete('authorization');
    headers.set('cookie', cookie);
    headers.set('x-csrf-token', csrfToken);
    return fetch(input, { ...init, headers });
  };
}

const stream = (bytes: Buffer) => () => new Blob([bytes]).stream();

describe('createManagementClient against the real server', () => {
  let h: Harness;
  let origin: string;
  let client: ManagementClient;
  let viaSession: typeof fetch;
  before(async () => {
    h = await harness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${String((h.app.server.address() as AddressInfo).port)}`;
    const me = await createPerson(h.app, `admin-${randomBytes(4).toString('hex')}@example.test`, { admin: true });
    viaSession = await sessionFetch(origin, me.email, me.password);
    client = createManagementClient({ baseUrl: origin, token: 'pst_test', fetch: viaSession });
  });
  after(() => h.close());

  test('projects, a streamed deploy, its preview URL, the list, a rollback; errors carry the API code', async () => {
    const { project } = await h.newProject('pro');
    assert.equal((await client.getProject(project)).slug, project);
    assert.ok((await client.listProjects()).some((p) => p.slug === project));

    const one = await client.createDeploy(project, stream(await tarGz([{ name: 'index.html', content: 'one' }])));
    const two = await client.createDeploy(project, stream(await tarGz([{ name: 'index.html', content: 'two' }])));
    assert.deepEqual([one.status, two.live], ['ready', true]);
    assert.match(one.previewUrl ?? '', new RegExp(`^http://${project}--deploy-${String(one.number)}\\.localhost:\\d+/$`));
    const list = await client.listDeploys(project);
    assert.deepEqual(
      list.map((d) => [d.id, d.live]),
      [
        [two.id, true],
        [one.id, false],
      ],
    );
    assert.equal((await client.promoteDeploy(project, one.id)).live, true);

    const refused = await client
      .createDeploy(project, stream(await tarGz([{ name: 'about.html', content: 'x' }])))
      .catch((e: unknown) => e);
    assert.ok(refused instanceof PetstoreError);
    assert.deepEqual([refused.status, refused.code], [422, 'deploy_failed']);
    const missing = await client.getProject('no-such-project').catch((e: unknown) => e);
    assert.ok(missing instanceof PetstoreError);
    assert.deepEqual([missing.status, missing.code], [404, 'not_found']);
    const usage = await client.getUsage(project);
    assert.ok(usage);
  });

  test('createProject, keys with their project, and the audit log page by page', async () => {
    const slug = `own-${randomBytes(3).toString('hex')}`;
    const created = await client.createProject(slug);
    assert.deepEqual([created.slug, created.plan], [slug, 'free']);
    const keys = [];
    for (let i = 0; i < 4; i++) keys.push(await client.createApiKey(slug, { name: `k${String(i)}` }));
    assert.ok(keys.every((k) => k.project === slug));
    const listed = await client.listApiKeys(slug);
    assert.deepEqual(
      listed.map((k) => [k.id, k.project, k.bannedUntil]),
      keys.map((k) => [k.id, slug, null]),
    );

    const first = await client.listAuditEntries(slug, { limit: 2 });
    assert.equal(first.entries.length, 2);
    assert.ok(first.nextCursor, 'more entries follow');
    const all = [];
    for await (const e of client.allAuditEntries(slug, { pageSize: 2 })) all.push(e);
    assert.deepEqual(
      all.map((e) => [e.action, e.target]),
      [...keys.map((k) => ['key.create', k.id]).reverse(), ['project.create', slug]],
      'every entry once, newest first, across three pages',
    );
    assert.deepEqual(all.slice(0, 2), first.entries);
    const taken = await client.createProject(slug).catch((e: unknown) => e);
    assert.ok(taken instanceof PetstoreError);
    assert.deepEqual([taken.status, taken.code], [409, 'project_exists']);
  });

  test('webhook endpoints (the secret once) and the events page by page', async () => {
    const { project, auth } = await h.newProject();
    const created = await client.createWebhook(project, {
      url: 'https://hooks.example.test/in',
      events: ['pet.created'],
      description: 'ci',
    });
    assert.match(created.secret, /^whsec_/);
    const { secret, ...endpoint } = created;
    assert.deepEqual(await client.listWebhooks(project), [endpoint]);
    assert.equal(JSON.stringify(await client.listWebhooks(project)).includes(secret), false, 'the secret is shown once');
    const refused = await client.createWebhook(project, { url: 'https://127.0.0.1/in', events: ['*'] }).catch((e: unknown) => e);
    assert.ok(refused instanceof PetstoreError);
    assert.deepEqual([refused.status, refused.code], [400, 'validation_failed']);
    assert.deepEqual(await client.removeWebhook(project, created.id), endpoint);
    assert.deepEqual(await client.listWebhooks(project), []);
    const gone = await client.removeWebhook(project, created.id).catch((e: unknown) => e);
    assert.ok(gone instanceof PetstoreError);
    assert.deepEqual([gone.status, gone.code], [404, 'not_found']);

    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/pets', headers: auth, payload: { name, categoryId: 1 } });
      assert.equal(res.statusCode, 201, res.body);
    }
    const first = await client.listEvents(project, { type: 'pet.created', limit: 2 });
    assert.equal(first.events.length, 2);
    assert.ok(first.nextCursor, 'more events follow');
    const all = [];
    for await (const e of client.allEvents(project, { type: 'pet.created', pageSize: 2 })) all.push(e);
    assert.deepEqual(
      all.map((e) => (e.data as { name?: string }).name),
      ['e', 'd', 'c', 'b', 'a'],
      'every event once, newest first, across three pages',
    );
    assert.deepEqual(all.slice(0, 2), first.events);
    assert.deepEqual((await client.listEvents(project, { type: 'order.placed' })).events, []);
  });

  test('an upload cut by the network is sent again once, from a fresh stream', async () => {
    const { project } = await h.newProject('pro');
    const bytes = await tarGz([{ name: 'index.html', content: 'again' }]);
    let calls = 0;
    let streams = 0;
    const flaky: typeof fetch = (input, init) => {
      calls++;
      return calls === 1 ? Promise.reject(new TypeError('fetch failed')) : viaSession(input, init);
    };
    const retrying = createManagementClient({ baseUrl: `${origin}/api/v1`, token: 'pst_test', fetch: flaky, maxRetryDelayMs: 10 });
    const d = await retrying.createDeploy(project, () => {
      streams++;
      return new Blob([bytes]).stream();
    });
    assert.deepEqual([d.status, calls, streams], ['ready', 2, 2]);

    calls = 0;
    const down: typeof fetch = () => {
      calls++;
      return Promise.reject(new TypeError('fetch failed'));
    };
    const failing = createManagementClient({ baseUrl: origin, token: 'pst_test', fetch: down, maxRetryDelayMs: 10 });
    await assert.rejects(failing.createDeploy(project, stream(bytes)), PetstoreNetworkError);
    assert.equal(calls, 2, 'one upload, retried once');
  });

  test('a base URL that is not http(s) or a missing token is refused at once', () => {
    assert.throws(() => createManagementClient({ baseUrl: 'ftp://x', token: 't' }), TypeError);
    assert.throws(() => createManagementClient({ baseUrl: origin, token: '' }), TypeError);
  });
});

describe('createManagementClient against a server answering another shape', () => {
  const answering = (body: string, status = 200) =>
    createManagementClient({
      baseUrl: 'https://petstore.test',
      token: 'pst_x',
      maxRetries: 0,
      fetch: () =>
        Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' } })),
    });

  test('a success of another shape than the contract documents is PetstoreError unknown_error saying where it differs', async () => {
    const cases: [string, (c: ManagementClient) => Promise<unknown>, RegExp][] = [
      ['{}', (c) => c.listProjects(), /listProjects .*the answer is object, not array/],
      ['[{"slug":"a"}]', (c) => c.listProjects(), /the answer\[0\]\.plan is missing/],
      ['{"user":7,"token":null}', (c) => c.getCurrentUser(), /the answer\.user is number, not object/],
      ['null', (c) => c.getUsage('shop'), /the answer is null, not object/],
      ['[1]', (c) => c.listApiKeys('shop'), /the answer\[0\] is number, not object/],
      ['"text"', (c) => c.listEvents('shop'), /the answer is string, not array/],
    ];
    for (const [body, call, message] of cases) {
      await assert.rejects(call(answering(body)), (err: unknown) => {
        assert.ok(err instanceof PetstoreError, String(err));
        assert.equal(err.code, 'unknown_error');
        assert.equal(err.requestId, 'req_1');
        assert.match(err.message, message);
        return true;
      });
    }
  });

  test('an answer with more than the contract documents, and nullable fields null, is taken as it is', async () => {
    const project = {
      slug: 'a',
      plan: 'free',
      quota: { perMinute: 60, perDay: 1000 },
      liveDeploy: null,
      url: 'u',
      createdAt: 't',
      role: 'owner',
      productionProtected: false,
      extra: 1,
    };
    assert.deepEqual(await answering(JSON.stringify([project])).listProjects(), [project]);
  });
});
