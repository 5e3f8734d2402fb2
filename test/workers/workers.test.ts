import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { cliJson, createUnlimitedKey, runCli, startServer, tempDatabase, type LogLine, type RunningServer } from '../helpers/processes.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
  requestId: string;
}

/**
 * One request on a connection of its own (the cluster hands connections to the workers in turn, so requests
 * on new connections are spread over both).
 */
function call(base: string, method: string, path: string, auth: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        timeout: timeoutMs,
        headers: { authorization: `Bearer ${auth}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: (text === '' ? {} : JSON.parse(text)) as Answer['body'],
            requestId: String(res.headers['x-request-id']),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${String(timeoutMs)} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The worker that answered each request, from its access log line (written within the log's 200 ms batch). */
async function workersOf(server: RunningServer, answers: Answer[]): Promise<number[]> {
  const byId = (id: string) => (l: LogLine) => l.reqId === id && typeof l.worker === 'number';
  const lines = await Promise.all(answers.map((a) => server.waitForLog(byId(a.requestId), 5000)));
  return lines.map((l) => l.worker as number);
}

/** Waits, if need be, for the next minute: the requests that follow stay in one minute window. */
async function roomInThisMinute(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await sleep(left + 100);
}

async function inBatches<T>(n: number, size: number, one: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => one(i + j)))));
  return out;
}

const logsSay = (server: RunningServer, text: string) => server.logs.filter((l) => JSON.stringify(l).includes(text));

/*
 * WORKERS=2 on real servers started from the CLI, on each engine (PostgreSQL with Redis, as it is deployed):
 * every rule holds across the workers as in one process.
 */
describeEachEngine('WORKERS=2', (engine) => {
  const redis = engine.name === 'postgres' ? testRedis() : null;
  let db: FreshDatabase;
  let server: RunningServer;
  let receiver: Server;
  let receiverUrl = '';
  const delivered: string[] = [];
  const prefix = uniqueRedisPrefix();
  let skipped = false;

  before(async () => {
    if (redis !== null && 'skip' in redis) {
      skipped = true;
      return;
    }
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        delivered.push(text);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${String(typeof address === 'object' && address !== null ? address.port : 0)}/hook`;
    db = await freshDatabase(engine.name, { onDisk: true });
    server = await startServer({
      DATABASE_URL: db.url,
      WORKERS: '2',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      BAN_THRESHOLD: '5',
      KEY_CACHE_TTL_MS: '2000',
      ...(redis !== null && 'url' in redis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix } : {}),
    });
    await server.waitForLog((l) => l.msg === 'serving with 2 workers', 30_000);
  });
  after(async () => {
    if (skipped) return;
    await server?.stop('SIGKILL');
    await new Promise((resolve) => receiver?.close(resolve));
    await db?.drop();
    if (redis !== null && 'url' in redis) await deleteRedisPrefix(redis.url, prefix);
  });

  const skip = () => (redis !== null && 'skip' in redis ? redis.skip : false);

  const freeKey = async (): Promise<{ slug: string; key: string; id: string }> => {
    const slug = uniqueSlug('free');
    await cliJson(['projects', 'create', slug, '--plan', 'free', '--json'], db.url);
    const created = await cliJson<{ key: string; id: string }>(['keys', 'create', '--project', slug, '--json'], db.url);
    return { slug, key: created.key, id: created.id };
  };

  test(
    'a Free key gets exactly 60 × 200 of 100 requests spread over both workers; the ban that follows holds on both',
    { skip: skip() },
    async () => {
      const { key } = await freeKey();
      await roomInThisMinute(25);
      const answers = await inBatches(100, 10, () => call(server.url, 'GET', '/v1/pets', key));
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 200).length, 60, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 429).length, 40);
      assert.deepEqual(new Set(await workersOf(server, answers)), new Set([1, 2]));
      // More than BAN_THRESHOLD (5) refused requests: the key is banned, and every worker answers so at once.
      const after = await inBatches(10, 5, () => call(server.url, 'GET', '/v1/pets', key));
      assert.deepEqual(
        after.map((a) => a.body.code),
        after.map(() => 'api_key_banned'),
      );
      assert.deepEqual(new Set(await workersOf(server, after)), new Set([1, 2]));
    },
  );

  test('a quota of 1,000 a minute: exactly 1,000 of 1,300 requests spread over both workers, busy at once', { skip: skip() }, async () => {
    // Far from the quota the workers count from credit (blocks the primary counted ahead); near it, per request.
    const slug = uniqueSlug('credit');
    await cliJson(['projects', 'create', slug, '--plan', 'enterprise', '--per-minute', '1000', '--per-day', '100000', '--json'], db.url);
    const { key } = await cliJson<{ key: string }>(['keys', 'create', '--project', slug, '--json'], db.url);
    await roomInThisMinute(45);
    const answers = await inBatches(1300, 26, () => call(server.url, 'GET', '/v1/pets?limit=1', key));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1000);
    // The refusals that follow the first five ban the key (BAN_THRESHOLD): refused as banned then.
    assert.deepEqual(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.code)), new Set(['rate_limited', 'api_key_banned']));
    assert.deepEqual(new Set(await workersOf(server, answers.slice(0, 100))), new Set([1, 2]));
    assert.deepEqual(new Set(await workersOf(server, answers.slice(-100))), new Set([1, 2]));
  });

  test('a revoked key is refused by both workers within 5 s', { skip: skip() }, async () => {
    const { key, id } = await freeKey();
    // Both workers know the key (cached).
    const warm = await inBatches(6, 6, () => call(server.url, 'GET', '/v1/pets', key));
    assert.deepEqual(new Set(warm.map((a) => a.status)), new Set([200]));
    const revoke = await runCli(['keys', 'revoke', id], db.url, { LOG_LEVEL: 'silent' });
    assert.equal(revoke.code, 0, revoke.stderr);
    const revokedAt = Date.now();
    await sleep(Math.max(0, revokedAt + 5000 - Date.now()));
    const refused = await inBatches(10, 5, () => call(server.url, 'GET', '/v1/pets', key));
    assert.deepEqual(
      refused.map((a) => a.status),
      refused.map(() => 401),
    );
    assert.deepEqual(new Set(await workersOf(server, refused)), new Set([1, 2]));
  });

  test('a write acknowledged by one worker is seen by the next read on either', { skip: skip() }, async () => {
    const key = await createUnlimitedKey(db.url, uniqueSlug('reads'));
    for (let i = 0; i < 20; i++) {
      const created = await call(server.url, 'POST', '/v1/pets', key, { name: `Seen ${String(i)}`, categoryId: 1 });
      assert.equal(created.status, 201);
      const reads = await Promise.all([
        call(server.url, 'GET', `/v1/pets/${String(created.body.id)}`, key),
        call(server.url, 'GET', `/v1/pets/${String(created.body.id)}`, key),
        call(server.url, 'GET', '/v1/pets?limit=100', key),
        call(server.url, 'GET', '/v1/pets?limit=100', key),
      ]);
      assert.deepEqual(
        reads.map((r) => r.status),
        [200, 200, 200, 200],
      );
      for (const list of reads.slice(2)) {
        assert.ok(
          (list.body as unknown as { id: number }[]).some((p) => p.id === created.body.id),
          'the list has the new pet',
        );
      }
    }
  });

  test('a 90/10 read/write mix: no 5xx, no SQLITE_BUSY', { skip: skip() }, async () => {
    const key = await createUnlimitedKey(db.url, uniqueSlug('mix'));
    const answers = await inBatches(600, 20, (i) =>
      i % 10 === 0
        ? call(server.url, 'POST', '/v1/pets', key, { name: `Mix ${String(i)}`, categoryId: 2 })
        : call(server.url, 'GET', '/v1/pets', key),
    );
    const failed = answers.filter((a) => a.status >= 500);
    assert.deepEqual(failed, []);
    assert.equal(answers.filter((a) => a.status === 201).length, 60);
    assert.deepEqual(logsSay(server, 'SQLITE_BUSY'), []);
  });

  test('one webhook delivery per event, from the primary', { skip: skip() }, async () => {
    const slug = uniqueSlug('hooks');
    const key = await createUnlimitedKey(db.url, slug);
    const added = await runCli(['webhooks', 'add', slug, receiverUrl, '--events', 'pet.created'], db.url, {
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    assert.equal(added.code, 0, added.stderr);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(server.url, 'POST', '/v1/pets', key, { name: `Hooked ${String(i)}`, categoryId: 3 })),
    );
    assert.deepEqual(new Set(await workersOf(server, created)), new Set([1, 2]));
    const ids = created.map((c) => c.body.id).sort();
    const petIds = () => delivered.map((d) => (JSON.parse(d) as { data: { id: number } }).data.id);
    for (const deadline = Date.now() + 20_000; petIds().length < ids.length && Date.now() < deadline;) await sleep(100);
    // Time for a second delivery of any of them to arrive, were there one.
    await sleep(1500);
    assert.deepEqual(petIds().sort(), ids);
  });

  test('a killed worker is replaced, with no acknowledged write lost', { skip: skip() }, async () => {
    const key = await createUnlimitedKey(db.url, uniqueSlug('killed'));
    const listening = server.logs.filter((l) => l.worker === 1 && String(l.msg).startsWith('Server listening'));
    const pid = listening.at(-1)?.pid as number;
    const acknowledged: number[] = [];
    let failures = 0;
    const writing = inBatches(200, 4, async (i) => {
      if (i === 40) process.kill(pid, 'SIGKILL');
      // A connection the cluster was handing to the worker as it died is never answered: the client gives up.
      const r = await call(server.url, 'POST', '/v1/pets', key, { name: `Kept ${String(i)}`, categoryId: 4 }, 5000).catch(() => null);
      if (r?.status === 201) acknowledged.push(r.body.id as number);
      else failures++;
    });
    await writing;
    await server.waitForLog((l) => l.worker === 1 && String(l.msg).startsWith('Server listening') && l.pid !== pid, 20_000);
    assert.equal(logsSay(server, 'worker 1 exited; replacing it').length, 1);
    // Only requests the killed worker held when it died may have failed (their connections closed unanswered).
    assert.ok(failures <= 4, `${String(failures)} failed`);
    for (const id of acknowledged) {
      const read = await call(server.url, 'GET', `/v1/pets/${String(id)}`, key);
      assert.equal(read.status, 200, `pet ${String(id)}`);
    }
    const ready = await fetch(`${server.url}/readyz`).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { checks: Record<string, string> },
    }));
    assert.equal(ready.status, 200);
    assert.equal(ready.body.checks.workers, '2/2');
  });

  test('SIGTERM drains every worker; exit status 0', { skip: skip() }, async () => {
    const status = await server.stop('SIGTERM', 20_000);
    assert.deepEqual(status, { code: 0, signal: null });
    assert.deepEqual(new Set(server.logs.filter((l) => l.msg === 'stopped').map((l) => l.worker)), new Set([0, 1, 2]));
  });
});

describe('WORKERS at start', () => {
  test('a WORKERS that is not a number or auto stops the start, naming it', async () => {
    const db = tempDatabase();
    try {
      const r = await runCli(['serve'], db.url, { WORKERS: 'many', PORT: '0' });
      assert.equal(r.code, 1);
      assert.match(r.stderr, /WORKERS: Expected integer \(got "many"\)/);
    } finally {
      db.cleanup();
    }
  });

  test('a port in use stops the whole server with the one line and exit status of a single process', async () => {
    const busy = createTcpServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const port = (busy.address() as { port: number }).port;
    const db = tempDatabase();
    try {
      const r = await runCli(['serve'], db.url, { WORKERS: '2', PORT: String(port), HOST: '127.0.0.1' });
      assert.equal(r.code, 1, r.stderr);
      assert.equal(
        r.stderr,
        `petstore: port ${String(port)} is in use (127.0.0.1:${String(port)}): stop what listens there, or set PORT\n`,
      );
    } finally {
      busy.close();
      db.cleanup();
    }
  });
});
