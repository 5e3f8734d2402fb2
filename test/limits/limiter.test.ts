import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DAY_MS, MINUTE_MS, RateLimiter } from '../../src/limits/limiter.js';
import { MemoryCounters } from '../../src/limits/memory.js';

/** A day start in UTC, so minute and day windows line up at known instants. */
const DAY = Date.UTC(2027, 0, 1);
const limiterOf = () => new RateLimiter(new MemoryCounters());

describe('RateLimiter', () => {
  test('counts within the quota and reports the window with fewest requests left', async () => {
    const limiter = limiterOf();
    const quota = { perMinute: 3, perDay: 100 };
    const now = DAY + 12_000;
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const v = await limiter.hit('p1', quota, now);
      assert.equal(v.allowed, true);
      assert.equal(v.window, 'minute');
      assert.equal(v.limit, 3);
      remaining.push(v.remaining);
    }
    assert.deepEqual(remaining, [2, 1, 0]);
    const refused = await limiter.hit('p1', quota, now);
    assert.equal(refused.allowed, false);
    assert.equal(refused.remaining, 0);
  });

  test('reset is the end of the reported window, in Unix seconds; resetIn is at least 1', async () => {
    const limiter = limiterOf();
    const atStart = await limiter.hit('p', { perMinute: 5, perDay: 1000 }, DAY + MINUTE_MS);
    assert.equal(atStart.reset, (DAY + 2 * MINUTE_MS) / 1000);
    assert.equal(atStart.resetIn, 60);
    assert.equal(atStart.windowIndex, (DAY + MINUTE_MS) / MINUTE_MS);
    const lastMs = await limiter.hit('p', { perMinute: 5, perDay: 1000 }, DAY + 2 * MINUTE_MS - 1);
    assert.equal(lastMs.resetIn, 1);
  });

  test('windows are aligned to the clock: a new minute starts a new count', async () => {
    const limiter = limiterOf();
    const quota = { perMinute: 1, perDay: 100 };
    assert.equal((await limiter.hit('p', quota, DAY + 59_999)).allowed, true);
    assert.equal((await limiter.hit('p', quota, DAY + 59_999)).allowed, false);
    assert.equal((await limiter.hit('p', quota, DAY + 60_000)).allowed, true);
  });

  test('requests refused by the minute window are not counted against the day', async () => {
    const limiter = limiterOf();
    const quota = { perMinute: 1, perDay: 2 };
    assert.equal((await limiter.hit('p', quota, DAY)).allowed, true);
    for (let i = 0; i < 5; i++) assert.equal((await limiter.hit('p', quota, DAY)).allowed, false);
    const nextMinute = await limiter.hit('p', quota, DAY + MINUTE_MS);
    assert.equal(nextMinute.allowed, true, 'the day still had one request left');
    assert.equal(nextMinute.window, 'day');
    assert.equal(nextMinute.remaining, 0);
    assert.equal((await limiter.hit('p', quota, DAY + 2 * MINUTE_MS)).allowed, false);
  });

  test('a request refused anyway (a banned key) is counted in the minute only', async () => {
    const limiter = limiterOf();
    const quota = { perMinute: 10, perDay: 10 };
    const v = await limiter.hit('p', quota, DAY, true);
    assert.equal(v.allowed, false);
    const next = await limiter.hit('p', quota, DAY);
    assert.equal(next.allowed, true);
    // Day: one counted of 10 (9 left); minute: two counted (8 left): the minute is reported.
    assert.deepEqual([next.window, next.remaining], ['minute', 8]);
  });

  test('when the day runs out first it is the reported window, ending at midnight UTC', async () => {
    const limiter = limiterOf();
    const quota = { perMinute: 10, perDay: 1 };
    const now = DAY + 5 * MINUTE_MS;
    const first = await limiter.hit('p', quota, now);
    assert.deepEqual([first.allowed, first.window, first.remaining, first.reset], [true, 'day', 0, (DAY + DAY_MS) / 1000]);
    const second = await limiter.hit('p', quota, now + MINUTE_MS);
    assert.equal(second.allowed, false);
    assert.equal(second.window, 'day');
  });

  test('on a tie the window that ends later is reported', async () => {
    const v = await limiterOf().hit('p', { perMinute: 5, perDay: 5 }, DAY);
    assert.equal(v.window, 'day');
    assert.equal(v.remaining, 4);
  });

  test('subjects are counted apart', async () => {
    const limiter = limiterOf();
    const quota = { perMinute: 1, perDay: 10 };
    assert.equal((await limiter.hit('a', quota, DAY)).allowed, true);
    assert.equal((await limiter.hit('b', quota, DAY)).allowed, true);
    assert.equal((await limiter.hit('a', quota, DAY)).allowed, false);
  });
});
