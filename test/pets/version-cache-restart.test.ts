import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { HELD_MS } from '../../src/pets/version-cache.js';
import { engines } from '../helpers/engines.js';
import type { Harness } from '../helpers/harness.js';
import { baseOf, call, holdAnswers, json, names, settledProject, twoInstances, type Pet } from '../helpers/held-answers.js';
import { freePort, redisServerAvailable, startRedisServer, stopRedisServer } from '../helpers/redis-server.js';

const available = redisServerAvailable();
const postgres = engines().find((e) => e.name === 'postgres');
const skip = available === true ? postgres?.skip : available;

/**
 * Answers held under a shared version (src/pets/version-cache.ts) when the Redis that keeps the versions restarts
 * with its data: two instances on one PostgreSQL database and a redis-server of the test's own, killed and
 * started again on the same port.
 */
describe('held answers across a Redis restart (PostgreSQL + Redis)', { skip }, () => {
  let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
  let a: Harness;
  let b: Harness;
  let port: number;
  let redis: ChildProcess;
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-redis-'));
    dirs.push(dir);
    return dir;
  };
  const usingRedis = async (h: Harness) => {
    for (let i = 0; ; i++) {
      const ready = (await (await fetch(`${baseOf(h)}/readyz`)).json()) as { checks: { limiter: string } };
      if (ready.checks.limiter === 'redis') return;
      assert.ok(i < 100, 'Redis is used again within 10 s');
      await sleep(100);
    }
  };
  const restart = async (options: Parameters<typeof startRedisServer>[1]) => {
    await stopRedisServer(redis);
    redis = await startRedisServer(port, options);
  };

  before(async () => {
    if (skip !== undefined) return;
    port = await freePort();
    redis = await startRedisServer(port, { dir: folder() });
    instances = await twoInstances({ redisUrl: `redis://127.0.0.1:${String(port)}`, redisKeyPrefix: 'restart' });
    ({ a, b } = instances);
  });
  after(async () => {
    await instances?.close();
    if (redis) await stopRedisServer(redis);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a write made while Redis is down: the first read after its 201, on either instance, shows it, and so do reads once Redis is back with its data', async () => {
    const dir = folder();
    await restart({ dir });
    await Promise.all([usingRedis(a), usingRedis(b)]);
    const q = await settledProject(a);
    await holdAnswers([a, b], q);
    await stopRedisServer(redis);
    const start = Date.now();
    const write = call(a, '/v1/pets', q.auth, { method: 'POST', body: JSON.stringify({ name: 'While Redis was down', categoryId: 1 }) });
    // Redis comes back, with everything it had, while the write is being answered.
    await sleep(1_000);
    redis = await startRedisServer(port, { dir });
    json<Pet>(await write, 201);
    const took = Date.now() - start;
    const [onA, onB] = await Promise.all([names(a, q), names(b, q)]);
    assert.ok(onA.includes('While Redis was down') && onB.includes('While Redis was down'), `A: ${onA.join()}, B: ${onB.join()}`);
    assert.ok(took >= HELD_MS - 50, `answered after ${String(took)} ms`);
    await Promise.all([usingRedis(a), usingRedis(b)]);
    for (const h of [a, b, a, b]) assert.ok((await names(h, q)).includes('While Redis was down'), 'with Redis back');
  });

  test('Redis back with data from before a write changed the version: the first read, on either instance, shows the write', async () => {
    const dir = folder();
    await restart({ dir, keep: 'snapshots' });
    await Promise.all([usingRedis(a), usingRedis(b)]);
    const q = await settledProject(a);
    await holdAnswers([a, b], q);
    // What Redis will come back with: the version the held answers were read under.
    const client = new Redis(`redis://127.0.0.1:${String(port)}`);
    try {
      await client.save();
    } finally {
      client.disconnect();
    }
    json<Pet>(
      await call(a, '/v1/pets', q.auth, { method: 'POST', body: JSON.stringify({ name: 'After the snapshot', categoryId: 1 }) }),
      201,
    );
    await restart({ dir, keep: 'snapshots' });
    await Promise.all([usingRedis(a), usingRedis(b)]);
    const [onA, onB] = await Promise.all([names(a, q), names(b, q)]);
    assert.ok(onA.includes('After the snapshot') && onB.includes('After the snapshot'), `A: ${onA.join()}, B: ${onB.join()}`);
  });
});
