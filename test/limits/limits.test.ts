import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { DAY, MINUTE, assertConsistentLimitHeaders, intoMinute, limitHeaders, simultaneous, statusCounts } from '../helpers/limits.js';
import { addressSubject } from '../../src/limits/client-address.js';
import { loadConfig } from '../../src/config.js';
import { OPERATOR } from '../../src/audit/actor.js';

const pets = (auth: Record<string, string>) => ({ method: 'GET' as const, url: '/v1/pets', headers: auth });

describe('rate limits (memory backend)', () => {
  const clock = manualClock(intoMinute(15));
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  test('Free plan: exactly 60 requests pass in a minute, the 61st is 429 rate_limited with Retry-After', async () => {
    clock.set(intoMinute(15));
    const free = await h.newProject('free');
    for (let i = 1; i <= 60; i++) {
      const res = await h.request(pets(free.auth));
      assert.equal(res.statusCode, 200, `request ${String(i)}`);
      const l = assertConsistentLimitHeaders(res, clock.now(), `request ${String(i)}`);
      assert.deepEqual([l.window, l.limit, l.remaining], ['minute', 60, 60 - i]);
    }
    const res = await h.request(pets(free.auth));
    assert.equal(res.statusCode, 429);
    assert.equal(res.json().code, 'rate_limited');
    assert.equal(
      res.json().message,
      "This project's quota of 60 requests a minute (Free plan) is used up until the next minute (second :00 UTC): retry after the seconds in Retry-After. A plan upgrade raises it: Pro allows 300 a minute.",
      'which limit, and how to raise it',
    );
    assert.equal(res.headers['retry-after'], '45');
    const l = assertConsistentLimitHeaders(res, clock.now(), '61st');
    assert.deepEqual([l.window, l.limit, l.remaining, l.perMinute, l.perDay], ['minute', 60, 0, 60, 1000]);
    // The next minute starts at second :00 UTC: requests pass again.
    clock.set(intoMinute(60, clock.now()));
    assert.equal((await h.request(pets(free.auth))).statusCode, 200);
  });

  test('with 60 remaining, 100 simultaneous requests: exactly 60 pass', async () => {
    clock.set(intoMinute(20));
    const free = await h.newProject('free');
    const responses = await simultaneous([h.app], 100, pets(free.auth));
    assert.deepEqual(statusCounts(responses), { 200: 60, 429: 40 });
    const remaining = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => limitHeaders(r).remaining)
      .sort((a, b) => a - b);
    assert.deepEqual(
      remaining,
      Array.from({ length: 60 }, (_, i) => i),
      'each pass saw its own count',
    );
  });

  test('day window: the 1,001st request of a Free day is 429 although no minute reached 60', async () => {
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    clock.set(midnight + 10_000);
    const free = await h.newProject('free');
    for (let i = 1; i <= 1000; i++) {
      if (i > 1 && i % 50 === 1) clock.advance(MINUTE);
      const res = await h.app.inject(pets(free.auth));
      assert.equal(res.statusCode, 200, `request ${String(i)}`);
    }
    const res = await h.request(pets(free.auth));
    assert.equal(res.statusCode, 429);
    assert.equal(res.json().code, 'rate_limited');
    const l = assertConsistentLimitHeaders(res, clock.now(), '1001st');
    assert.deepEqual([l.window, l.limit, l.remaining], ['day', 1000, 0]);
    assert.equal(
      res.json().message,
      "This project's quota of 1,000 requests a day (Free plan) is used up until the next day (00:00 UTC): retry after the seconds in Retry-After. A plan upgrade raises it: Pro allows 10,000 a day.",
    );
    assert.equal(Number(res.headers['retry-after']), Math.ceil((midnight + DAY - clock.now()) / 1000));
    // A new minute does not help; a new UTC day does.
    clock.advance(MINUTE);
    assert.equal((await h.request(pets(free.auth))).statusCode, 429);
    clock.set(midnight + DAY + 5_000);
    assert.equal((await h.request(pets(free.auth))).statusCode, 200);
  });

  test('requests refused by the minute window do not use day quota', async () => {
    clock.set(intoMinute(10));
    const p = await h.newProject('enterprise', { perMinute: 10, perDay: 15 });
    const burst = await simultaneous([h.app], 30, pets(p.auth));
    assert.deepEqual(statusCounts(burst), { 200: 10, 429: 20 });
    assert.match(
      burst.find((r) => r.statusCode === 429)?.json().message ?? '',
      /^This project's quota of 10 requests a minute \(Enterprise plan\) is used up until .* A larger custom quota raises it\.$/,
    );
    clock.advance(MINUTE);
    // 20 refusals did not count against the day: 5 of the day's 15 remain.
    const next = [];
    for (let i = 0; i < 10; i++) next.push(await h.request(pets(p.auth)));
    assert.deepEqual(statusCounts(next), { 200: 5, 429: 5 });
    const last = assertConsistentLimitHeaders(next[9]!, clock.now());
    assert.deepEqual([last.window, last.remaining], ['day', 0]);
  });

  test('every status counts: 404, 405, 400 and 401 use the quota too', async () => {
    clock.set(intoMinute(5));
    const p = await h.newProject('enterprise', { perMinute: 4, perDay: 100 });
    const statuses = [];
    for (const opts of [
      { method: 'GET' as const, url: '/v1/nowhere', headers: p.auth },
      { method: 'DELETE' as const, url: '/v1/pets', headers: p.auth },
      { method: 'GET' as const, url: '/v1/pets?limit=0', headers: p.auth },
      { method: 'GET' as const, url: '/v1/pets/1', headers: p.auth },
      { method: 'GET' as const, url: '/v1/pets', headers: p.auth },
    ]) {
      statuses.push((await h.request(opts)).statusCode);
    }
    assert.deepEqual(statuses, [404, 405, 400, 404, 429]);
  });

  test('public endpoints carry no limit headers and are not counted', async () => {
    for (const url of ['/healthz', '/readyz', '/v1/openapi.json']) {
      const res = await h.app.inject({ method: 'GET', url, headers: h.auth });
      assert.equal(res.statusCode, 200, url);
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit', 'ratelimit-policy']) {
        assert.equal(res.headers[name], undefined, `${url}: ${name}`);
      }
    }
  });

  test('requests without a valid key are limited per client address with Free numbers: key guessing gets 429', async () => {
    clock.set(intoMinute(30));
    const address = '192.0.2.10';
    const guesses = [];
    for (let i = 0; i < 61; i++) {
      const auth: Record<string, string> = i % 2 ? { authorization: `Bearer psk_guess${String(i)}` } : {};
      guesses.push(await h.app.inject({ ...pets(auth), remoteAddress: address }));
    }
    assert.deepEqual(statusCounts(guesses), { 401: 60, 429: 1 });
    const l = assertConsistentLimitHeaders(guesses[0]!, clock.now(), 'first guess');
    assert.deepEqual([l.limit, l.remaining, l.perMinute, l.perDay], [60, 59, 60, 1000]);
    const last = guesses[60]!;
    assert.equal(last.json().code, 'rate_limited');
    assert.equal(
      last.json().message,
      "Too many requests without a valid API key from this address: 60 a minute (the Free plan's numbers) until the next minute (second :00 UTC). Retry after the seconds in Retry-After, with a valid key: its project's quota applies then.",
    );
    assert.equal(last.headers['retry-after'], '30');
    // Another address has its own quota; a valid key is counted against its project, not the address.
    assert.equal((await h.app.inject({ ...pets({}), remoteAddress: '192.0.2.11' })).statusCode, 401);
    assert.equal((await h.app.inject({ ...pets(h.auth), remoteAddress: address })).statusCode, 200);
  });

  test('IPv6 clients are grouped by /64; IPv4-mapped addresses count as IPv4', () => {
    assert.equal(addressSubject('2001:db8:1:2:aaaa::1'), addressSubject('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    assert.notEqual(addressSubject('2001:db8:1:2::1'), addressSubject('2001:db8:1:3::1'));
    assert.equal(addressSubject('::ffff:192.0.2.1'), addressSubject('192.0.2.1'));
    assert.notEqual(addressSubject('192.0.2.1'), addressSubject('192.0.2.2'));
  });

  test('a plan change is used as soon as the cached key expires (within KEY_CACHE_TTL_MS), without restart', async () => {
    clock.set(intoMinute(1));
    const p = await h.newProject('free');
    assert.equal(limitHeaders(await h.request(pets(p.auth))).limit, 60);
    ok(await h.app.projects.setPlan(OPERATOR, p.project, 'pro'));
    clock.advance(2_001);
    const after = limitHeaders(await h.request(pets(p.auth)));
    assert.deepEqual([after.limit, after.perMinute, after.perDay, after.remaining], [300, 300, 10_000, 298]);
  });
});

