import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OPERATOR } from '../../src/audit/actor.js';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';

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
});
