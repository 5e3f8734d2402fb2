import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OPERATOR } from '../../src/audit/actor.js';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { VERSION } from '../../src/version.js';

describe('/ leads to the dashboard', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('GET and HEAD / answer 303 to /dashboard, without a key; a project host still serves its site at /', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await h.app.inject({ method, url: '/' });
      assert.equal(res.statusCode, 303, method);
      assert.equal(res.headers.location, '/dashboard', method);
    }
    const followed = await h.app.inject({ url: String((await h.app.inject({ url: '/' })).headers.location) });
    assert.notEqual(followed.statusCode, 404, 'the dashboard answers where / leads');

    ok(await h.app.deploys.deploy(OPERATOR, h.project, { files: site({ 'index.html': '<h1>shop</h1>' }) }));
    const home = await h.app.inject({ url: '/', headers: { host: `${h.project}.${h.app.config.platformHost}` } });
    assert.equal(home.statusCode, 200);
    assert.equal(home.body, '<h1>shop</h1>');
  });

  test('only on the platform’s own names: elsewhere (a removed custom domain still pointing here) / is 404', async () => {
    const { baseUrl, stagingBaseUrl, platformHost } = h.app.config;
    for (const host of [
      new URL(baseUrl).host,
      new URL(stagingBaseUrl).host,
      platformHost,
      `${platformHost.toUpperCase()}.`,
      'localhost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
    ]) {
      const res = await h.app.inject({ url: '/', headers: { host } });
      assert.equal(res.statusCode, 303, host);
    }
    for (const host of ['www.removed-shop.example', 'removed-shop.example:8080', `nothing-live.${platformHost}`]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await h.app.inject({ method, url: '/', headers: { host } });
        assert.equal(res.statusCode, 404, `${method} ${host}`);
        assert.equal(res.headers.location, undefined);
        // A site host's 404 is its site's page; another host's, the Error body.
        if (method === 'GET' && !host.endsWith(platformHost)) assert.equal(res.json().code, 'not_found');
      }
    }
  });
});

describe('/ on DASHBOARD_HOST', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { dashboardHost: 'console.petstore.test' } });
  });
  after(() => h.close());

  test('the dashboard’s own host leads to it too', async () => {
    const res = await h.app.inject({ url: '/', headers: { host: 'console.petstore.test' } });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/dashboard');
  });
});

test('once listening, a line for a person: where the dashboard, the API and its reference are, and how to get in', async () => {
  const logs = logCapture();
  const h = await harness({ logStream: logs.stream, config: { baseUrl: 'http://127.0.0.1:0/v1', logLevel: 'info' } });
  try {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as { port: number }).port;
    const origin = `http://127.0.0.1:${String(port)}`;
    // onListen hooks run once listening has begun, without holding up listen().
    const find = () =>
      logs
        .lines()
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .find((l) => l.msg.startsWith('Petstore '));
    for (let i = 0; i < 100 && find() === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    const said = find();
    assert.equal(
      said?.msg,
      `Petstore ${VERSION} is ready: the dashboard at ${origin}/dashboard (to sign in the first time: ./bin/petstore users create EMAIL --admin prints a password), the API at ${origin}/v1, its reference at ${origin}/docs`,
    );
    assert.equal(said?.level, 30);
  } finally {
    await h.close();
  }
});
