import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { manualClock } from '../../src/clock.js';
import type { DeprecationsReport as Report } from '../../src/usage/deprecations.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import type { ManagementClient } from '../helpers/management.js';
import { headerOf, rawExchange, rawRequest } from '../helpers/raw-http.js';
import { refuseWrites } from '../helpers/refused-writes.js';
import { memberOf } from '../helpers/webhooks.js';

interface Event {
  type: string;
  environment: string;
  createdAt: string;
  data: Record<string, unknown>;
}

const DAY_MS = 24 * 3600_000;
const START = Date.UTC(2027, 2, 3, 10, 0, 0);
const STAGING = { host: 'staging.petstore.test' };

describeEachEngine('deprecation readiness: who still calls a deprecated operation', () => {
  const clock = manualClock(START);
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  /** A project with a member signed in, and a pet. */
  async function project(): Promise<{ slug: string; auth: { authorization: string }; keyId: string; c: ManagementClient }> {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const created = await h.request({ method: 'POST', url: '/v1/pets', headers: p.auth, payload: { name: 'Rex', categoryId: 1 } });
    assert.equal(created.statusCode, 201);
    const keys = (await c.call({ url: `/api/v1/projects/${p.project}/keys` })).json() as { id: string; name: string }[];
    const keyId = keys.find((k) => k.name === 'test')?.id;
    assert.ok(keyId);
    return { slug: p.project, auth: p.auth, keyId, c };
  }

  const newKey = async (slug: string, name: string, environment: 'production' | 'staging' = 'production') =>
    ok(await h.app.keys.create(OPERATOR, slug, name, { environment }));

  const getPet = async (auth: { authorization: string }, id = 1, headers: Record<string, string> = {}) =>
    (await h.request({ method: 'GET', url: `/v1/pets/${String(id)}`, headers: { ...auth, ...headers } })).statusCode;

  async function report(c: ManagementClient, slug: string, environment?: 'staging'): Promise<Report> {
    const res = await c.call({ url: `/api/v1/projects/${slug}/deprecations${environment ? `?environment=${environment}` : ''}` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Report;
  }

  const callersOf = (r: Report) =>
    (r.operations.find((o) => o.operation === 'getPet')?.callers ?? []).map((k) => [k.keyId, k.name, k.calls30d]);

  async function events(c: ManagementClient, slug: string, environment = 'production'): Promise<Event[]> {
    const res = await c.call({ url: `/api/v1/projects/${slug}/events?type=api.deprecated_call&limit=100&environment=${environment}` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Event[];
  }

  test("the contract's deprecated operations, with the sunset and successor their headers announce", async () => {
    const p = await project();
    const document = h.app.openapi() as { paths: Record<string, Record<string, { operationId: string; deprecated?: boolean }>> };
    const deprecated = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.deprecated === true)
        .map(([method, op]) => ({ operation: op.operationId, method: method.toUpperCase(), path: `/v1${path}` })),
    );
    assert.ok(deprecated.length > 0, 'the contract deprecates getPet');
    const r = await report(p.c, p.slug);
    assert.deepEqual(
      r.operations.map(({ operation, method, path }) => ({ operation, method, path })),
      deprecated,
    );
    const res = await h.request({ method: 'GET', url: '/v1/pets/1', headers: p.auth });
    const getPet = r.operations.find((o) => o.operation === 'getPet');
    assert.ok(getPet);
    assert.equal(new Date(getPet.sunset).toUTCString(), res.headers.sunset);
    assert.equal(`@${String(new Date(getPet.deprecatedAt).getTime() / 1000)}`, res.headers.deprecation);
    assert.equal(`<${getPet.successor}>; rel="successor-version"`, res.headers.link);
    assert.equal(getPet.sunset, '2030-12-05T00:00:00.000Z');
  });

  test("exact calls per key and their last call, per environment; another project's calls never shown", async () => {
    const a = await project();
    const b = await project();
    const mobile = await newKey(a.slug, 'mobile');
    const staging = await newKey(a.slug, 'staging ci', 'staging');
    const mobileAuth = { authorization: `Bearer ${mobile.key}` };
    const stagingAuth = { authorization: `Bearer ${staging.key}` };
    const stagingPet = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...stagingAuth, ...STAGING },
      payload: { name: 'Tess', categoryId: 1 },
    });
    assert.equal(stagingPet.statusCode, 201);

    assert.deepEqual(callersOf(await report(a.c, a.slug)), [], 'nobody called it yet');
    // Every answer counts: a 200 and 404s; listPets (not deprecated) does not.
    for (const id of [1, 1, 999]) assert.ok([200, 404].includes(await getPet(a.auth, id)));
    clock.advance(60_000);
    for (let i = 0; i < 5; i++) assert.equal(await getPet(mobileAuth), 200);
    for (let i = 0; i < 4; i++) assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: a.auth })).statusCode, 200);
    for (let i = 0; i < 2; i++) assert.equal(await getPet(stagingAuth, 1, STAGING), 200);
    for (let i = 0; i < 7; i++) assert.equal(await getPet(b.auth), 200);
    await h.app.usage.recorder.flush();

    const r = await report(a.c, a.slug);
    assert.deepEqual(callersOf(r), [
      [mobile.id, 'mobile', 5],
      [a.keyId, 'test', 3],
    ]);
    const last = r.operations[0]?.callers.map((k) => k.lastCalledAt);
    assert.deepEqual(last, [new Date(START + 60_000).toISOString(), new Date(START).toISOString()]);
    assert.deepEqual(callersOf(await report(a.c, a.slug, 'staging')), [[staging.id, 'staging ci', 2]]);
    assert.deepEqual(callersOf(await report(b.c, b.slug)), [[b.keyId, 'test', 7]]);
    // Another project's member sees none of them: 404, as for any project of others.
    assert.equal((await b.c.call({ url: `/api/v1/projects/${a.slug}/deprecations` })).statusCode, 404);
  });

  test('calls answered before Fastify (the front door) are counted exactly too', async () => {
    const p = await project();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const answeredBefore = h.app.frontDoor.answered;
    for (let i = 0; i < 6; i++) {
      const [res] = await rawExchange(port, rawRequest('GET', '/v1/pets/1', { host: 'api.petstore.test', ...p.auth }));
      assert.equal(res?.status, 200);
      assert.ok(res && headerOf(res, 'deprecation'));
    }
    // SQLite answers getPet early once the key is cached; PostgreSQL without Redis takes the regular path.
    if (h.storage.engine === 'sqlite') assert.ok(h.app.frontDoor.answered > answeredBefore, 'some were answered early');
    await h.app.usage.recorder.flush();
    assert.deepEqual(callersOf(await report(p.c, p.slug)), [[p.keyId, 'test', 6]]);
  });

  test('one api.deprecated_call event per key, operation and UTC day, not per call, even from two instances', async () => {
    const p = await project();
    const mobile = await newKey(p.slug, 'mobile');
    const mobileAuth = { authorization: `Bearer ${mobile.key}` };
    const other = await buildApp({ config: h.app.config, storage: h.storage, clock });
    try {
      for (let i = 0; i < 3; i++) assert.equal(await getPet(p.auth), 200);
      assert.equal((await other.inject({ method: 'GET', url: '/v1/pets/1', headers: p.auth })).statusCode, 200);
      await Promise.all([h.app.usage.recorder.flush(), other.usage.recorder.flush()]);
      for (let i = 0; i < 4; i++) assert.equal(await getPet(p.auth), 200);
      assert.equal(await getPet(mobileAuth), 200);
      await h.app.usage.recorder.flush();
      const today = await events(p.c, p.slug);
      assert.deepEqual(today.map((e) => e.data.keyId).sort(), [p.keyId, mobile.id].sort());
      assert.deepEqual(today.find((e) => e.data.keyId === mobile.id)?.data, {
        keyId: mobile.id,
        keyName: 'mobile',
        operation: 'getPet',
        sunset: '2030-12-05T00:00:00.000Z',
        successor: '/v1/pets',
        environment: 'production',
      });
      assert.equal(today[0]?.environment, 'production');

      // The next UTC day: one more for the key that calls again.
      clock.advance(DAY_MS);
      for (let i = 0; i < 2; i++) assert.equal(await getPet(p.auth), 200);
      await h.app.usage.recorder.flush();
      const c = await memberOf(h.app, p.slug);
      const two = await events(c, p.slug);
      assert.equal(two.filter((e) => e.data.keyId === p.keyId).length, 2);
      assert.equal(two.filter((e) => e.data.keyId === mobile.id).length, 1);
      assert.deepEqual(callersOf(await report(c, p.slug)), [
        [p.keyId, 'test', 10],
        [mobile.id, 'mobile', 1],
      ]);
    } finally {
      await other.close();
    }
  });

  test('a staging key’s daily event is staging’s', async () => {
    const p = await project();
    const staging = await newKey(p.slug, 'staging ci', 'staging');
    const auth = { authorization: `Bearer ${staging.key}` };
    assert.equal(await getPet(auth, 5, STAGING), 404);
    await h.app.usage.recorder.flush();
    assert.deepEqual(await events(p.c, p.slug), []);
    const [event, ...more] = await events(p.c, p.slug, 'staging');
    assert.deepEqual(more, []);
    assert.equal(event?.environment, 'staging');
    assert.deepEqual([event?.data.keyId, event?.data.environment], [staging.id, 'staging']);
  });

  test('a flush that fails adds no call and no event; the next one adds each call once, with one event', async () => {
    const p = await project();
    for (let i = 0; i < 3; i++) assert.equal(await getPet(p.auth), 200);
    const allow = await refuseWrites(h.storage.database, 'usage_deprecated_calls', 'UPDATE');
    try {
      await assert.rejects(h.app.usage.recorder.flush());
      assert.deepEqual(callersOf(await report(p.c, p.slug)), []);
      assert.deepEqual(await events(p.c, p.slug), [], 'the event went with the counts');
    } finally {
      await allow();
    }
    assert.equal(await getPet(p.auth), 200);
    await h.app.usage.recorder.flush();
    assert.deepEqual(callersOf(await report(p.c, p.slug)), [[p.keyId, 'test', 4]]);
    assert.equal((await events(p.c, p.slug)).length, 1);
  });

  test('a key that stopped calling drops out after 30 days', async () => {
    const p = await project();
    const mobile = await newKey(p.slug, 'mobile');
    assert.equal(await getPet({ authorization: `Bearer ${mobile.key}` }), 200);
    await h.app.usage.recorder.flush();
    const calledOn = clock.now();
    const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
    // Still among the callers on the 30th day counting the day of its call, gone on the 31st.
    clock.set(dayOf(calledOn) + 29 * DAY_MS + DAY_MS - 1);
    assert.deepEqual(callersOf(await report(await memberOf(h.app, p.slug), p.slug)), [[mobile.id, 'mobile', 1]]);
    clock.set(dayOf(calledOn) + 30 * DAY_MS);
    assert.deepEqual(callersOf(await report(await memberOf(h.app, p.slug), p.slug)), []);
    clock.set(calledOn);
  });
});

