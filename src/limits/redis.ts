import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { FastifyBaseLogger } from 'fastify';
import { COUNTER_TTL_SECONDS, NO_LIBRARY_LIMIT, type CounterKind, type Counters, type LimiterState } from './counters.js';
import { MemoryCounters } from './memory.js';

/** A Redis that does not answer within this time is treated as down for the request. */
const COMMAND_TIMEOUT_MS = 1000;
/** After a failed command, requests stay on the local counters this long before Redis is tried again. */
const RETRY_AFTER_FAILURE_MS = 1000;
/** How long start-up waits for a first connection before serving on the local counters. */
const CONNECT_WAIT_MS = 2000;

type Connection = 'connecting' | 'up' | 'down';

/**
 * RateLimiter.hit's two counts as one script (one round trip): the minute counter plus one, then the day
 * counter plus one when the minute allows the request, else the day counter as it is. Counters are created
 * with their expiry as rate-limiter-flexible creates them (SET … EX … NX, then INCRBY), on the same keys.
 * KEYS: minute, day. ARGV: minute TTL, day TTL, perMinute, refused ('1' or '0').
 */
const INCREMENT_WINDOWS = `
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
local m = redis.call('INCRBY', KEYS[1], 1)
local d
if ARGV[4] == '0' and m <= tonumber(ARGV[3]) then
  redis.call('SET', KEYS[2], 0, 'EX', ARGV[2], 'NX')
  d = redis.call('INCRBY', KEYS[2], 1)
else
  d = tonumber(redis.call('GET', KEYS[2]) or '0')
end
return {m, d}`;

/**
 * admitWindows as one script: both counters plus one when both are below their quota, else nothing.
 * KEYS: minute, day. ARGV: minute TTL, day TTL, perMinute, perDay.
 */
const ADMIT_WINDOWS = `
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
if m >= tonumber(ARGV[3]) or d >= tonumber(ARGV[4]) then return false end
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
redis.call('SET', KEYS[2], 0, 'EX', ARGV[2], 'NX')
return {redis.call('INCRBY', KEYS[1], 1), redis.call('INCRBY', KEYS[2], 1)}`;

type WindowsClient = Redis & {
  petstoreAdmitWindows(minuteKey: string, dayKey: string, ...args: string[]): Promise<[number, number] | null>;
  petstoreIncrementWindows(minuteKey: string, dayKey: string, ...args: string[]): Promise<[number, number]>;
};

/**
 * Counters in Redis, shared by every instance (each increment is one atomic
 * Lua script of rate-limiter-flexible). When Redis cannot be reached the
 * counters of this process take over, so requests keep being answered and
 * limited; once Redis answers again it is used again, without a restart.
 * Counts made locally during an outage are not copied back.
 */
export class RedisCounters implements Counters {
  private readonly limiters: Record<CounterKind, RateLimiterRedis>;
  private readonly local = new MemoryCounters();
  private connection: Connection = 'connecting';
  private retryAt = 0;

