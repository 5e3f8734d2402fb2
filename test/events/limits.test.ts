import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

describeEachEngine('limits: webhook endpoints per plan, access tokens per person', () => {
  let h: Harness;
  let c: ManagementClient;
  before(async () => {
    h = await harness();
    const owner = await createPerson(h.app, email('owner'), { admin: true });
    c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(owner.email, owner.password)).statusCode, 200);
  });
  after(() => h.close());

  test('a Free project has at most 2 webhook endpoints (409 webhook_limit), a Pro one 10; removing one frees a place', async () => {
    const slug = uniqueSlug('hooks');
    assert.equal((await c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } })).statusCode, 201);
    const add = () =>
      c.call({ method: 'POST', url: `/api/v1/projects/${slug}/webhooks`, payload: { url: 'https://example.test/hook', events: ['*'] } });
    const first = await add();
    assert.equal(first.statusCode, 201, first.body);
    assert.equal((await add()).statusCode, 201);
    const over = await add();
    assert.equal(over.statusCode, 409, over.body);
    assert.equal(over.json().code, 'webhook_limit');
    const id = (first.json() as { id: string }).id;
    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/webhooks/${id}` })).statusCode, 200);
    assert.equal((await add()).statusCode, 201);
    assert.ok(!('code' in (await h.app.projects.setPlan(OPERATOR, slug, 'pro'))));
    for (let i = 2; i < 10; i++) assert.equal((await add()).statusCode, 201);
    assert.equal((await add()).json().code, 'webhook_limit');
  });

  test('a person has at most 50 active access tokens (409 token_limit); a revoked one frees a place', async () => {
    const create = () => c.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'script' } });
    const first = await create();
    assert.equal(first.statusCode, 201, first.body);
    for (let i = 1; i < 50; i++) assert.equal((await create()).statusCode, 201);
    const over = await create();
    assert.equal(over.statusCode, 409, over.body);
    assert.equal(over.json().code, 'token_limit');
    const id = (first.json() as { id: string }).id;
    assert.equal((await c.call({ method: 'DELETE', url: `/api/v1/tokens/${id}` })).statusCode, 204);
    assert.equal((await create()).statusCode, 201);
  });
});
