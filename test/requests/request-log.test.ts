import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../src/app.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { rawExchange, rawRequest } from '../helpers/raw-http.js';
import { FIELDS, flatten, openRequestLogRepository } from '../../src/requests/repository.js';
import { RequestRecorder } from '../../src/requests/recorder.js';
import { decode, encode, openThreadWriter, type RequestLogWriter } from '../../src/requests/thread-writer.js';
import { systemClock } from '../../src/clock.js';
import { openAppStorage } from '../../src/features.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATOR } from '../../src/audit/actor.js';

interface Logged {
  requestId: string;
  at: string;
  method: string;
  path: string;
  operation?: string;
  status: number;
  durationMs: number;
  keyId?: string;
  errorCode?: string;
  errorMessage?: string;
}

/** The request log's behaviour on the app `open` gives. */
function requestLogTests(open: () => Promise<Harness>): void {
  let h: Harness;
  let c: ManagementClient;
  let p: { project: string; key: string; auth: { authorization: string } };
  let keyId: string;
  const url = (query = '') => `/api/v1/projects/${p.project}/requests${query}`;

  /** Polls the log until the request shows (at most `ms`); returns it and how long it took. */
  const find = async (requestId: string, ms = 2000) => {
    const start = Date.now();
    for (;;) {
      const res = await c.call({ url: url(`?requestId=${encodeURIComponent(requestId)}`) });
      assert.equal(res.statusCode, 200);
      const [hit] = res.json() as Logged[];
      if (hit || Date.now() - start > ms) return { hit, waited: Date.now() - start };
      await sleep(50);
    }
  };

  before(async () => {
    h = await open();
    p = await h.newProject('pro');
    keyId = ok(await h.app.keys.list(p.project))[0]?.id ?? assert.fail('no key');
    const member = await createPerson(h.app, `requests-${randomBytes(4).toString('hex')}@example.test`);
    ok(await h.app.accounts.addMember(OPERATOR, p.project, member.email));
    c = await ManagementClient.on(h.app);
    await c.signIn(member.email, member.password);
  });
  after(() => h.close());

  test('a request is found by its X-Request-Id within 2 s, with its status, operation, key and error code', async () => {
    const res = await h.request({ url: '/v1/pets/987654', headers: { ...p.auth, 'x-request-id': 'find-me-1' } });
    assert.equal(res.statusCode, 404);
    const { hit, waited } = await find(String(res.headers['x-request-id']));
    assert.ok(hit, `not logged within 2 s (${String(waited)} ms)`);
    assert.equal(hit.requestId, res.headers['x-request-id']);
    assert.deepEqual(
      { method: hit.method, path: hit.path, operation: hit.operation, status: hit.status, keyId: hit.keyId, errorCode: hit.errorCode },
      { method: 'GET', path: '/v1/pets/987654', operation: 'getPet', status: 404, keyId, errorCode: 'not_found' },
    );
    assert.ok(hit.errorMessage);
    assert.ok(hit.durationMs >= 0);
  });

  test('filters: status class and code, key, operation; newest first; cursor paging', async () => {
    const other = ok(await h.app.keys.create(OPERATOR, p.project, 'second'));
    for (let i = 0; i < 3; i++) await h.request({ url: '/v1/pets', headers: p.auth });
    await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: `Bearer ${other.key}` },
      payload: { name: 'Rex', categoryId: 1 },
    });
    await h.request({ url: '/v1/pets?limit=0', headers: p.auth });
    await h.app.requestLog.recorder.flush();
    const list = async (q: string) => {
      const res = await c.call({ url: url(q) });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as Logged[];
    };
    const bad = await list('?status=4xx');
    assert.ok(bad.length >= 2 && bad.every((r) => r.status >= 400 && r.status < 500));
    assert.ok((await list('?status=400')).every((r) => r.status === 400));
    assert.deepEqual(
      (await list(`?keyId=${other.id}`)).map((r) => [r.operation, r.status]),
      [['createPet', 201]],
    );
    assert.ok((await list('?operation=listPets')).every((r) => r.operation === 'listPets'));
    const all = await list('');
    const ats = all.map((r) => r.at);
    assert.deepEqual(ats, [...ats].sort().reverse(), 'newest first');
    const first = await c.call({ url: url('?limit=2') });
    const link = String(first.headers.link);
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? assert.fail('no next page');
    const second = (await c.call({ url: next })).json() as Logged[];
    assert.deepEqual(
      [...(first.json() as Logged[]), ...second].map((r) => r.requestId),
      all.slice(0, 2 + second.length).map((r) => r.requestId),
    );
    assert.equal((await c.call({ url: url('?status=6xx') })).statusCode, 400);
    assert.equal((await c.call({ url: url('?cursor=forged') })).statusCode, 400);
  });

  test('never a secret: no key, no Authorization, no cursor value, no body in any field', async () => {
    const pets = await h.request({ url: '/v1/pets?limit=1', headers: p.auth });
    const cursor = /cursor=([A-Za-z0-9_-]+)/.exec(String(pets.headers.link))?.[1];
    const res = await h.request({ url: `/v1/pets?limit=1&cursor=${cursor ?? 'x'}`, headers: p.auth });
    const leaked = await h.request({ url: `/v1/pets?api_key=${p.key}`, headers: p.auth });
    await h.request({ method: 'POST', url: '/v1/pets', headers: p.auth, payload: { name: 'secret-body-name', categoryId: 1 } });
    await h.app.requestLog.recorder.flush();
    const all = (await c.call({ url: url('?limit=100') })).body;
    assert.ok(!all.includes(p.key), 'the key');
    assert.ok(!all.includes(p.key.slice(4)), 'the key without its prefix');
    if (cursor) assert.ok(!all.includes(cursor), 'the cursor');
    assert.ok(!all.includes('secret-body-name'), 'the body');
    assert.ok(!/bearer/i.test(all), 'the Authorization header');
    const withCursor = (await find(String(res.headers['x-request-id']))).hit;
    assert.equal(withCursor?.path, '/v1/pets?limit=1&cursor=…');
    assert.match((await find(String(leaked.headers['x-request-id']))).hit?.path ?? '', /api_key=psk_\[redacted\]/);
  });

  test("another project's request log is 404; requests without a valid key belong to no project", async () => {
    const stranger = await h.newProject();
    assert.equal((await c.call({ url: `/api/v1/projects/${stranger.project}/requests` })).statusCode, 404);
    const res = await h.request({ url: '/v1/pets', headers: { authorization: 'Bearer psk_nope' } });
    assert.equal(res.statusCode, 401);
    assert.equal((await find(String(res.headers['x-request-id']), 1200)).hit, undefined);
  });

  test('answers the front door gives before Fastify (listPets, getPet on SQLite) are logged too', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as { port: number }).port;
    const headers = { host: 'localhost', ...p.auth };
    // The first request puts the key in the cache; the next ones may be answered early.
    await rawExchange(port, rawRequest('GET', '/v1/pets', headers));
    const answered = h.app.frontDoor.answered;
    const ids = ['early-list-1', 'early-list-2'];
    for (const id of ids) {
      const [res] = await rawExchange(port, rawRequest('GET', '/v1/pets?limit=2', { ...headers, 'x-request-id': id }));
      assert.equal(res?.status, 200);
    }
    if (h.storage.engine === 'sqlite') assert.equal(h.app.frontDoor.answered, answered + 2, 'answered early');
    for (const id of ids) {
      const { hit } = await find(id);
      assert.deepEqual([hit?.operation, hit?.status, hit?.keyId, hit?.path], ['listPets', 200, keyId, '/v1/pets?limit=2']);
    }
  });

  test('several instances each record their own requests; the log shows them all', async () => {
    const other = await buildApp({ config: h.app.config, storage: h.storage });
    try {
      const a = await h.request({ url: '/v1/pets', headers: p.auth });
      const b = await other.inject({ url: '/v1/pets', headers: p.auth });
      assert.equal(b.statusCode, 200);
      for (const r of [a, b]) assert.ok((await find(String(r.headers['x-request-id']))).hit, 'within 2 s');
    } finally {
      await other.close();
    }
  });

  test('an instance that closes writes what it recorded, also while a flush was under way', async () => {
    const other = await buildApp({ config: h.app.config, storage: h.storage });
    const projectId = ok(await h.app.projects.find(p.project)).id;
    const record = (requestId: string) =>
      other.requestLog.recorder.record(projectId, requestId, Date.now(), 'GET', '/v1/pets', 'listPets', 200, 1, null, null);
    record('close-1');
    const underWay = other.requestLog.recorder.flush();
    record('close-2');
    await other.close();
    await underWay;
    for (const id of ['close-1', 'close-2']) assert.ok((await find(id, 0)).hit, id);
  });

  test('the purge removes a busy project past its bound in batches, down to exactly the bound', async () => {
    const repo = openRequestLogRepository(h.storage.database);
    const q = await h.newProject();
    const projectId = ok(await h.app.projects.find(q.project)).id;
    const entries = Array.from({ length: 12_345 }, (_, i) => ({
      projectId,
      requestId: `busy-${String(i)}`,
      at: new Date(Date.now() - 60_000 + i),
      method: 'GET',
      path: '/v1/pets',
      operation: 'listPets',
      status: 200,
      durationUs: 100,
      keyId: null,
      errorCode: null,
    }));
    await repo.add(entries);
    assert.equal(await repo.purge(new Date(Date.now() - 86_400_000), [projectId], 1_000), 11_345);
    const left = await repo.list(projectId, {}, { limit: 1_000 });
    assert.equal(left.length, 1_000);
    assert.deepEqual([left[0]?.requestId, left.at(-1)?.requestId], ['busy-12344', 'busy-11345']);
  });

  test('the purge keeps REQUEST_LOG_DAYS and the newest requests per project up to the bound', async () => {
    const repo = openRequestLogRepository(h.storage.database);
    const q = await h.newProject();
    const projectId = ok(await h.app.projects.find(q.project)).id;
    const at = (ms: number) => new Date(Date.now() - ms);
    const entry = (i: number, age: number) => ({
      projectId,
      requestId: `purge-${String(i)}`,
      at: at(age),
      method: 'GET',
      path: '/v1/pets',
      operation: 'listPets',
      status: 200,
      durationUs: 100,
      keyId: null,
      errorCode: null,
    });
    await repo.add([entry(0, 9 * 86_400_000), ...Array.from({ length: 10 }, (_, i) => entry(i + 1, 1000 - i))]);
    await repo.purge(at(7 * 86_400_000), [projectId], 4);
    const left = await repo.list(projectId, {}, { limit: 100 });
    assert.deepEqual(
      left.map((r) => r.requestId),
      ['purge-10', 'purge-9', 'purge-8', 'purge-7'],
    );
  });
}

