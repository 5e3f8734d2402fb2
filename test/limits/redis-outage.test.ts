import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { MINUTE, assertConsistentLimitHeaders, intoMinute, simultaneous, statusCounts } from '../helpers/limits.js';
import { redisKeys, uniqueRedisPrefix } from '../helpers/redis.js';
import { eventually, freePort, redisServerAvailable, startRedisServer, stopRedisServer } from '../helpers/redis-server.js';

const available = redisServerAvailable();
const pets = (auth: Record<string, string>) => ({ method: 'GET' as const, url: '/v1/pets', headers: auth });

const title = 'Redis outage: the service keeps limiting on local counters and goes back to Redis';
if (available !== true) test(title, { skip: available }, () => {});
else
  describe(title, () => {
    const clock = manualClock(intoMinute(10));
    const prefix = uniqueRedisPrefix();
    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    let port: number;
    let url: string;
    let server: ChildProcess | undefined;
    let h: Harness;

    const limiterState = async () => (await h.app.inject({ method: 'GET', url: '/readyz' })).json().checks.limiter as string;
    const logged = (text: string) => logs.filter((l) => l.includes(text)).length;

    before(async () => {
      port = await freePort();
      url = `redis://127.0.0.1:${String(port)}`;
      // Redis is not running yet: start-up must not fail.
      h = await harness({ clock, logStream, config: { redisUrl: url, redisKeyPrefix: prefix, logLevel: 'info' } });
    });
    after(async () => {
      await h?.close();
      if (server) await stopRedisServer(server);
    });

    test('unreachable at start: requests are answered and limited exactly on local counters; /readyz says degraded', async () => {
      const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200, 'still ready: requests are being served');
      assert.equal(ready.json().checks.limiter, 'degraded');
      assert.equal(logged('Redis is unreachable'), 1);
      const free = await h.newProject('free');
      const responses = await simultaneous([h.app], 100, pets(free.auth));
      assert.deepEqual(statusCounts(responses), { 200: 60, 429: 40 });
      for (const r of responses) assertConsistentLimitHeaders(r, clock.now());
    });

    test('Redis comes up: the shared limiter is used without restart', async () => {
      server = await startRedisServer(port);
      assert.ok(await eventually(async () => (await limiterState()) === 'redis'), 'limiter back on Redis');
      assert.equal(logged('Redis is reachable again'), 1);
      clock.advance(MINUTE);
      const free = await h.newProject('free');
      assert.deepEqual(statusCounts(await simultaneous([h.app], 70, pets(free.auth))), { 200: 60, 429: 10 });
      assert.ok(
        (await redisKeys(url, prefix)).some((k) => k.startsWith(`${prefix}:rl:minute:`)),
        'counted in Redis',
      );
    });

    test('Redis goes down mid-run: requests keep being answered and limited; it is logged and /readyz says degraded', async () => {
      assert.ok(server);
      await stopRedisServer(server);
      server = undefined;
      clock.advance(MINUTE);
      const free = await h.newProject('free');
      const responses = await simultaneous([h.app], 80, pets(free.auth));
      assert.deepEqual(statusCounts(responses), { 200: 60, 429: 20 });
      assert.equal(await limiterState(), 'degraded');
      assert.equal(logged('Redis is unreachable'), 2);
    });

    test('Redis returns: the shared limiter is used again', async () => {
      server = await startRedisServer(port);
      assert.ok(await eventually(async () => (await limiterState()) === 'redis'), 'limiter back on Redis');
      assert.equal(logged('Redis is reachable again'), 2);
      clock.advance(MINUTE);
      const free = await h.newProject('free');
      assert.equal((await h.request(pets(free.auth))).statusCode, 200);
      const minuteKeys = (await redisKeys(url, prefix)).filter((k) => k.startsWith(`${prefix}:rl:minute:`));
      assert.equal(minuteKeys.length, 1, 'the restarted Redis (empty) holds the new count');
    });

    test('Redis stops answering (its process frozen): requests are answered on local counters after the command timeout', async () => {
      assert.ok(server);
      clock.advance(MINUTE);
      const free = await h.newProject('free');
      server.kill('SIGSTOP');
      try {
        assert.deepEqual(statusCounts(await simultaneous([h.app], 70, pets(free.auth))), { 200: 60, 429: 10 });
        assert.equal(await limiterState(), 'degraded');
        assert.equal(logged('Redis is unreachable'), 3);
      } finally {
        server.kill('SIGCONT');
      }
      // Once it answers again, the next requests go back to Redis.
      const other = await h.newProject('free');
      assert.ok(
        await eventually(async () => {
          await h.app.inject(pets(other.auth));
          return (await limiterState()) === 'redis';
        }),
        'limiter back on Redis',
      );
      assert.equal(logged('Redis is reachable again'), 3);
    });
  });
