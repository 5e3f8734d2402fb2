import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { DomainError } from '../../src/errors/domain-error.js';

const PRODUCTION = 'https://api.petstore.test/v1';
/** Path-based: staging beside production on the same host (the default shape). */
const PATH_STAGING = 'https://api.petstore.test/staging/v1';
/** Host-based: staging on a host of its own. */
const HOST_STAGING = 'https://sandbox.petstore.test/v1';

const json = { 'content-type': 'application/json' };

/**
 * A project with a production key and a staging key, and a way to send a request to either environment's
 * address (through the contract-checking harness).
 */
async function project(h: Harness, plan = 'enterprise', custom?: { perMinute?: number; perDay?: number }) {
  const p = await h.newProject(plan, custom);
  const staging = ok(await h.app.keys.create(OPERATOR, p.project, 'staging', { environment: 'staging' }));
  return { slug: p.project, production: p.auth, staging: { authorization: `Bearer ${staging.key}` }, stagingKey: staging };
}

describeEachEngine('environments: staging beside production', () => {
  const clock = manualClock(Date.UTC(2027, 2, 1, 12, 0, 30));
  let h: Harness;
  /** A request to the staging address, path-based. */
  const toStaging = (opts: InjectOptions): Promise<LightMyRequestResponse> => h.request({ ...opts, url: `/staging${String(opts.url)}` });

  before(async () => {
    h = await harness({ clock, config: { baseUrl: PRODUCTION, stagingBaseUrl: PATH_STAGING } });
  });
  after(() => h.close());

  test('staging keys begin psk_test_, are listed with their environment, and production keys keep psk_', async () => {
    const p = await project(h);
    assert.match(p.stagingKey.key, /^psk_test_[0-9A-Za-z]{38}$/);
    assert.equal(p.stagingKey.environment, 'staging');
    const production = ok(await h.app.keys.list(p.slug));
    const staging = ok(await h.app.keys.list(p.slug, 'staging'));
    assert.deepEqual(
      production.map((k) => k.environment),
      ['production'],
    );
    assert.ok(production[0]?.hint.startsWith('psk_') && !production[0].hint.startsWith('psk_test_'));
    assert.deepEqual(
      staging.map((k) => [k.id, k.environment, k.project]),
      [[p.stagingKey.id, 'staging', p.slug]],
    );
    assert.ok(staging[0]?.hint.startsWith('psk_test_'));
  });

  test('pets are numbered from 1 in each environment, and neither environment sees the other', async () => {
    const p = await project(h);
    const create = (name: string, to: typeof h.request, auth: Record<string, string>) =>
      to({ method: 'POST', url: '/v1/pets', headers: { ...auth, ...json }, payload: { name, categoryId: 1 } });
    const prod = [await create('Rex', h.request, p.production), await create('Ada', h.request, p.production)];
    const stag = await create('Test', toStaging, p.staging);
    assert.deepEqual(
      prod.map((r) => r.json().id),
      [1, 2],
    );
    assert.equal(stag.statusCode, 201);
    assert.equal(stag.json().id, 1, 'staging numbers its pets from 1');
    assert.equal(stag.headers.location, '/staging/v1/pets/1', 'Location names the staging path');
    assert.equal(prod[0]?.headers.location, '/v1/pets/1');

    const prodList = await h.request({ method: 'GET', url: '/v1/pets', headers: p.production });
    const stagList = await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging });
    assert.deepEqual(
      prodList.json().map((x: { name: string }) => x.name),
      ['Rex', 'Ada'],
    );
    assert.deepEqual(
      stagList.json().map((x: { name: string }) => x.name),
      ['Test'],
    );
    const prodPet = await h.request({ method: 'GET', url: '/v1/pets/1', headers: p.production });
    const stagPet = await toStaging({ method: 'GET', url: '/v1/pets/1', headers: p.staging });
    assert.equal(prodPet.json().name, 'Rex');
    assert.equal(stagPet.json().name, 'Test');
    assert.equal(stagPet.headers.link, '</staging/v1/pets>; rel="successor-version"');
    assert.equal(prodPet.headers.link, '</v1/pets>; rel="successor-version"');
    assert.equal((await toStaging({ method: 'GET', url: '/v1/pets/2', headers: p.staging })).statusCode, 404);
  });

  test('the next-page link names the staging path, and a production cursor is refused in staging', async () => {
    const p = await project(h);
    for (let i = 0; i < 3; i++) {
      for (const [to, auth] of [
        [h.request, p.production],
        [toStaging, p.staging],
      ] as const) {
        assert.equal(
          (await to({ method: 'POST', url: '/v1/pets', headers: { ...auth, ...json }, payload: { name: `P${String(i)}`, categoryId: 1 } }))
            .statusCode,
          201,
        );
      }
    }
    const stag = await toStaging({ method: 'GET', url: '/v1/pets?limit=2', headers: p.staging });
    const prod = await h.request({ method: 'GET', url: '/v1/pets?limit=2', headers: p.production });
    assert.match(String(stag.headers.link), /^<\/staging\/v1\/pets\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    assert.match(String(prod.headers.link), /^<\/v1\/pets\?limit=2&cursor=/);
    const next = String(stag.headers.link).slice(1, String(stag.headers.link).indexOf('>'));
    const page2 = await h.request({ method: 'GET', url: next, headers: p.staging });
    assert.equal(page2.statusCode, 200);
    assert.deepEqual(
      page2.json().map((x: { id: number }) => x.id),
      [3],
    );
    // The same position signed for production's listing is not staging's.
    const prodCursor = String(prod.headers.link).match(/cursor=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const foreign = await toStaging({ method: 'GET', url: `/v1/pets?limit=2&cursor=${prodCursor}`, headers: p.staging });
    assert.equal(foreign.statusCode, 400);
    assert.equal(foreign.json().code, 'invalid_cursor');
  });

  test('orders, inventory and idempotency keys are kept apart too', async () => {
    const p = await project(h);
    const headers = (auth: Record<string, string>) => ({ ...auth, ...json, 'idempotency-key': 'same-key-in-both' });
    const a = await h.request({ method: 'POST', url: '/v1/pets', headers: headers(p.production), payload: { name: 'A', categoryId: 1 } });
    const b = await toStaging({ method: 'POST', url: '/v1/pets', headers: headers(p.staging), payload: { name: 'B', categoryId: 2 } });
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201, 'the same Idempotency-Key in the other environment is a new request');
    assert.equal(b.headers['idempotent-replayed'], undefined);
    const order = await toStaging({ method: 'POST', url: '/v1/store/orders', headers: { ...p.staging, ...json }, payload: { petId: 1 } });
    assert.equal(order.statusCode, 201);
    assert.equal(order.headers.location, '/staging/v1/store/orders/1');
    const prodInventory = await h.request({ method: 'GET', url: '/v1/store/inventory', headers: p.production });
    const stagInventory = await toStaging({ method: 'GET', url: '/v1/store/inventory', headers: p.staging });
    assert.deepEqual(prodInventory.json(), { available: 1, pending: 0, sold: 0 });
    assert.deepEqual(stagInventory.json(), { available: 0, pending: 1, sold: 0 });
    assert.deepEqual((await h.request({ method: 'GET', url: '/v1/store/orders', headers: p.production })).json(), []);
    assert.equal((await h.request({ method: 'GET', url: '/v1/store/orders/1', headers: p.production })).statusCode, 404);
  });

  test('a key sent to the other environment is 401 wrong_environment naming its base URL, counted against the address', async () => {
    const p = await project(h);
    const onStaging = await toStaging({ method: 'GET', url: '/v1/pets', headers: p.production, remoteAddress: '10.9.8.1' });
    assert.equal(onStaging.statusCode, 401);
    assert.equal(onStaging.json().code, 'wrong_environment');
    assert.equal(onStaging.json().message, `This is a production API key: send it to ${PRODUCTION}.`);
    assert.match(String(onStaging.headers['www-authenticate']), /^Bearer realm="petstore", error="invalid_token"/);
    const onProduction = await h.request({ method: 'GET', url: '/v1/pets', headers: p.staging, remoteAddress: '10.9.8.1' });
    assert.equal(onProduction.statusCode, 401);
    assert.equal(onProduction.json().message, `This is a staging API key: send it to ${PATH_STAGING}.`);
    // Metered like any request without a valid key: the client address's Free numbers, two used.
    assert.equal(onProduction.headers['x-ratelimit-limit'], '60');
    assert.equal(Number(onProduction.headers['x-ratelimit-remaining']), 58);
    // Told from the key's form alone: a well-formed staging key nobody issued gets the same answer.
    const unknown = `Bearer ${(await import('../../src/keys/key-format.js')).generateSecret('staging')}`;
    const forged = await h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: unknown }, remoteAddress: '10.9.8.2' });
    assert.equal(forged.json().code, 'wrong_environment');
    const forgedStaging = await toStaging({
      method: 'GET',
      url: '/v1/pets',
      headers: { authorization: unknown },
      remoteAddress: '10.9.8.2',
    });
    assert.equal(forgedStaging.json().code, 'unauthorized', 'in its own environment an unknown key is unknown');
  });

  test('staging spends its own quota, with the plan’s limits', async () => {
    const p = await project(h, 'enterprise', { perMinute: 3, perDay: 1000 });
    for (let i = 0; i < 3; i++) assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: p.production })).statusCode, 200);
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: p.production })).statusCode, 429);
    const first = await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging });
    assert.equal(first.statusCode, 200, 'production used its minute; staging has its own');
    assert.equal(first.headers['x-ratelimit-limit'], '3');
    assert.equal(first.headers['x-ratelimit-remaining'], '2');
    for (let i = 0; i < 2; i++) assert.equal((await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging })).statusCode, 200);
    assert.equal((await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging })).statusCode, 429);
    // A plan change reaches both environments at once.
    ok(await h.app.projects.setPlan(OPERATOR, p.slug, 'enterprise', { perMinute: 10, perDay: 1000 }));
    clock.advance(3000);
    const after = await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging });
    assert.equal(after.headers['x-ratelimit-limit'], '10');
  });

  test('reset empties staging (its next pet is 1 again) and keeps its keys and webhook endpoints; production is untouched', async () => {
    const p = await project(h);
    const c = await memberOf(h.app, p.slug);
    const hook = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${p.slug}/webhooks`,
      payload: { url: 'https://hooks.example.org/in', events: ['*'], environment: 'staging' },
    });
    assert.equal(hook.statusCode, 201, hook.body);
    assert.equal(hook.json().environment, 'staging');
    for (const [to, auth] of [
      [h.request, p.production],
      [toStaging, p.staging],
      [toStaging, p.staging],
    ] as const) {
      assert.equal(
        (await to({ method: 'POST', url: '/v1/pets', headers: { ...auth, ...json }, payload: { name: 'X', categoryId: 1 } })).statusCode,
        201,
      );
    }
    await toStaging({ method: 'POST', url: '/v1/store/orders', headers: { ...p.staging, ...json }, payload: { petId: 2 } });
    const reset = await c.call({ method: 'POST', url: `/api/v1/projects/${p.slug}/staging/reset` });
    assert.equal(reset.statusCode, 200, reset.body);
    const { resetAt, ...rest } = reset.json() as { resetAt: string; project: string; environment: string };
    assert.deepEqual(rest, { project: p.slug, environment: 'staging' });
    assert.ok(Date.parse(resetAt) > 0);
    assert.deepEqual((await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging })).json(), []);
    assert.deepEqual((await toStaging({ method: 'GET', url: '/v1/store/orders', headers: p.staging })).json(), []);
    const events = await c.call({ url: `/api/v1/projects/${p.slug}/events?environment=staging` });
    assert.deepEqual(events.json(), [], 'staging events are gone');
    assert.equal((await c.call({ url: `/api/v1/projects/${p.slug}/events` })).json().length, 1, 'production keeps its event');
    const again = await toStaging({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...p.staging, ...json },
      payload: { name: 'Y', categoryId: 1 },
    });
    assert.equal(again.json().id, 1, 'the staging key still works, and numbering starts over');
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: p.production })).json().length, 1);
    const hooks = await c.call({ url: `/api/v1/projects/${p.slug}/webhooks?environment=staging` });
    assert.deepEqual(
      hooks.json().map((w: { id: string }) => w.id),
      [hook.json().id],
    );
    const audit = await c.call({ url: `/api/v1/projects/${p.slug}/audit` });
    const entry = audit.json().find((e: { action: string }) => e.action === 'staging.reset');
    assert.equal(entry?.environment, 'staging');
    assert.equal(entry?.target, p.slug);
  });

  test('copy-pets copies production’s pets with their ids into an empty staging, and refuses a staging that is not', async () => {
    const p = await project(h);
    const c = await memberOf(h.app, p.slug);
    for (const name of ['Rex', 'Ada', 'Bo']) {
      await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.production, ...json },
        payload: { name, categoryId: 7, status: 'pending' },
      });
    }
    const copied = await c.call({ method: 'POST', url: `/api/v1/projects/${p.slug}/staging/copy-pets` });
    assert.equal(copied.statusCode, 200, copied.body);
    assert.deepEqual(copied.json(), { project: p.slug, environment: 'staging', copied: 3 });
    const prod = await h.request({ method: 'GET', url: '/v1/pets', headers: p.production });
    const stag = await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging });
    assert.equal(stag.body, prod.body, 'the same pets, ids, categories and statuses');
    const next = await toStaging({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...p.staging, ...json },
      payload: { name: 'New', categoryId: 1 },
    });
    assert.equal(next.json().id, 4, "staging's numbering continues after the copies");
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: p.production })).json().length, 3, 'production unchanged');
    const refused = await c.call({ method: 'POST', url: `/api/v1/projects/${p.slug}/staging/copy-pets` });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().code, 'staging_not_empty');
    assert.equal((await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging })).json().length, 4, 'nothing copied twice');
    // An order alone also makes staging not empty.
    ok(await h.app.staging.reset(OPERATOR, p.slug));
    await toStaging({ method: 'POST', url: '/v1/pets', headers: { ...p.staging, ...json }, payload: { name: 'O', categoryId: 1 } });
    const refusedAgain = await h.app.staging.copyPets(OPERATOR, p.slug);
    assert.ok(refusedAgain instanceof DomainError && refusedAgain.code === 'staging_not_empty');
    const audit = (await c.call({ url: `/api/v1/projects/${p.slug}/audit` })).json() as { action: string; environment: string }[];
    assert.deepEqual(
      audit.filter((e) => e.action.startsWith('staging.')).map((e) => [e.action, e.environment]),
      [
        ['staging.reset', 'staging'],
        ['staging.copy_pets', 'staging'],
      ],
    );
  });

  test('copy-pets: a pet pending because of an open order is copied available (its order is not copied); one created pending stays so', async () => {
    const p = await project(h);
    const c = await memberOf(h.app, p.slug);
    const create = async (name: string, status?: string) =>
      (
        await h.request({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...p.production, ...json },
          payload: { name, categoryId: 7, ...(status ? { status } : {}) },
        })
      ).json().id as number;
    const ordered = await create('Ordered');
    const approved = await create('Approved');
    const delivered = await create('Delivered');
    const cancelled = await create('Cancelled');
    const createdPending = await create('Held', 'pending');
    const free = await create('Free');
    const order = async (petId: number) =>
      (await h.request({ method: 'POST', url: '/v1/store/orders', headers: { ...p.production, ...json }, payload: { petId } })).json()
        .id as number;
    const change = (id: number, body: object | null) =>
      h.request({
        method: body ? 'PATCH' : 'DELETE',
        url: `/v1/store/orders/${String(id)}`,
        headers: { ...p.production, ...json },
        payload: body ?? undefined,
      });
    await order(ordered);
    assert.equal((await change(await order(approved), { status: 'approved' })).statusCode, 200);
    const toDeliver = await order(delivered);
    await change(toDeliver, { status: 'approved' });
    assert.equal((await change(toDeliver, { status: 'delivered' })).statusCode, 200);
    assert.equal((await change(await order(cancelled), null)).statusCode, 200);

    assert.equal((await c.call({ method: 'POST', url: `/api/v1/projects/${p.slug}/staging/copy-pets` })).statusCode, 200);
    const statuses = async (headers: Record<string, string>, send = h.request.bind(h)) =>
      Object.fromEntries(
        ((await send({ method: 'GET', url: '/v1/pets', headers })).json() as { id: number; status: string }[]).map((x) => [x.id, x.status]),
      );
    assert.deepEqual(await statuses(p.production), {
      [ordered]: 'pending',
      [approved]: 'pending',
      [delivered]: 'sold',
      [cancelled]: 'available',
      [createdPending]: 'pending',
      [free]: 'available',
    });
    assert.deepEqual(await statuses(p.staging, toStaging), {
      [ordered]: 'available',
      [approved]: 'available',
      [delivered]: 'sold',
      [cancelled]: 'available',
      [createdPending]: 'pending',
      [free]: 'available',
    });
    // The copied pet can be ordered in staging, as it could be before its production order.
    const placed = await toStaging({
      method: 'POST',
      url: '/v1/store/orders',
      headers: { ...p.staging, ...json },
      payload: { petId: ordered },
    });
    assert.equal(placed.statusCode, 201, placed.body);
  });

  test('events and webhooks: each environment’s endpoints get its own events, whose envelope names it', async () => {
    const hp = await harness({ config: { baseUrl: PRODUCTION, stagingBaseUrl: PATH_STAGING, webhookAllowPrivate: true } });
    const prodHook = await receiver();
    const stagHook = await receiver();
    try {
      const p = await project(hp);
      const c = await memberOf(hp.app, p.slug);
      for (const [r, environment] of [
        [prodHook, 'production'],
        [stagHook, 'staging'],
      ] as const) {
        const added = await c.call({
          method: 'POST',
          url: `/api/v1/projects/${p.slug}/webhooks`,
          payload: { url: r.url, events: ['pet.created'], environment },
        });
        assert.equal(added.statusCode, 201, added.body);
        r.useSecret(added.json().secret);
      }
      const send = (url: string, auth: Record<string, string>, name: string) =>
        hp.request({ method: 'POST', url, headers: { ...auth, ...json }, payload: { name, categoryId: 1 } });
      assert.equal((await send('/staging/v1/pets', p.staging, 'InStaging')).statusCode, 201);
      assert.equal((await send('/v1/pets', p.production, 'InProduction')).statusCode, 201);
      const [s] = await stagHook.waitFor(1);
      const [q] = await prodHook.waitFor(1);
      assert.equal(s?.verified?.environment, 'staging');
      assert.equal(s?.verified?.project, p.slug);
      assert.equal((s?.verified?.data as { name: string }).name, 'InStaging');
      assert.equal(q?.verified?.environment, 'production');
      assert.equal((q?.verified?.data as { name: string }).name, 'InProduction');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(stagHook.received.length, 1, 'no production event reached the staging endpoint');
      assert.equal(prodHook.received.length, 1, 'no staging event reached the production endpoint');
      const stagEvents = (await c.call({ url: `/api/v1/projects/${p.slug}/events?environment=staging` })).json();
      assert.deepEqual(
        stagEvents.map((e: { environment: string; data: { name: string } }) => [e.environment, e.data.name]),
        [['staging', 'InStaging']],
      );
      // A staging endpoint is found by its id alone (its deliveries too).
      const stagList = (await c.call({ url: `/api/v1/projects/${p.slug}/webhooks?environment=staging` })).json();
      const stagId = stagList[0].id as string;
      const one = await c.call({ url: `/api/v1/projects/${p.slug}/webhooks/${stagId}` });
      assert.equal(one.json().environment, 'staging');
      const attempts = await eventually(async () => {
        const a = (await c.call({ url: `/api/v1/projects/${p.slug}/webhooks/${stagId}/deliveries` })).json();
        return a.length > 0 ? a : undefined;
      });
      const delivery = await c.call({ url: `/api/v1/projects/${p.slug}/deliveries/${attempts[0].id}` });
      assert.equal(delivery.statusCode, 200, delivery.body);
      assert.equal(delivery.json().event.environment, 'staging');
    } finally {
      await prodHook.close();
      await stagHook.close();
      await hp.close();
    }
  });

  test('the request log and usage are kept per environment', async () => {
    const p = await project(h);
    const c = await memberOf(h.app, p.slug);
    for (let i = 0; i < 2; i++) await toStaging({ method: 'GET', url: '/v1/pets', headers: p.staging });
    await h.request({ method: 'GET', url: '/v1/store/inventory', headers: p.production });
    await h.app.requestLog.recorder.flush();
    await h.app.usage.recorder.flush();
    const stag = (await c.call({ url: `/api/v1/projects/${p.slug}/requests?environment=staging` })).json();
    const prod = (await c.call({ url: `/api/v1/projects/${p.slug}/requests` })).json();
    assert.deepEqual(
      stag.map((r: { operation: string; keyId: string }) => [r.operation, r.keyId]),
      [
        ['listPets', p.stagingKey.id],
        ['listPets', p.stagingKey.id],
      ],
    );
    assert.deepEqual(
      prod.map((r: { operation: string }) => r.operation),
      ['getInventory'],
    );
    const usage = (environment: string) => c.call({ url: `/api/v1/projects/${p.slug}/usage?environment=${environment}&by=key` });
    const su = (await usage('staging')).json();
    const pu = (await usage('production')).json();
    assert.equal(su.environment, 'staging');
    assert.equal(su.perDay.at(-1).requests, 2);
    assert.equal(pu.perDay.at(-1).requests, 1);
    assert.deepEqual(
      su.byKey.map((k: { keyId: string }) => k.keyId),
      [p.stagingKey.id],
    );
  });

  test('keys: listed, created and revoked per environment through the management API', async () => {
    const p = await project(h);
    const c = await memberOf(h.app, p.slug);
    const created = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${p.slug}/keys`,
      payload: { name: 'ci', environment: 'staging' },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().environment, 'staging');
    assert.match(created.json().key, /^psk_test_/);
    const stagKeys = (await c.call({ url: `/api/v1/projects/${p.slug}/keys?environment=staging` })).json();
    const prodKeys = (await c.call({ url: `/api/v1/projects/${p.slug}/keys` })).json();
    assert.deepEqual(
      stagKeys.map((k: { environment: string }) => k.environment),
      ['staging', 'staging'],
    );
    assert.deepEqual(
      prodKeys.map((k: { environment: string }) => k.environment),
      ['production'],
    );
    const revoked = await c.call({ method: 'DELETE', url: `/api/v1/projects/${p.slug}/keys/${created.json().id as string}` });
    assert.equal(revoked.statusCode, 204);
    clock.advance(2001);
    const res = await toStaging({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${created.json().key as string}` } });
    assert.equal(res.json().code, 'unauthorized');
    const audit = (await c.call({ url: `/api/v1/projects/${p.slug}/audit` })).json() as { action: string; environment: string }[];
    assert.deepEqual(
      audit.filter((e) => e.action.startsWith('key.')).map((e) => [e.action, e.environment]),
      [
        ['key.revoke', 'staging'],
        ['key.create', 'staging'],
        ['key.create', 'staging'],
        ['key.create', 'production'],
      ],
    );
    // Another project's staging reset is not this person's to make.
    const other = await h.newProject();
    assert.equal((await c.call({ method: 'POST', url: `/api/v1/projects/${other.project}/staging/reset` })).statusCode, 404);
  });

  test('project listings, slugs and site hosts know no staging rows', async () => {
    const p = await project(h);
    const listed = (await h.app.projects.list()).map((x) => x.slug);
    assert.equal(listed.filter((s) => s.startsWith(p.slug)).length, 1);
    assert.ok(
      listed.every((s) => /^[a-z0-9-]+$/.test(s)),
      listed.join(','),
    );
    assert.ok((await h.app.projects.find(`${p.slug}:staging`)) instanceof DomainError, 'a staging row is no project of its own');
    const c = await memberOf(h.app, p.slug);
    assert.equal((await c.call({ url: `/api/v1/projects/${encodeURIComponent(`${p.slug}:staging`)}` })).statusCode, 400);
  });
});

describeEachEngine('environments: staging on a host of its own', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { baseUrl: PRODUCTION, stagingBaseUrl: HOST_STAGING } });
  });
  after(() => h.close());

  test('requests with the staging host are staging’s, on the same /v1 paths; links keep the path', async () => {
    const p = await project(h);
    const staging = { host: 'sandbox.petstore.test' };
    const created = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...staging, ...p.staging, ...json },
      payload: { name: 'Hosted', categoryId: 1 },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.headers.location, '/v1/pets/1');
    const wrong = await h.request({ method: 'GET', url: '/v1/pets', headers: { ...staging, ...p.production } });
    assert.equal(wrong.json().code, 'wrong_environment');
    assert.equal(wrong.json().message, `This is a production API key: send it to ${PRODUCTION}.`);
    const other = await h.request({ method: 'GET', url: '/v1/pets', headers: { host: 'api.petstore.test', ...p.staging } });
    assert.equal(other.json().message, `This is a staging API key: send it to ${HOST_STAGING}.`);
    assert.deepEqual(
      (await h.request({ method: 'GET', url: '/v1/pets', headers: { host: 'api.petstore.test', ...p.production } })).json(),
      [],
    );
    // Anything but the v1 API on the staging host is as on any host.
    assert.equal((await h.request({ method: 'GET', url: '/healthz', headers: staging })).statusCode, 200);
  });

  test('/v1/openapi.json lists both servers, production first', async () => {
    const doc = (await h.request({ method: 'GET', url: '/v1/openapi.json' })).json() as { servers: { url: string }[] };
    assert.deepEqual(
      doc.servers.map((s) => s.url),
      [PRODUCTION, HOST_STAGING],
    );
  });
});

describe('environments: configuration', () => {
  test('STAGING_BASE_URL defaults to BASE_URL with /staging before /v1, and must differ from it', async () => {
    const { loadConfig } = await import('../../src/config.js');
    assert.equal(loadConfig({}).stagingBaseUrl, 'http://127.0.0.1:8080/staging/v1');
    assert.equal(loadConfig({ BASE_URL: 'https://api.example.com/v1' }).stagingBaseUrl, 'https://api.example.com/staging/v1');
    assert.throws(
      () => loadConfig({ BASE_URL: 'https://api.example.com/v1', STAGING_BASE_URL: 'https://api.example.com/v1' }),
      /STAGING_BASE_URL: must differ from BASE_URL/,
    );
    assert.equal(loadConfig({ STAGING_BASE_URL: 'https://sandbox.example.com/v1' }).stagingBaseUrl, 'https://sandbox.example.com/v1');
  });
});
