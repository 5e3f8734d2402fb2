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
    keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
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