describeEachEngine('request log', () => requestLogTests(() => harness()));

// On a SQLite file, a thread of its own writes the log (in memory, the event loop does).
describe('request log [sqlite file: writer thread]', () => {
  let fresh: FreshDatabase;
  before(async () => {
    fresh = await freshDatabase('sqlite', { onDisk: true });
  });
  after(() => fresh.drop());
  requestLogTests(() => harness({ config: { databaseUrl: fresh.url } }));
});

test('a writer thread that cannot start hands its work to the event loop, and nothing recorded is lost', async () => {
  const written: unknown[] = [];
  let failed: Error | null = null;
  const onLoop: RequestLogWriter = {
    addFlat: async (flat) => {
      written.push(...flat);
    },
    purge: async () => 0,
    close: async () => undefined,
  };
  const writer = openThreadWriter(join(tmpdir(), `petstore-missing-${randomBytes(6).toString('hex')}.db`), onLoop, (err) => {
    failed = err;
  });
  const recorder = new RequestRecorder(writer, systemClock, 86_400_000);
  const record = (requestId: string) => recorder.record(1, requestId, Date.now(), 'GET', '/v1/pets', 'listPets', 200, 1, null, null);
  record('before-failure');
  // The thread fails as it starts (no such database file): this flush may be the one it rejects, keeping the entry.
  await recorder.flush().catch(() => undefined);
  for (let i = 0; i < 100 && failed === null; i++) await sleep(20);
  assert.ok(failed, 'the thread reported its failure');
  record('after-failure');
  await recorder.flush();
  // FIELDS values per request, the request id second.
  assert.deepEqual(
    written.filter((_, i) => i % FIELDS === 1),
    ['before-failure', 'after-failure'],
  );
  await writer.close();
});