describe('bans (memory backend)', () => {
  const clock = manualClock(intoMinute(5));
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  test('60 pass, 20 are rate_limited, the 21st past quota is api_key_banned for 600 s; afterwards the key works', async () => {
    clock.set(intoMinute(5));
    const free = await h.newProject('free');
    const [keyInfo] = ok(await h.app.keys.list(free.project));
    for (let i = 0; i < 60; i++) assert.equal((await h.app.inject(pets(free.auth))).statusCode, 200);
    for (let i = 1; i <= 20; i++) {
      const res = await h.request(pets(free.auth));
      assert.equal(res.statusCode, 429, `past quota ${String(i)}`);
      assert.equal(res.json().code, 'rate_limited', `past quota ${String(i)}`);
    }
    const ban = await h.request(pets(free.auth));
    assert.equal(ban.statusCode, 429);
    assert.equal(ban.json().code, 'api_key_banned');
    assert.equal(ban.headers['retry-after'], '600');
    assertConsistentLimitHeaders(ban, clock.now(), 'ban');
    // The ban is recorded with the key (so every instance and the CLI see it).
    const [banned] = ok(await h.app.keys.list(free.project));
    assert.equal(banned?.bannedUntil?.getTime(), clock.now() + 600_000);
    assert.equal(banned?.id, keyInfo?.id);

    // In a new minute the quota is back, but the ban holds, with Retry-After counting down.
    clock.advance(2 * MINUTE);
    const still = await h.request(pets(free.auth));
    assert.equal(still.json().code, 'api_key_banned');
    assert.equal(still.headers['retry-after'], '480');
    clock.advance(8 * MINUTE - 1_000);
    assert.equal((await h.request(pets(free.auth))).headers['retry-after'], '1');
    clock.advance(1_000);
    const free2 = await h.request(pets(free.auth));
    assert.equal(free2.statusCode, 200);
    // Strikes start from zero after a ban: the next 429s are rate_limited again.
    for (let i = 0; i < 59; i++) await h.app.inject(pets(free.auth));
    const again = await h.request(pets(free.auth));
    assert.equal(again.json().code, 'rate_limited');
  });

  test('the ban is per key: another key of the project shares the quota but is not banned', async () => {
    clock.set(intoMinute(5, clock.now() + 10 * MINUTE));
    const free = await h.newProject('free');
    const other = ok(await h.app.keys.create(OPERATOR, free.project, 'other'));
    for (let i = 0; i < 81; i++) await h.app.inject(pets(free.auth));
    assert.equal((await h.request(pets(free.auth))).json().code, 'api_key_banned');
    const res = await h.request(pets({ authorization: `Bearer ${other.key}` }));
    assert.equal(res.json().code, 'rate_limited');
    clock.advance(MINUTE);
    assert.equal((await h.request(pets({ authorization: `Bearer ${other.key}` }))).statusCode, 200);
  });

  test('keys unban lifts a ban before it ends (seen within the key cache time)', async () => {
    clock.set(intoMinute(5, clock.now() + 20 * MINUTE));
    const free = await h.newProject('free');
    for (let i = 0; i < 81; i++) await h.app.inject(pets(free.auth));
    assert.equal((await h.request(pets(free.auth))).json().code, 'api_key_banned');
    const [key] = ok(await h.app.keys.list(free.project));
    assert.equal(ok(await h.app.keys.unban(OPERATOR, key!.id)), true);
    assert.equal(ok(await h.app.keys.unban(OPERATOR, key!.id)), false, 'a second unban finds nothing to lift');
    clock.advance(2_001);
    // Still over the minute quota: rate limited, not banned; and strikes restarted.
    const res = await h.request(pets(free.auth));
    assert.equal(res.json().code, 'rate_limited');
    clock.advance(MINUTE);
    assert.equal((await h.request(pets(free.auth))).statusCode, 200);
  });
});

