import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { engines } from '../helpers/engines.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';
import { HELD_MS } from '../../src/pets/version-cache.js';
import { RedisCounters } from '../../src/limits/redis.js';
import { SETTLE_MS } from '../../src/limits/counters.js';
import { Redis } from 'ioredis';
import {
  baseOf,
  call as callOn,
  callSlowly,
  changedAt,
  holdAnswers,
  json as expectJson,
  names,
  settle,
  settledProject,
  statusOf,
  twoInstances,
} from '../helpers/held-answers.js';
import { hostPort, tcpProxy } from '../helpers/tcp-proxy.js';

const redis = testRedis();
const postgres = engines().find((e) => e.name === 'postgres');
const skip = 'skip' in redis ? redis.skip : postgres?.skip;

interface Pet {
  id: number;
  name: string;
  status?: string;
}

/**
 * On PostgreSQL + Redis, instances hold listPets and getPet answers under the project's shared version
 * (src/pets/version-cache.ts). Two instances share a database and a Redis prefix, as deployed, and are
 * called over HTTP (the front door answers there, not through inject).
 */
describe('answers held under a shared version (PostgreSQL + Redis)', { skip }, () => {
  let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
  let a: Harness;
  let b: Harness;
  let prefix: string;
  const base = (h: Harness) => `http://127.0.0.1:${String((h.app.server.address() as AddressInfo).port)}`;
  /** A request as a plain client sends it (fetch adds headers that keep a request off the front door). */
  const call = (h: Harness, path: string, init: { method?: string; body?: string } = {}, auth = a.auth) =>
    new Promise<{ status: number; text: string; remaining: number }>((resolve, reject) => {
      const headers: Record<string, string> = { ...auth, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) };
      const req = httpRequest(`${base(h)}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, remaining: Number(res.headers['x-ratelimit-remaining']) }));
      });
      req.on('error', reject);
      req.end(init.body);
    });
  const json = async <T>(res: { status: number; text: string }, status = 200): Promise<T> => {
    assert.equal(res.status, status, res.text);
    return JSON.parse(res.text) as T;
  };
  const create = async (h: Harness, name: string) =>
    json<Pet>(await call(h, '/v1/pets', { method: 'POST', body: JSON.stringify({ name, categoryId: 1 }) }), 201);
  const sql = (text: string, values: unknown[]) => {
    const { database } = a.storage;
    if (database.engine !== 'postgres') throw new Error('PostgreSQL only');
    return database.pg.query(text, values);
  };

  before(async () => {
    if (skip !== undefined || 'skip' in redis) return;
    prefix = uniqueRedisPrefix();
    instances = await twoInstances({ redisUrl: redis.url, redisKeyPrefix: prefix, stagingBaseUrl: 'https://api.petstore.test/staging/v1' });
    ({ a, b } = instances);
  });
  after(async () => {
    await instances?.close();
    if (!('skip' in redis) && prefix) await deleteRedisPrefix(redis.url, prefix);
  });

  test('an answer held on one instance is never given after a write answered by another', async () => {
    const first = await create(a, 'First');
    const read = async () => (await json<Pet[]>(await call(b, '/v1/pets?limit=100'))).map((p) => p.name);
    // Read twice on B: the second is the held answer.
    assert.deepEqual(await read(), ['First']);
    assert.deepEqual(await read(), ['First']);
    const before = b.app.frontDoor.answered;
    await create(a, 'Second');
    assert.deepEqual(await read(), ['First', 'Second'], 'the list read right after the 201');
    assert.equal(b.app.frontDoor.answered, before + 1, 'answered by the front door');

    // An order changes its pet's status: placed (pending), delivered (sold), cancelled (available again).
    const get = async () => (await json<Pet>(await call(b, `/v1/pets/${String(first.id)}`))).status;
    assert.equal(await get(), 'available');
    assert.equal(await get(), 'available');
    const order = await json<{ id: number }>(
      await call(a, '/v1/store/orders', { method: 'POST', body: JSON.stringify({ petId: first.id }) }),
      201,
    );
    assert.equal(await get(), 'pending', 'an order placed, read right after');
    for (const status of ['approved', 'delivered']) {
      await json(await call(a, `/v1/store/orders/${String(order.id)}`, { method: 'PATCH', body: JSON.stringify({ status }) }));
    }
    assert.equal(await get(), 'sold', 'an order delivered, read right after');

    const second = (await json<Pet[]>(await call(b, '/v1/pets?limit=100')))[1] as Pet;
    const getSecond = async () => (await json<Pet>(await call(b, `/v1/pets/${String(second.id)}`))).status;
    const cancelled = await json<{ id: number }>(
      await call(a, '/v1/store/orders', { method: 'POST', body: JSON.stringify({ petId: second.id }) }),
      201,
    );
    assert.equal(await getSecond(), 'pending');
    await json(await call(a, `/v1/store/orders/${String(cancelled.id)}`, { method: 'DELETE' }));
    assert.equal(await getSecond(), 'available', 'an order cancelled, read right after');
  });

  test(`answers are held: a change made outside the API is seen within ${String(HELD_MS / 1000)} s`, async () => {
    // A project whose pets no API write changed: its version is settled from the start.
    const q = await a.newProject();
    const projectId = ok(await a.app.projects.find(q.project)).id;
    await sql("INSERT INTO pets (project_id, id, name, category_id, status, created_at) VALUES ($1, 1, 'Before', 1, 'available', now())", [
      projectId,
    ]);
    await sql('INSERT INTO pet_sequences (project_id, last_id) VALUES ($1, 1)', [projectId]);
    const get = async () => (await json<Pet>(await call(b, '/v1/pets/1', {}, q.auth))).name;
    // The first request on B looks the new key up (the regular path); the second is the front door's, and held.
    assert.equal(await get(), 'Before');
    assert.equal(await get(), 'Before');
    await sql('UPDATE pets SET name = $1 WHERE project_id = $2 AND id = 1', ['Changed by SQL', projectId]);
    const start = Date.now();
    // Held: the database is not read again until the version changes or the answer is too old.
    assert.equal(await get(), 'Before');
    let name = 'Before';
    while (name === 'Before' && Date.now() - start < HELD_MS + 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      name = await get();
    }
    assert.equal(name, 'Changed by SQL');
    assert.ok(Date.now() - start <= HELD_MS + 200, `seen after ${String(Date.now() - start)} ms`);

    // A list held on B, then a pet created through A: B's next list has it.
    const list = async () => (await json<Pet[]>(await call(b, '/v1/pets', {}, q.auth))).map((p) => p.name);
    assert.deepEqual(await list(), ['Changed by SQL']);
    await sql('UPDATE pets SET name = $1 WHERE project_id = $2 AND id = 1', ['Held', projectId]);
    assert.deepEqual(await list(), ['Changed by SQL'], 'held');
    const created = await call(a, '/v1/pets', { method: 'POST', body: JSON.stringify({ name: 'Via A', categoryId: 1 }) }, q.auth);
    assert.equal(created.status, 201);
    assert.deepEqual(await list(), ['Held', 'Via A'], 'read right after the 201');
  });

  test('staging: a write on one instance is read on the other, quotas are counted apart, and a reset or a copy leaves no held answer', async () => {
    const q = await a.newProject('enterprise', { perMinute: 1_000, perDay: 100_000 });
    const production = ok(await a.app.projects.find(q.project));
    const stagingRow = await a.app.projects.inEnvironment(production, 'staging');
    const key = ok(await a.app.keys.create(OPERATOR, q.project, 'staging', { environment: 'staging' }));
    const staging = { authorization: `Bearer ${key.key}` };
    const list = async (h: Harness) => (await json<Pet[]>(await call(h, '/staging/v1/pets', {}, staging))).map((p) => p.name);

    // Written through A, read on B.
    const created = await call(a, '/staging/v1/pets', { method: 'POST', body: JSON.stringify({ name: 'Via A', categoryId: 1 }) }, staging);
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(await list(b), ['Via A']);
    assert.deepEqual((await json<Pet[]>(await call(b, '/v1/pets', {}, q.auth))).length, 0, 'production sees none of it');

    // Counted apart in Redis: staging's requests so far leave production's minute untouched.
    const prodRemaining = (await call(b, '/v1/pets', {}, q.auth)).remaining;
    const stagRemaining = (await call(a, '/staging/v1/pets', {}, staging)).remaining;
    assert.ok(prodRemaining > stagRemaining, `production ${String(prodRemaining)}, staging ${String(stagRemaining)}`);
    assert.equal((await call(b, '/v1/pets', {}, q.auth)).remaining, prodRemaining - 1);
    assert.equal((await call(b, '/staging/v1/pets', {}, staging)).remaining, stagRemaining - 1);

    // Held on B once staging's version is settled (its last write moved SETTLE_MS back in Redis).
    const client = new Redis('url' in redis ? redis.url : assert.fail('no Redis'));
    try {
      await client.hincrby(`${prefix}:v:pets:${String(stagingRow.id)}`, 'at', -(SETTLE_MS + 1));
    } finally {
      client.disconnect();
    }
    assert.deepEqual(await list(b), ['Via A']);
    await sql('UPDATE pets SET name = $1 WHERE project_id = $2', ['Changed by SQL', stagingRow.id]);
    assert.deepEqual(await list(b), ['Via A'], 'held on B');
    ok(await a.app.staging.reset(OPERATOR, q.project));
    assert.deepEqual(await list(b), [], 'read right after the reset: nothing held survives it');

    await sql(
      "INSERT INTO pets (project_id, id, name, category_id, status, created_at) VALUES ($1, 7, 'In production', 1, 'available', now())",
      [production.id],
    );
    await sql('INSERT INTO pet_sequences (project_id, last_id) VALUES ($1, 7)', [production.id]);
    assert.deepEqual(await list(b), []);
    ok(await a.app.staging.copyPets(OPERATOR, q.project));
    assert.deepEqual(await list(b), ['In production'], 'read right after the copy');
  });

  test('a version is settled only once no write has marked or changed it for SETTLE_MS; a write marks it in its own count and changes it after its commit', async () => {
    const redisUrl = 'url' in redis ? redis.url : assert.fail('no Redis');
    const log = a.app.log;
    const counters = await RedisCounters.open(redisUrl, `${prefix}:direct`, log);
    try {
      const admit = () => counters.admitWindows('m', 'd', 1_000, 1_000, 'pets:1');
      const first = await admit();
      assert.equal(typeof first?.version, 'string');
      assert.equal(first?.settled, true, 'never written: settled, at a random start');
      assert.equal((await admit())?.version, first?.version);
      await counters.incrementWindows('m', 'd', 1_000, false, 'pets:1');
      // Versions are given with the count of connections lost before them: `lost.n`.
      const n = (version: string | null | undefined) => Number(String(version).split('.')[1]);
      const written = await admit();
      assert.equal(written?.settled, false, 'being written: not settled');
      assert.equal(written?.version, first?.version, 'not changed before the write commits');
      assert.equal(await counters.changeVersion('pets:1'), true);
      const committed = await admit();
      assert.equal(committed?.settled, false);
      assert.equal(n(committed?.version), n(first?.version) + 1, 'changed once the write committed');
      // A request the minute refuses writes nothing and changes nothing.
      const refused = await counters.incrementWindows('m2', 'd2', 0, false, 'pets:2');
      assert.ok(refused.minute > 0);
      assert.equal((await counters.admitWindows('m2', 'd2', 1_000, 1_000, 'pets:2'))?.settled, true);
      // The write was SETTLE_MS ago (moved back in Redis): settled again, at the version after the first.
      const client = new Redis(redisUrl);
      try {
        await client.hincrby(`${prefix}:direct:v:pets:1`, 'at', -(SETTLE_MS + 1));
      } finally {
        client.disconnect();
      }
      const again = await admit();
      assert.equal(again?.settled, true);
      assert.equal(n(again?.version), n(first?.version) + 1);
    } finally {
      await counters.close();
    }
  });

  test('a write sent to a percent-encoded path changes the version: the first read after its 201, on either instance, shows it', async () => {
    const redisUrl = 'url' in redis ? redis.url : assert.fail('no Redis');
    const q = await settledProject(a);
    await holdAnswers([a, b], q);
    const created = expectJson<Pet>(
      await callOn(a, '/v1/%70ets', q.auth, { method: 'POST', body: JSON.stringify({ name: 'Encoded', categoryId: 1 }) }),
      201,
    );
    const [onA, onB] = await Promise.all([names(a, q), names(b, q)]);
    assert.ok(onA.includes('Encoded') && onB.includes('Encoded'), `A: ${onA.join()}, B: ${onB.join()}`);

    // Orders through encoded paths change their pet's status: placed (pending), delivered (sold), cancelled.
    const order = async (method: string, path: string, body?: unknown) =>
      expectJson<{ id: number }>(
        await callOn(a, path, q.auth, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
        method === 'POST' ? 201 : 200,
      );
    const expect = async (id: number, status: string, what: string) => {
      const [sa, sb] = await Promise.all([statusOf(a, q, id), statusOf(b, q, id)]);
      assert.deepEqual([sa, sb], [status, status], what);
    };
    const hold = async () => {
      await settle(redisUrl, prefix, q.projectId);
      await holdAnswers([a, b], q);
    };
    await hold();
    const placed = await order('POST', '/v1/%73tore/orders', { petId: 1 });
    await expect(1, 'pending', 'placed through /v1/%73tore/orders');
    await order('PATCH', `/v1/store/%6Frders/${String(placed.id)}`, { status: 'approved' });
    await hold();
    await order('PATCH', `/v1/%73tore/orders/${String(placed.id)}`, { status: 'delivered' });
    await expect(1, 'sold', 'delivered through an encoded path');
    await hold();
    const second = await order('POST', '/v1/store/orders', { petId: created.id });
    await hold();
    await order('DELETE', `/v1/store/%6frders/${String(second.id)}`);
    await expect(created.id, 'available', 'cancelled through an encoded path');
  });

  test('a write whose body arrives after its version settled: the first read after its 201, on either instance, shows it', async () => {
    const redisUrl = 'url' in redis ? redis.url : assert.fail('no Redis');
    const q = await settledProject(a);
    await holdAnswers([a, b], q);
    const slow = callSlowly(a, '/v1/pets', q.auth, { method: 'POST', body: JSON.stringify({ name: 'Slow body', categoryId: 1 }) });
    // The head has arrived and been counted (the version changed then); the body takes longer than SETTLE_MS.
    for (let i = 0; (await changedAt(redisUrl, prefix, q.projectId)) === null; i++) {
      assert.ok(i < 100, 'the write was never counted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await settle(redisUrl, prefix, q.projectId);
    // Both instances hold answers under the version the write's head changed, read before it committed.
    await holdAnswers([a, b], q);
    slow.send();
    expectJson(await slow.answer, 201);
    const [onA, onB] = await Promise.all([names(a, q), names(b, q)]);
    assert.ok(onA.includes('Slow body') && onB.includes('Slow body'), `A: ${onA.join()}, B: ${onB.join()}`);
  });

  test(`a write on an instance that cannot reach Redis is answered ${String(HELD_MS / 1000)} s after its commit, and the first read after it, on either instance, shows it`, async () => {
    const redisUrl = 'url' in redis ? redis.url : assert.fail('no Redis');
    const proxy = await tcpProxy(hostPort(redisUrl));
    const cut = await harness({
      engine: 'postgres',
      config: { ...a.app.config, redisUrl: proxy.urlThrough(redisUrl) },
      storage: a.storage,
    });
    try {
      await cut.app.listen({ port: 0, host: '127.0.0.1' });
      const q = await settledProject(a);
      await holdAnswers([b, cut], q);
      // Redis stops answering this instance only; B still reads the version, unchanged by the write.
      proxy.setMode('blackhole');
      const start = Date.now();
      expectJson(
        await callOn(cut, '/v1/pets', q.auth, { method: 'POST', body: JSON.stringify({ name: 'Unseen by Redis', categoryId: 1 }) }),
        201,
      );
      const took = Date.now() - start;
      const [onB, onCut] = await Promise.all([names(b, q), names(cut, q)]);
      assert.ok(onB.includes('Unseen by Redis') && onCut.includes('Unseen by Redis'), `B: ${onB.join()}, cut: ${onCut.join()}`);
      assert.ok(took >= HELD_MS - 50, `answered after ${String(took)} ms`);
      proxy.setMode('up');
      for (let i = 0; ; i++) {
        const ready = (await (await fetch(`${baseOf(cut)}/readyz`)).json()) as { checks: { limiter: string } };
        if (ready.checks.limiter === 'redis') break;
        assert.ok(i < 100, 'Redis is used again');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok((await names(cut, q)).includes('Unseen by Redis'), 'once Redis answers again');
    } finally {
      await cut.app.close();
      await proxy.close();
    }
  });

  test('an instance that cannot reach Redis holds nothing: every answer is read', async () => {
    const offline = await harness({
      engine: 'postgres',
      config: { ...a.app.config, redisUrl: 'redis://127.0.0.1:9', redisKeyPrefix: prefix },
      storage: a.storage,
    });
    try {
      await offline.app.listen({ port: 0, host: '127.0.0.1' });
      const pet = await create(a, 'Offline before');
      const get = async () => (await json<Pet>(await call(offline, `/v1/pets/${String(pet.id)}`))).name;
      assert.equal(await get(), 'Offline before');
      assert.equal(await get(), 'Offline before');
      await sql('UPDATE pets SET name = $1 WHERE id = $2', ['Offline after', pet.id]);
      assert.equal(await get(), 'Offline after');
    } finally {
      await offline.app.close();
    }
  });
});