test('a writer thread writes what it is given, and closing it is not reported as a failure', async () => {
  const fresh = await freshDatabase('sqlite', { onDisk: true });
  const storage = await openAppStorage({ databaseUrl: fresh.url, databasePoolSize: 1 });
  try {
    const { database } = storage;
    if (database.engine !== 'sqlite') throw new Error('SQLite only');
    const failures: Error[] = [];
    const onLoop: RequestLogWriter = { ...openRequestLogRepository(database), close: async () => undefined };
    const writer = openThreadWriter(database.sqlite.name, onLoop, (err) => failures.push(err));
    const at = new Date();
    const entry = {
      projectId: 1,
      at,
      method: 'GET',
      path: '/v1/pets',
      operation: 'listPets',
      status: 200,
      durationUs: 5,
      keyId: null,
      errorCode: null,
    };
    const flat: unknown[] = [];
    for (let i = 0; i < 250; i++) flatten({ ...entry, requestId: `thread-${String(i)}` }, flat);
    await writer.addFlat(flat);
    await writer.close();
    assert.deepEqual(failures, []);
    const rows = await openRequestLogRepository(database).list(1, {}, { limit: 100 });
    assert.equal(rows.length, 100);
    assert.equal(rows[0]?.requestId, 'thread-249');
  } finally {
    await storage.close();
    await fresh.drop();
  }
});

test('a batch handed to the writer thread decodes to exactly what was recorded', () => {
  const flat = [
    7,
    'req_a',
    1_795_000_000_123,
    'GET',
    '/v1/pets?limit=20',
    'listPets',
    200,
    312,
    'key_1',
    null,
    9_007_199_254_740_991,
    'trace "x"',
    1,
    'POST',
    '/v1/pets',
    null,
    400,
    0,
    null,
    'validation_failed',
    7,
    'req_b',
    2,
    'GET',
    '/v1/pets?limit=20',
    'listPets',
    200,
    5,
    'key_1',
    null,
  ];
  assert.deepEqual(decode(encode(flat)), flat);
  assert.deepEqual(encode(flat).strings, ['GET', '/v1/pets?limit=20', 'listPets', 'key_1', 'POST', '/v1/pets', 'validation_failed']);
});