describeEachEngine('deprecation readiness in staging at its own path', () => {
  const clock = manualClock(START);
  let h: Harness;
  before(async () => {
    h = await harness({ clock, config: { stagingBaseUrl: 'https://api.petstore.test/staging/v1' } });
  });
  after(() => h.close());

  test('the report, the daily event and a 410 name staging’s paths, as its Link header does; callers carry the key’s hint', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const unnamed = ok(await h.app.keys.create(OPERATOR, p.project, null, { environment: 'staging' }));
    const auth = { authorization: `Bearer ${unnamed.key}` };
    const res = await h.request({ method: 'GET', url: '/staging/v1/pets/1', headers: auth });
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers.link, '</staging/v1/pets>; rel="successor-version"');
    await h.app.usage.recorder.flush();

    const report = (await c.call({ url: `/api/v1/projects/${p.project}/deprecations?environment=staging` })).json() as Report;
    const getPet = report.operations.find((o) => o.operation === 'getPet');
    assert.deepEqual([getPet?.path, getPet?.successor], ['/staging/v1/pets/{petId}', '/staging/v1/pets']);
    assert.deepEqual(
      getPet?.callers.map((k) => [k.keyId, k.name, k.hint]),
      [[unnamed.id, null, unnamed.hint]],
      'an unnamed key is shown by its hint, as the key list shows it',
    );
    const production = (await c.call({ url: `/api/v1/projects/${p.project}/deprecations` })).json() as Report;
    assert.deepEqual(
      production.operations.map((o) => [o.path, o.successor]),
      [['/v1/pets/{petId}', '/v1/pets']],
    );
    const events = (
      await c.call({ url: `/api/v1/projects/${p.project}/events?type=api.deprecated_call&environment=staging` })
    ).json() as Event[];
    assert.equal(events[0]?.data.successor, '/staging/v1/pets');

    clock.set(Date.UTC(2030, 11, 5));
    try {
      const gone = await h.request({ method: 'GET', url: '/staging/v1/pets/1', headers: auth });
      assert.equal(gone.statusCode, 410);
      assert.match((gone.json() as { message: string }).message, /Use \/staging\/v1\/pets instead\.$/);
    } finally {
      clock.set(START);
    }
  });
});
