import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OPERATOR } from '../../src/audit/actor.js';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import type { ManagementClient } from '../helpers/management.js';
import { memberOf } from '../helpers/webhooks.js';

const json = { 'content-type': 'application/json' };

interface Problem {
  code: string;
  message: string;
  details?: { in: string; field: string; message: string }[];
}

type Document = { paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: Record<string, unknown> }[] }>> };

/*
 * One resource, one URL: a number in a path or a query is written as the service writes it (no leading zeros, no
 * `+`, no `-0`), and so is the number in a prefixed id (`we_12`, `dlv_3`) or a deploy's id. Another spelling is 400
 * `validation_failed` naming the one to use, never the same resource again. Numbers too large for their field are
 * refused by its bound, whatever their size.
 */
describe('canonical ids and numbers in paths and queries', () => {
  let h: Harness;
  let c: ManagementClient;
  let slug: string;
  let auth: Record<string, string>;

  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: true } });
    const p = await h.newProject('pro');
    slug = p.project;
    auth = p.auth;
    c = await memberOf(h.app, slug);
    assert.equal(
      (await h.request({ method: 'POST', url: '/v1/pets', headers: { ...auth, ...json }, payload: { name: 'Rex', categoryId: 1 } }))
        .statusCode,
      201,
    );
    assert.equal(
      (await h.request({ method: 'POST', url: '/v1/store/orders', headers: { ...auth, ...json }, payload: { petId: 1 } })).statusCode,
      201,
    );
  });
  after(() => h.close());

  const refused = (body: string, field: string, written: string) => {
    const problem = JSON.parse(body) as Problem;
    assert.equal(problem.code, 'validation_failed', body);
    assert.equal(problem.details?.[0]?.field, field, body);
    assert.equal(problem.details?.[0]?.message, `must be written ${written} (no leading zeros, no plus sign, no -0)`, body);
  };

  test('/v1: pet and order ids, and limit, answer only at their canonical spelling', async () => {
    for (const [url, field] of [
      ['/v1/pets/ID', 'petId'],
      ['/v1/store/orders/ID', 'orderId'],
    ] as const) {
      assert.equal((await h.request({ url: url.replace('ID', '1'), headers: auth })).statusCode, 200, url);
      for (const [spelt, written] of [
        ['01', '1'],
        ['0001', '1'],
        ['+1', '1'],
        ['-0', '0'],
        ['-01', '-1'],
      ] as const) {
        const res = await h.request({ url: url.replace('ID', spelt), headers: auth });
        assert.equal(res.statusCode, 400, `${url} ${spelt}`);
        refused(res.body, field, written);
      }
    }
    const limit = await h.request({ url: '/v1/pets?limit=05', headers: auth });
    assert.equal(limit.statusCode, 400);
    refused(limit.body, 'limit', '5');
  });

  test('the management API: webhook, delivery and deploy ids are refused at any other spelling', async () => {
    const hook = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
    });
    assert.equal(hook.statusCode, 201, hook.body);
    const webhookId = (hook.json() as { id: string }).id;
    const deploy = ok(await h.app.deploys.deploy(OPERATOR, slug, { files: site({ 'index.html': '<h1>x</h1>' }) }));
    const deployId = (deploy as { id: string }).id;
    for (const [canonical, respelt] of [
      [`/webhooks/${webhookId}`, `/webhooks/${webhookId.replace('we_', 'we_0')}`],
      [`/deploys/${deployId}`, `/deploys/0${deployId}`],
      ['/webhooks/we_1/deliveries', '/webhooks/we_01/deliveries'],
    ] as const) {
      const good = await c.call({ url: `/api/v1/projects/${slug}${canonical}` });
      assert.notEqual(good.statusCode, 400, `${canonical}: ${good.body}`);
      const bad = await c.call({ url: `/api/v1/projects/${slug}${respelt}` });
      assert.equal(bad.statusCode, 400, `${respelt}: ${bad.body}`);
      assert.equal((bad.json() as Problem).code, 'validation_failed');
    }
    const delivery = await c.call({ method: 'POST', url: `/api/v1/projects/${slug}/deliveries/dlv_01/retry` });
    assert.equal(delivery.statusCode, 400, delivery.body);
  });

  test('every numbered id in a path of either contract is written without leading zeros', async () => {
    const management = (await h.app.inject({ url: '/api/v1/openapi.json' })).json() as Document;
    const documents = [h.app.openapi() as Document, management];
    let checked = 0;
    for (const document of documents) {
      for (const methods of Object.values(document.paths)) {
        for (const operation of Object.values(methods)) {
          for (const p of operation.parameters ?? []) {
            if (p.in !== 'path') continue;
            const pattern = p.schema.pattern;
            if (typeof pattern === 'string' && /\[0-9\]/.test(pattern)) {
              checked++;
              assert.doesNotMatch(pattern, /(?<!\[1-9\])\[0-9\][+*]/, `${p.name}: ${pattern} would allow a leading zero`);
            }
          }
        }
      }
    }
    assert.ok(checked >= 3, `${String(checked)} numbered path ids`);
  });

  test('one rule for the cursor of every listing of both APIs: empty and over 200 characters fail validation, others invalid_cursor', async () => {
    const management = (await h.app.inject({ url: '/api/v1/openapi.json' })).json() as Document;
    const listings: { path: string; schema: Record<string, unknown>; managed: boolean }[] = [];
    for (const [document, prefix, managed] of [
      [h.app.openapi() as Document, '/v1', false],
      [management, '/api/v1', true],
    ] as const) {
      for (const [path, methods] of Object.entries(document.paths)) {
        const cursor = methods.get?.parameters?.find((p) => p.in === 'query' && p.name === 'cursor');
        if (cursor) listings.push({ path: `${prefix}${path}`.replace('{slug}', slug), schema: cursor.schema, managed });
      }
    }
    assert.deepEqual(listings.map((l) => l.path.replace(slug, '{slug}')).sort(), [
      '/api/v1/me/security-log',
      '/api/v1/projects/{slug}/audit',
      '/api/v1/projects/{slug}/events',
      '/api/v1/projects/{slug}/requests',
      '/v1/pets',
      '/v1/store/orders',
    ]);
    for (const listing of listings) {
      assert.deepEqual([listing.schema.minLength, listing.schema.maxLength], [1, 200], listing.path);
      for (const [cursor, code, message] of [
        ['', 'validation_failed', 'must not be empty'],
        ['x'.repeat(201), 'validation_failed', 'must be at most 200 characters long'],
        ['x'.repeat(65), 'invalid_cursor', 'is not a cursor from a Link header of this listing'],
        ['x', 'invalid_cursor', 'is not a cursor from a Link header of this listing'],
      ] as const) {
        const url = `${listing.path}?cursor=${cursor}`;
        const res = listing.managed ? await c.call({ url }) : await h.request({ url, headers: auth });
        assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
        const problem = res.json() as Problem;
        assert.deepEqual([problem.code, problem.details?.[0]?.field, problem.details?.[0]?.message], [code, 'cursor', message], url);
      }
    }
  });

  test('numbers too large for their field are refused by its bound, not as if they were not integers', async () => {
    const limit = await h.request({ url: `/v1/pets?limit=${'9'.repeat(26)}`, headers: auth });
    assert.equal(limit.statusCode, 400);
    assert.equal((limit.json() as Problem).details?.[0]?.message, 'must be <= 100');
    const longer = await h.request({ url: `/v1/pets?limit=${'9'.repeat(400)}`, headers: auth });
    assert.equal((longer.json() as Problem).details?.[0]?.message, 'must be <= 100');
    for (const quantity of ['1e309', '1E400', '99999999999999999999999999']) {
      const res = await h.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: { ...auth, ...json },
        payload: `{"petId":1,"quantity":${quantity}}`,
      });
      assert.equal(res.statusCode, 400, quantity);
      assert.deepEqual((res.json() as Problem).details, [{ in: 'body', field: 'quantity', message: 'must be <= 100' }], quantity);
    }
    const negative = await h.request({
      method: 'POST',
      url: '/v1/store/orders',
      headers: { ...auth, ...json },
      payload: '{"petId":1,"quantity":-1e309}',
    });
    assert.deepEqual((negative.json() as Problem).details, [{ in: 'body', field: 'quantity', message: 'must be >= 1' }]);
    const id = await h.request({ url: `/v1/pets/${'9'.repeat(26)}`, headers: auth });
    assert.equal(id.statusCode, 400);
    assert.equal(
      (id.json() as Problem).details?.[0]?.message,
      'must be a decimal integer from -9223372036854775808 to 9223372036854775807',
    );
  });
});
