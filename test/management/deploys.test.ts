import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { tarGz } from '../helpers/deploys.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const site = (title: string) => tarGz([{ name: 'index.html', content: `<h1>${title}</h1>` }]);
const GZIP = { 'content-type': 'application/gzip' };

describeEachEngine('management API: deploys', () => {
  let h: Harness;
  let admin: ManagementClient;
  before(async () => {
    h = await harness({ config: { deployMaxBytes: 64 * 1024 } });
    const me = await createPerson(h.app, email('admin'), { admin: true });
    admin = await ManagementClient.on(h.app);
    assert.equal((await admin.signIn(me.email, me.password)).statusCode, 200);
  });
  after(() => h.close());

  const upload = (slug: string, payload: Buffer | Readable, headers: Record<string, string> = GZIP, client = admin) =>
    client.call({ method: 'POST', url: `/api/v1/projects/${slug}/deploys`, payload, headers });

  test('an uploaded .tar.gz goes live at once; the project shows it and its site serves it', async () => {
    const { project } = await h.newProject('pro');
    const res = await upload(project, await site('first'));
    assert.equal(res.statusCode, 201, res.body);
    const deploy = res.json();
    assert.equal(deploy.status, 'ready');
    assert.equal(deploy.live, true);
    assert.equal(deploy.files, 1);
    assert.equal(res.headers.location, `/api/v1/projects/${project}/deploys/${String(deploy.id)}`);

    const shown = await admin.call({ url: `/api/v1/projects/${project}` });
    assert.deepEqual(shown.json().liveDeploy, { id: deploy.id, number: deploy.number, createdAt: deploy.createdAt });
    const one = await admin.call({ url: `/api/v1/projects/${project}/deploys/${String(deploy.id)}` });
    assert.deepEqual(one.json(), deploy);

    const served = await h.app.inject({ url: '/', headers: { host: `${project}.${h.app.config.platformHost}` } });
    assert.equal(served.statusCode, 200);
    assert.equal(served.body, '<h1>first</h1>');
  });

  test('a project with no deploy shows liveDeploy null', async () => {
    const { project } = await h.newProject('free');
    assert.equal((await admin.call({ url: `/api/v1/projects/${project}` })).json().liveDeploy, null);
  });

  test('each invalid upload is 422 deploy_failed with its reason, kept in the history, and the site is unchanged', async () => {
    const { project } = await h.newProject('pro');
    assert.equal((await upload(project, await site('good'))).statusCode, 201);
    const cases: [string, Buffer][] = [
      ['missing_index', await tarGz([{ name: 'about.html', content: 'x' }])],
      [
        'invalid_path',
        await tarGz([
          { name: 'index.html', content: 'x' },
          { name: '../escape.html', content: 'x' },
        ]),
      ],
      ['invalid_archive', gzipSync(Buffer.from('this is not a tar archive, only text'.repeat(20)))],
      ['invalid_archive', Buffer.from('not even gzip')],
      ['too_large', await tarGz([{ name: 'index.html', content: randomBytes(80 * 1024).toString('hex') }])],
    ];
    for (const [reason, body] of cases) {
      const res = await upload(project, body);
      assert.equal(res.statusCode, 422, `${reason}: ${res.body}`);
      const error = res.json();
      assert.equal(error.code, 'deploy_failed');
      assert.match(error.message, new RegExp(`\\(${reason}: `));
      assert.match(error.message, /still serves the previous deploy/);
    }
    const list = (await admin.call({ url: `/api/v1/projects/${project}/deploys` })).json() as {
      status: string;
      reason?: string;
      live: boolean;
    }[];
    assert.deepEqual(
      list.map((d) => d.reason ?? d.status),
      ['too_large', 'invalid_archive', 'invalid_archive', 'invalid_path', 'missing_index', 'ready'],
      'newest first, each failure with its reason',
    );
    assert.deepEqual(
      list.map((d) => d.live),
      [false, false, false, false, false, true],
    );
    const served = await h.app.inject({ url: '/', headers: { host: `${project}.${h.app.config.platformHost}` } });
    assert.equal(served.body, '<h1>good</h1>');
  });

  test('an upload refused before its end is answered at once and the connection is closed', async () => {
    const { project } = await h.newProject('pro');
    let sent = 0;
    // An endless stream of incompressible bytes: the reader must stop at the size bound, not wait for the end.
    const endless = new Readable({
      read() {
        sent += 16 * 1024;
        this.push(sent > 64 * 1024 * 1024 ? null : randomBytes(16 * 1024));
      },
    });
    const res = await upload(project, endless);
    assert.ok([422].includes(res.statusCode), res.body);
    assert.equal(res.headers.connection, 'close');
    assert.ok(sent < 8 * 1024 * 1024, `stopped reading after ${String(sent)} bytes`);
  });

  test('a body that is not an archive is 415, saying how to send one', async () => {
    const { project } = await h.newProject('pro');
    const json = await upload(project, Buffer.from('{}'), { 'content-type': 'application/json' });
    assert.equal(json.statusCode, 415);
    assert.match(json.json().message, /application\/gzip/);
    const text = await upload(project, Buffer.from('hello'), { 'content-type': 'text/plain' });
    assert.equal(text.statusCode, 415);
    const none = await admin.call({ method: 'POST', url: `/api/v1/projects/${project}/deploys` });
    assert.equal(none.statusCode, 415);
  });

  test('promote makes an earlier deploy live again (a rollback); a failed deploy cannot go live', async () => {
    const { project } = await h.newProject('pro');
    const first = (await upload(project, await site('one'))).json();
    const second = (await upload(project, await site('two'))).json();
    const failed = await upload(project, await tarGz([{ name: 'x.txt', content: 'x' }]));
    const failedId = (/Deploy (\d+) /.exec(failed.json().message) ?? [])[1] ?? '';
    assert.match(failed.json().message, new RegExp(`^Deploy ${failedId} \\(#3\\) of "${project}" failed`));
    const host = { host: `${project}.${h.app.config.platformHost}` };
    assert.equal((await h.app.inject({ url: '/', headers: host })).body, '<h1>two</h1>');

    const back = await admin.call({ method: 'POST', url: `/api/v1/projects/${project}/deploys/${String(first.id)}/promote` });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json().live, true);
    assert.equal((await h.app.inject({ url: '/', headers: host })).body, '<h1>one</h1>');
    const list = (await admin.call({ url: `/api/v1/projects/${project}/deploys` })).json() as { id: string; live: boolean }[];
    assert.deepEqual(
      list.filter((d) => d.live).map((d) => d.id),
      [first.id],
    );

    const refused = await admin.call({ method: 'POST', url: `/api/v1/projects/${project}/deploys/${failedId}/promote` });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /only a ready deploy can go live/);
    const missing = await admin.call({ method: 'POST', url: `/api/v1/projects/${project}/deploys/999999/promote` });
    assert.equal(missing.statusCode, 404);
    assert.notEqual(second.id, first.id);
  });

  test('without the CSRF token nothing is uploaded or promoted (403 csrf_failed)', async () => {
    const { project } = await h.newProject('pro');
    const res = await admin.call({
      method: 'POST',
      url: `/api/v1/projects/${project}/deploys`,
      payload: await site('x'),
      headers: GZIP,
      csrf: false,
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'csrf_failed');
    assert.deepEqual((await admin.call({ url: `/api/v1/projects/${project}/deploys` })).json(), []);
  });

  test("a member of project A gets 404 for project B's deploys, as for a project that does not exist", async () => {
    const a = await h.newProject('pro');
    const b = await h.newProject('pro');
    const bDeploy = (await upload(b.project, await site('b'))).json();
    const member = await createPerson(h.app, email('member'));
    await h.app.accounts.addMember(OPERATOR, a.project, member.email);
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(member.email, member.password)).statusCode, 200);

    assert.equal((await upload(a.project, await site('a'), GZIP, c)).statusCode, 201);
    const calls = [
      { url: `/api/v1/projects/${b.project}/deploys` },
      { url: `/api/v1/projects/${b.project}/deploys/${String(bDeploy.id)}` },
      { method: 'POST' as const, url: `/api/v1/projects/${b.project}/deploys/${String(bDeploy.id)}/promote` },
      { method: 'POST' as const, url: `/api/v1/projects/${b.project}/deploys`, payload: await site('evil'), headers: GZIP },
    ];
    for (const call of calls) {
      const res = await c.call(call);
      assert.equal(res.statusCode, 404, `${call.method ?? 'GET'} ${call.url}`);
      assert.equal(res.json().message, `No project "${b.project}" exists.`);
    }
    const served = await h.app.inject({ url: '/', headers: { host: `${b.project}.${h.app.config.platformHost}` } });
    assert.equal(served.body, '<h1>b</h1>', "B's site is untouched");
  });
});