describe('bans with configured threshold and duration', () => {
  const clock = manualClock(intoMinute(50));
  let h: Harness;
  before(async () => {
    h = await harness({ clock, config: { banThreshold: 2, banDurationSeconds: 30 } });
  });
  after(() => h.close());

  test('BAN_THRESHOLD=2, BAN_DURATION_SECONDS=30: the 3rd request past quota is banned for 30 s', async () => {
    const p = await h.newProject('enterprise', { perMinute: 3, perDay: 1000 });
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const res = await h.request(pets(p.auth));
      codes.push(res.statusCode === 200 ? 200 : res.json().code);
      if (i === 5) assert.equal(res.headers['retry-after'], '30');
    }
    assert.deepEqual(codes, [200, 200, 200, 'rate_limited', 'rate_limited', 'api_key_banned', 'api_key_banned']);
    clock.advance(30_000);
    assert.equal((await h.request(pets(p.auth))).statusCode, 200);
  });
});

test('configuration: ban threshold and duration, Redis URL and key prefix are read and validated once', () => {
  const defaults = loadConfig({});
  assert.deepEqual(
    [defaults.banThreshold, defaults.banDurationSeconds, defaults.redisKeyPrefix, defaults.redisUrl],
    [20, 600, 'petstore', undefined],
  );
  const set = loadConfig({
    BAN_THRESHOLD: '0',
    BAN_DURATION_SECONDS: '1',
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: 'shop-a',
  });
  assert.deepEqual(
    [set.banThreshold, set.banDurationSeconds, set.redisUrl, set.redisKeyPrefix],
    [0, 1, 'redis://127.0.0.1:6379', 'shop-a'],
  );
  assert.throws(() => loadConfig({ BAN_THRESHOLD: 'many' }), /BAN_THRESHOLD/);
  assert.throws(() => loadConfig({ BAN_DURATION_SECONDS: '0' }), /BAN_DURATION_SECONDS/);
  assert.throws(() => loadConfig({ REDIS_KEY_PREFIX: 'has space' }), /REDIS_KEY_PREFIX/);
  assert.throws(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' }), /REDIS_URL/);
});