  private constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    client.defineCommand('petstoreIncrementWindows', { numberOfKeys: 2, lua: INCREMENT_WINDOWS });
    client.defineCommand('petstoreAdmitWindows', { numberOfKeys: 2, lua: ADMIT_WINDOWS });
    const limiter = (kind: CounterKind) =>
      new RateLimiterRedis({
        storeClient: client,
        rejectIfRedisNotReady: true,
        points: NO_LIBRARY_LIMIT,
        duration: COUNTER_TTL_SECONDS[kind],
        keyPrefix: `${keyPrefix}:rl:${kind}`,
      });
    this.limiters = { minute: limiter('minute'), day: limiter('day'), strikes: limiter('strikes') };
    client.on('ready', () => this.up());
    client.on('error', (err: Error) => this.down(err));
    client.on('close', () => this.down(new Error('connection closed')));
  }

  /** Connects (waiting briefly for a first answer) and never fails: an unreachable Redis means local counting. */
  static async open(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<RedisCounters> {
    const client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_WAIT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    const counters = new RedisCounters(client, keyPrefix, log);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.connect().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CONNECT_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (counters.connection === 'connecting') counters.down(new Error(`no connection within ${String(CONNECT_WAIT_MS)} ms`));
    return counters;
  }

  private usable(): boolean {
    return this.client.status === 'ready' && (this.connection === 'up' || Date.now() >= this.retryAt);
  }

  private up(): void {
    if (this.connection === 'up') return;
    if (this.connection === 'down') this.log.info('rate limiter: Redis is reachable again; limits are shared again');
    this.connection = 'up';
  }

  private down(err: Error): void {
    this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    if (this.connection === 'down') return;
    this.connection = 'down';
    this.log.warn({ err: err.message }, 'rate limiter: Redis is unreachable; limits are counted by this process alone until it returns');
  }

  /**
   * Bounds a Redis call in time. The rejection is deferred to the event loop's
   * check phase, after pending I/O is read: when this process was too busy to
   * read an answer that had arrived, the answer wins, so a slow event loop is
   * not taken for a slow Redis.
   */
  private timed<T>(call: Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        setImmediate(() => reject(new Error(`no answer within ${String(COMMAND_TIMEOUT_MS)} ms`)));
      }, COMMAND_TIMEOUT_MS);
      call.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  async increment(kind: CounterKind, key: string): Promise<number> {
    if (this.usable()) {
      try {
        const res = await this.timed(this.limiters[kind].consume(key));
        this.up();
        return res.consumedPoints;
      } catch (err) {
        this.down(err as Error);
      }
    }
    return this.local.increment(kind, key);
  }

  async incrementWindows(minuteKey: string, dayKey: string, perMinute: number, refused: boolean): Promise<{ minute: number; day: number }> {
    if (this.usable()) {
      try {
        const [minute, day] = await this.timed(
          (this.client as WindowsClient).petstoreIncrementWindows(
            `${this.keyPrefix}:rl:minute:${minuteKey}`,
            `${this.keyPrefix}:rl:day:${dayKey}`,
            String(COUNTER_TTL_SECONDS.minute),
            String(COUNTER_TTL_SECONDS.day),
            String(perMinute),
            refused ? '1' : '0',
          ),
        );
        this.up();
        return { minute, day };
      } catch (err) {
        this.down(err as Error);
      }
    }
    const minute = await this.local.increment('minute', minuteKey);
    const day = !refused && minute <= perMinute ? await this.local.increment('day', dayKey) : await this.local.peek('day', dayKey);
    return { minute, day };
  }

  async admitWindows(
    minuteKey: string,
    dayKey: string,
    perMinute: number,
    perDay: number,
  ): Promise<{ minute: number; day: number } | null> {
    if (this.usable()) {
      try {
        const counts = await this.timed(
          (this.client as WindowsClient).petstoreAdmitWindows(
            `${this.keyPrefix}:rl:minute:${minuteKey}`,
            `${this.keyPrefix}:rl:day:${dayKey}`,
            String(COUNTER_TTL_SECONDS.minute),
            String(COUNTER_TTL_SECONDS.day),
            String(perMinute),
            String(perDay),
          ),
        );
        this.up();
        return counts === null ? null : { minute: counts[0], day: counts[1] };
      } catch (err) {
        this.down(err as Error);
      }
    }
    if (this.local.peekNow('minute', minuteKey) >= perMinute || this.local.peekNow('day', dayKey) >= perDay) return null;
    return { minute: this.local.incrementNow('minute', minuteKey), day: this.local.incrementNow('day', dayKey) };
  }

  async peek(kind: CounterKind, key: string): Promise<number> {
    if (this.usable()) {
      try {
        const res = await this.timed(this.limiters[kind].get(key));
        this.up();
        return res?.consumedPoints ?? 0;
      } catch (err) {
        this.down(err as Error);
      }
    }
    return this.local.peek(kind, key);
  }

  async remove(kind: CounterKind, key: string): Promise<void> {
    await this.local.remove(kind, key);
    if (!this.usable()) return;
    try {
      await this.timed(this.limiters[kind].delete(key));
    } catch (err) {
      this.down(err as Error);
    }
  }

  state(): LimiterState {
    return this.connection === 'up' && this.client.status === 'ready' ? 'redis' : 'degraded';
  }

  async close(): Promise<void> {
    // Closing on purpose is not an outage: nothing to report.
    this.connection = 'down';
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
  }
}
