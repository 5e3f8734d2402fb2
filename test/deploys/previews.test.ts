import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../src/errors/domain-error.js';
import { NOT_FOUND_PAGE } from '../../src/deploys/serving/pages.js';
import { PlatformHosts } from '../../src/deploys/serving/platform-hosts.js';
import { describeEachEngine } from '../helpers/engines.js';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

test('a preview host is `<slug>--deploy-<number>` (or `<slug>--<deployId>`, as given out before) on the platform host; anything else is not one', () => {
  const hosts = new PlatformHosts('example.test', { all: async () => [], find: async () => null }, () => 0);
  assert.deepEqual(hosts.previewOf('shop--deploy-3.example.test'), { slug: 'shop', number: 3 });
  assert.deepEqual(hosts.previewOf('my-shop--deploy-12.example.test'), { slug: 'my-shop', number: 12 });
  assert.deepEqual(hosts.previewOf('shop--12.example.test'), { slug: 'shop', deployId: '12' });
  assert.deepEqual(hosts.previewOf('my-shop--3.example.test'), { slug: 'my-shop', deployId: '3' });
  for (const name of [
    'shop.example.test',
    'shop--deploy-0.example.test',
    'shop--deploy-.example.test',
    'shop--deploy.example.test',
    'shop--0.example.test',
    'shop--x.example.test',
    '--1.example.test',
    'shop--1.other.test',
    'a.shop--1.example.test',
  ]) {
    assert.equal(hosts.previewOf(name), null, name);
  }
});

describeEachEngine('preview URLs: every ready deploy at <slug>--<id>.<PLATFORM_HOST>', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const get = (hostname: string, url = '/', method: 'GET' | 'HEAD' = 'GET') =>
    h.app.inject({ method, url, headers: { host: `${hostname}.${h.app.config.platformHost}:8080` } });
  const deploy = async (slug: string, title: string) =>
    ok(await h.app.deploys.deploy(OPERATOR, slug, { files: site({ 'index.html': `<h1>${title}</h1>`, [`${title}.html`]: title }) }));

  test('a preview keeps serving its deploy after a newer one is live and after a rollback, marked noindex', async () => {
    const { project } = await h.newProject('free');
    const first = await deploy(project, 'one');
    const second = await deploy(project, 'two');
    const check = async () => {
      for (const [d, title] of [
        [first, 'one'],
        [second, 'two'],
      ] as const) {
        const res = await get(`${project}--${d.id}`);
        assert.equal(res.statusCode, 200);
        assert.equal(res.body, `<h1>${title}</h1>`);
        assert.equal(res.headers['x-robots-tag'], 'noindex');
        assert.equal((await get(`${project}--${d.id}`, `/${title}`)).body, title);
        assert.equal((await get(`${project}--${d.id}`, '/', 'HEAD')).headers['x-robots-tag'], 'noindex');
      }
    };
    assert.equal((await get(project)).body, '<h1>two</h1>');
    assert.equal((await get(project)).headers['x-robots-tag'], undefined, 'the live site is indexable');
    await check();
    ok(await h.app.deploys.promote(OPERATOR, project, first.id));
    assert.equal((await get(project)).body, '<h1>one</h1>');
    await check();
  });

  test('a preview by number serves that deploy of the project; the address by id given out before numbers keeps answering', async () => {
    const { project } = await h.newProject('free');
    const { project: other } = await h.newProject('free');
    await deploy(other, 'theirs');
    const first = await deploy(project, 'one');
    const second = await deploy(project, 'two');
    assert.deepEqual([first.number, second.number], [1, 2], 'numbered within the project, whatever other projects deploy');
    for (const [host, body] of [
      [`${project}--deploy-1`, '<h1>one</h1>'],
      [`${project}--deploy-2`, '<h1>two</h1>'],
      [`${project}--${first.id}`, '<h1>one</h1>'],
      [`${project}--${second.id}`, '<h1>two</h1>'],
    ] as const) {
      const res = await get(host);
      assert.equal(res.statusCode, 200, host);
      assert.equal(res.body, body, host);
      assert.equal(res.headers['x-robots-tag'], 'noindex', host);
    }
    for (const host of [`${project}--deploy-3`, `${other}--deploy-2`]) assert.equal((await get(host)).statusCode, 404, host);
  });

  test('an unknown, failed or another project’s deploy id, or an unknown project, is the plain 404 page', async () => {
    const { project } = await h.newProject('free');
    const { project: other } = await h.newProject('free');
    await deploy(project, 'mine');
    const failed = await h.app.deploys.deploy(OPERATOR, project, { files: site({ 'about.html': 'no index' }) });
    assert.equal(ok(failed).status, 'failed');
    const theirs = await deploy(other, 'theirs');
    for (const hostname of [
      `${project}--${ok(failed).id}`,
      `${project}--999999999`,
      `${project}--${theirs.id}`,
      `nobody-${randomBytes(3).toString('hex')}--1`,
    ]) {
      const res = await get(hostname);
      assert.equal(res.statusCode, 404, hostname);
      assert.equal(res.body, NOT_FOUND_PAGE.toString(), hostname);
      assert.equal(res.headers['x-robots-tag'], 'noindex', hostname);
    }
  });

  test('a slug may not hold "--", so a preview host never names a project', async () => {
    const refused = await h.app.projects.create(OPERATOR, 'shop--2', 'free');
    assert.ok(refused instanceof DomainError);
    assert.equal(refused.code, 'invalid_slug');
  });

  test('the deploy JSON carries previewUrl (ready deploys), on the address the server serves', async () => {
    const { project } = await h.newProject('pro');
    const d = await deploy(project, 'listed');
    const me = await createPerson(h.app, `admin-${randomBytes(4).toString('hex')}@example.test`, { admin: true });
    const admin = await ManagementClient.on(h.app);
    assert.equal((await admin.signIn(me.email, me.password)).statusCode, 200);
    const list = (await admin.call({ url: `/api/v1/projects/${project}/deploys` })).json() as {
      id: string;
      number: number;
      previewUrl?: string;
    }[];
    const { port, platformHost } = h.app.projectDetails.siteAddress;
    assert.equal(list[0]?.number, 1);
    assert.equal(list[0]?.id, d.id);
    assert.equal(list[0]?.previewUrl, `http://${project}--deploy-1.${platformHost}:${String(port)}/`);
  });
});
