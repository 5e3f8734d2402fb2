import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.js';
import { defaultConfig, type Config } from '../../src/config.js';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { DAY, MINUTE, assertConsistentLimitHeaders, intoMinute, limitHeaders, simultaneous, statusCounts } from '../helpers/limits.js';
import { deleteRedisPrefix, redisKeys, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';

const redis = testRedis();
const pets = (auth: Record<string, string>) => ({ method: 'GET' as const, url: '/v1/pets', headers: auth });

if ('skip' in redis) test('rate limits on Redis, two instances', { skip: redis.skip }, () => {});
else
  describe('rate limits on Redis, two instances', () => {
    const { url } = redis;
    const prefix = uniqueRedisPrefix();
    const clock = manualClock(intoMinute(20));
    const config: Partial<Config> = { redisUrl: url, redisKeyPrefix: prefix };
    let h: Harness;
    let second: App;

    before(async () => {
      h = await harness({ clock, config });
      // A second instance: its own limiter and key cache, the same database and Redis.
      second = await buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:', ...config }), storage: h.storage, clock });
    });
    after(async () => {
      await second?.close();
      await h?.close();
      await deleteRedisPrefix(url, prefix);
      assert.deepEqual(await redisKeys(url, prefix), [], 'the run leaves no keys behind');
    });

    test('/readyz reports the shared limiter; counts are kept in Redis under the configured prefix', async () => {
      const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.equal(ready.json().checks.limiter, 'redis');
      const free = await h.newProject('free');
      assert.equal((await h.request(pets(free.auth))).statusCode, 200);
      const keys = await redisKeys(url, prefix);
      assert.ok(
        keys.some((k) => k.startsWith(`${prefix}:rl:minute:`)),
        keys.join(' '),
      );
      assert.ok(
        keys.some((k) => k.startsWith(`${prefix}:rl:day:`)),
        keys.join(' '),
      );
    });

    test('Free plan: exactly 60 pass in a minute, the 61st is 429 with Retry-After', async () => {
      clock.set(intoMinute(15));
      const free = await h.newProject('free');
      for (let i = 1; i <= 60; i++) {
        const res = await h.request(pets(free.auth));
        assert.equal(res.statusCode, 200, `request ${String(i)}`);
        assert.equal(limitHeaders(res).remaining, 60 - i);
      }
      const res = await h.request(pets(free.auth));
      assert.equal(res.statusCode, 429);
      assert.equal(res.json().code, 'rate_limited');
      assert.equal(res.headers['retry-after'], '45');
      assertConsistentLimitHeaders(res, clock.now(), '61st');
    });

    test('with 60 remaining, 100 simultaneous requests on one instance: exactly 60 pass', async () => {
      clock.set(intoMinute(25));
      const free = await h.newProject('free');
      assert.deepEqual(statusCounts(await simultaneous([h.app], 100, pets(free.auth))), { 200: 60, 429: 40 });
    });

    test('two instances on one Redis, 100 simultaneous requests split between them: combined exactly 60 pass', async () => {
      clock.set(intoMinute(30));
      const free = await h.newProject('free');
      const responses = await simultaneous([h.app, second], 100, pets(free.auth));
      assert.deepEqual(statusCounts(responses), { 200: 60, 429: 40 });
      const perInstance = [0, 1].map((i) => responses.filter((r, j) => j % 2 === i && r.statusCode === 200).length);
      assert.ok(perInstance[0]! > 0 && perInstance[1]! > 0, `both instances served: ${perInstance.join('/')}`);
      const remaining = responses
        .filter((r) => r.statusCode === 200)
        .map((r) => limitHeaders(r).remaining)
        .sort((a, b) => a - b);
      assert.deepEqual(
        remaining,
        Array.from({ length: 60 }, (_, i) => i),
        'every pass saw a distinct shared count',
      );
    });

    test('day window on Redis: the 1,001st request of a Free day is 429 although no minute reached 60', async () => {
      const midnight = Math.floor(Date.now() / DAY) * DAY;
      clock.set(midnight + 10_000);
      const free = await h.newProject('free');
      for (let i = 1; i <= 1000; i++) {
        if (i > 1 && i % 50 === 1) clock.advance(MINUTE);
        const res = await (i % 2 ? h.app : second).inject(pets(free.auth));
        assert.equal(res.statusCode, 200, `request ${String(i)}`);
      }
      const res = await h.request(pets(free.auth));
      assert.equal(res.statusCode, 429);
      const l = assertConsistentLimitHeaders(res, clock.now(), '1001st');
      assert.deepEqual([l.window, l.limit, l.remaining], ['day', 1000, 0]);
    });

    test('strikes and bans hold across instances', async () => {
      clock.set(intoMinute(5, clock.now() + 2 * MINUTE));
      const free = await h.newProject('free');
      assert.deepEqual(statusCounts(await simultaneous([h.app, second], 60, pets(free.auth))), { 200: 60 });
      // 10 refused on one instance and 10 on the other: 20 strikes, still only rate limited.
      for (const app of [h.app, second]) {
        for (let i = 0; i < 10; i++) assert.equal((await app.inject(pets(free.auth))).json().code, 'rate_limited');
      }
      // The 21st request past quota, on the second instance, earns the ban.
      const ban = await second.inject(pets(free.auth));
      assert.equal(ban.json().code, 'api_key_banned');
      assert.equal(ban.headers['retry-after'], '600');
      // The first instance sees the ban once its cached copy of the key expires (KEY_CACHE_TTL_MS).
      clock.advance(2_001);
      const elsewhere = await h.request(pets(free.auth));
      assert.equal(elsewhere.json().code, 'api_key_banned');
      assert.equal(elsewhere.headers['retry-after'], '598');
      clock.advance(600_000);
      assert.equal((await h.request(pets(free.auth))).statusCode, 200);
    });
  });
