import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { FastifyBaseLogger } from 'fastify';
import { COUNTER_TTL_SECONDS, NO_LIBRARY_LIMIT, SETTLE_MS, type CounterKind, type Counters, type LimiterState } from './counters.js';
import { MemoryCounters } from './memory.js';
import { inTrace } from '../storage/statement-spans.js';
import { tracing, type SpanOptions, type SpanScope } from '../telemetry/tracing.js';

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
 * KEYS: minute, day. ARGV: minute TTL, day TTL, perMinute, refused ('1' or '0'). `admitted` runs, in the
 * same script, when the minute allows the request.
 */
const incrementWindows = (admitted = '') => `
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
local m = redis.call('INCRBY', KEYS[1], 1)
local d
if ARGV[4] == '0' and m <= tonumber(ARGV[3]) then
  redis.call('SET', KEYS[2], 0, 'EX', ARGV[2], 'NX')
  d = redis.call('INCRBY', KEYS[2], 1)${admitted}
else
  d = tonumber(redis.call('GET', KEYS[2]) or '0')
end
return {m, d}`;

/**
 * admitWindows as one script: both counters plus one when both are below their quota, else nothing.
 * KEYS: minute, day. ARGV: minute TTL, day TTL, perMinute, perDay. With `version`, the script's third and
 * fourth results: `version` runs before it and sets the Lua variables `version` and `settled`.
 */
const admitWindows = (version?: string) => `
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
if m >= tonumber(ARGV[3]) or d >= tonumber(ARGV[4]) then return false end
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
redis.call('SET', KEYS[2], 0, 'EX', ARGV[2], 'NX')${version ?? ''}
return {redis.call('INCRBY', KEYS[1], 1), redis.call('INCRBY', KEYS[2], 1)${version === undefined ? '' : ', version, settled'}}`;

/**
 * Shared versions (counters.ts): a hash per version key, `n` the version (created at a random value) and
 * `at` when a write last changed it, in Redis's own clock (milliseconds), so every instance judges time alike.
 */
const VERSION_NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Sets the time of the version at KEYS[k] (created from ARGV[a] as a random start), and with `change` changes
 * it (plus one).
 */
const touchVersion = (k: number, a: number, change: boolean): string => {
  const key = `KEYS[${String(k)}]`;
  const increment = change ? `\n  redis.call('HINCRBY', ${key}, 'n', 1)` : '';
  return `${VERSION_NOW}
  redis.call('HSETNX', ${key}, 'n', ARGV[${String(a)}])${increment}
  redis.call('HSET', ${key}, 'at', now)`;
};

const INCREMENT_WINDOWS = incrementWindows();
const ADMIT_WINDOWS = admitWindows();

/**
 * ADMIT_WINDOWS that also returns the shared version, and 1 when it is settled: unchanged by any write for
 * ARGV[6] ms (every write that changed it before has committed), else 0.
 * KEYS: minute, day, version. ARGV: minute TTL, day TTL, perMinute, perDay, a random start, settle ms.
 */
const ADMIT_WINDOWS_VERSION = admitWindows(`
redis.call('HSETNX', KEYS[3], 'n', ARGV[5])
local v = redis.call('HMGET', KEYS[3], 'n', 'at')
local version = v[1]
local settled = 1
if v[2] then${VERSION_NOW}
  if now - tonumber(v[2]) <= tonumber(ARGV[6]) then settled = 0 end
end`);

/**
 * INCREMENT_WINDOWS for a write that changes what a shared version covers: when the minute admits it, the
 * version's time is set, in the same script, before the write is made, so the version is not settled while
 * the write is under way. The version itself changes once, after the commit (`CHANGE_VERSION`): answers held
 * under it stay usable until then, and each write ends one version, not two.
 * KEYS: minute, day, version. ARGV: minute TTL, day TTL, perMinute, refused, a random start.
 */
const INCREMENT_WINDOWS_CHANGE = incrementWindows(touchVersion(3, 5, false));

/** A version changed after a write committed. KEYS: version. ARGV: a random start. */
const CHANGE_VERSION = touchVersion(1, 1, true);

/**
 * The span of each round trip to Redis (kind client, `db.system` redis): named by its command and, for a Lua
 * script, the script (`EVALSHA petstoreAdmitWindows`: one span for the script, however many commands it
 * runs); never a key, an argument or a value. Worked out once, as the client connects.
 */
type RedisCall =
  | 'increment'
  | 'peek'
  | 'remove'
  | 'petstoreIncrementWindows'
  | 'petstoreIncrementWindowsChange'
  | 'petstoreAdmitWindows'
  | 'petstoreAdmitWindowsVersion'
  | 'petstoreChangeVersion';

/** What each call sends: rate-limiter-flexible's consume is its script, its get a MULTI (GET, PTTL), its delete a DEL. */
const COMMANDS: Record<RedisCall, [operation: string, script?: string]> = {
  increment: ['EVALSHA', 'rlflxIncr'],
  peek: ['MULTI'],
  remove: ['DEL'],
  petstoreIncrementWindows: ['EVALSHA', 'petstoreIncrementWindows'],
  petstoreIncrementWindowsChange: ['EVALSHA', 'petstoreIncrementWindowsChange'],
  petstoreAdmitWindows: ['EVALSHA', 'petstoreAdmitWindows'],
  petstoreAdmitWindowsVersion: ['EVALSHA', 'petstoreAdmitWindowsVersion'],
  petstoreChangeVersion: ['EVALSHA', 'petstoreChangeVersion'],
};

function redisSpans(client: Redis): Record<RedisCall, { name: string; options: SpanOptions }> {
  const { host, port, db } = client.options;
  const spans = {} as Record<RedisCall, { name: string; options: SpanOptions }>;
  for (const [call, [operation, script]] of Object.entries(COMMANDS) as [RedisCall, [string, string?]][]) {
    spans[call] = {
      name: script === undefined ? operation : `${operation} ${script}`,
      options: {
        kind: 'client',
        attributes: {
          'db.system': 'redis',
          'db.system.name': 'redis',
          'db.operation.name': operation,
          'db.stored_procedure.name': script,
          'db.namespace': String(db ?? 0),
          'server.address': host,
          'server.port': port,
        },
      },
    };
  }
  return spans;
}

/** A random start for a shared version: far from any value an instance may hold from before. */
const randomStart = (): string => String(Math.floor(Math.random() * 2 ** 48));

type WindowsClient = Redis & {
  petstoreAdmitWindows(minuteKey: string, dayKey: string, ...args: string[]): Promise<[number, number] | null>;
  petstoreAdmitWindowsVersion(
    minuteKey: string,
    dayKey: string,
    versionKey: string,
    ...args: string[]
  ): Promise<[number, number, string, number] | null>;
  petstoreIncrementWindows(minuteKey: string, dayKey: string, ...args: string[]): Promise<[number, number]>;
  petstoreIncrementWindowsChange(minuteKey: string, dayKey: string, versionKey: string, ...args: string[]): Promise<[number, number]>;
  petstoreChangeVersion(versionKey: string, start: string): Promise<null>;
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
  /**
   * Connections to Redis lost so far. A version is given out with the count at the time it was asked for, and
   * none when a connection was lost before its answer: a Redis restarted (perhaps from a snapshot older than
   * its last change) gives back versions an instance may hold answers under, and these never match again.
   */
  private lost = 0;
  /** Version changes asked for in this turn of the event loop, one per version key. */
  private readonly changes = new Map<string, Promise<boolean>>();
  /** The spans of its calls when telemetry was on as it connected; null leaves every call as it was. */
  private readonly spans: Record<RedisCall, { name: string; options: SpanOptions }> | null;

  private constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.spans = tracing().enabled ? redisSpans(client) : null;
    client.defineCommand('petstoreIncrementWindows', { numberOfKeys: 2, lua: INCREMENT_WINDOWS });
    client.defineCommand('petstoreAdmitWindows', { numberOfKeys: 2, lua: ADMIT_WINDOWS });
    client.defineCommand('petstoreAdmitWindowsVersion', { numberOfKeys: 3, lua: ADMIT_WINDOWS_VERSION });
    client.defineCommand('petstoreIncrementWindowsChange', { numberOfKeys: 3, lua: INCREMENT_WINDOWS_CHANGE });
    client.defineCommand('petstoreChangeVersion', { numberOfKeys: 1, lua: CHANGE_VERSION });
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
    client.on('close', () => {
      this.lost++;
      this.down(new Error('connection closed'));
    });
  }

  /** Connects (waiting briefly for a first answer) and never fails: an unreachable Redis means local counting. */
  static async open(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<RedisCounters> {
    const client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
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
  private timed<T>(call: Promise<T>, traced: SpanScope | null = null): Promise<T> {
    // Ended by whichever comes first, the answer or the timeout.
    let span = traced;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        setImmediate(() => {
          const err = new Error(`no answer within ${String(COMMAND_TIMEOUT_MS)} ms`);
          if (span !== null) endSpan(span, err);
          span = null;
          reject(err);
        });
      }, COMMAND_TIMEOUT_MS);
      call.then(
        (value) => {
          clearTimeout(timer);
          if (span !== null) endSpan(span, null);
          span = null;
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          if (span !== null) endSpan(span, err);
          span = null;
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  /** The span of a call about to be sent, child of the active span; null when telemetry is off or no span is active. */
  private span(call: RedisCall): SpanScope | null {
    const t = tracing();
    if (this.spans === null || !inTrace(t)) return null;
    const { name, options } = this.spans[call];
    return t.startSpan(name, options);
  }

  async increment(kind: CounterKind, key: string): Promise<number> {
    if (this.usable()) {
      try {
        const span = this.span('increment');
        const res = await this.timed(this.limiters[kind].consume(key), span);
        this.up();
        return res.consumedPoints;
      } catch (err) {
        this.down(err as Error);
      }
    }
    return this.local.increment(kind, key);
  }

  async incrementWindows(
    minuteKey: string,
    dayKey: string,
    perMinute: number,
    refused: boolean,
    versionKey?: string,
  ): Promise<{ minute: number; day: number }> {
    if (this.usable()) {
      try {
        const client = this.client as WindowsClient;
        const minute = `${this.keyPrefix}:rl:minute:${minuteKey}`;
        const day = `${this.keyPrefix}:rl:day:${dayKey}`;
        const args = [String(COUNTER_TTL_SECONDS.minute), String(COUNTER_TTL_SECONDS.day), String(perMinute), refused ? '1' : '0'];
        const span = this.span(versionKey === undefined ? 'petstoreIncrementWindows' : 'petstoreIncrementWindowsChange');
        const [m, d] = await this.timed(
          versionKey === undefined
            ? client.petstoreIncrementWindows(minute, day, ...args)
            : client.petstoreIncrementWindowsChange(minute, day, `${this.keyPrefix}:v:${versionKey}`, ...args, randomStart()),
          span,
        );
        this.up();
        return { minute: m, day: d };
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
    versionKey?: string,
  ): Promise<{ minute: number; day: number; version?: string | null; settled?: boolean } | null> {
    if (this.usable()) {
      try {
        const client = this.client as WindowsClient;
        const args = [String(COUNTER_TTL_SECONDS.minute), String(COUNTER_TTL_SECONDS.day), String(perMinute), String(perDay)];
        const minute = `${this.keyPrefix}:rl:minute:${minuteKey}`;
        const day = `${this.keyPrefix}:rl:day:${dayKey}`;
        const lost = this.lost;
        const span = this.span(versionKey === undefined ? 'petstoreAdmitWindows' : 'petstoreAdmitWindowsVersion');
        const counts: [number, number] | [number, number, string, number] | null = await this.timed<
          [number, number] | [number, number, string, number] | null
        >(
          versionKey === undefined
            ? client.petstoreAdmitWindows(minute, day, ...args)
            : client.petstoreAdmitWindowsVersion(
                minute,
                day,
                `${this.keyPrefix}:v:${versionKey}`,
                ...args,
                randomStart(),
                String(SETTLE_MS),
              ),
          span,
        );
        this.up();
        if (counts === null) return null;
        if (counts.length !== 4) return { minute: counts[0], day: counts[1] };
        // Read over a connection lost since it was asked for: no version (it may be one an older Redis gave).
        const version = lost === this.lost ? `${String(lost)}.${counts[2]}` : null;
        return { minute: counts[0], day: counts[1], version, settled: version !== null && counts[3] === 1 };
      } catch (err) {
        this.down(err as Error);
      }
    }
    // Counting locally, nothing is known of other instances: no version.
    if (this.local.peekNow('minute', minuteKey) >= perMinute || this.local.peekNow('day', dayKey) >= perDay) return null;
    return { minute: this.local.incrementNow('minute', minuteKey), day: this.local.incrementNow('day', dayKey) };
  }

  changeVersion(versionKey: string): Promise<boolean> {
    let change = this.changes.get(versionKey);
    if (change === undefined) {
      // Sent after every write that asked in this turn, so after each one's commit.
      change = new Promise<boolean>((resolve) => {
        setImmediate(() => {
          this.changes.delete(versionKey);
          resolve(this.changeNow(versionKey));
        });
      });
      this.changes.set(versionKey, change);
    }
    return change;
  }

  private async changeNow(versionKey: string): Promise<boolean> {
    if (!this.usable()) return false;
    try {
      const span = this.span('petstoreChangeVersion');
      await this.timed((this.client as WindowsClient).petstoreChangeVersion(`${this.keyPrefix}:v:${versionKey}`, randomStart()), span);
      this.up();
      return true;
    } catch (err) {
      this.down(err as Error);
      return false;
    }
  }

  async peek(kind: CounterKind, key: string): Promise<number> {
    if (this.usable()) {
      try {
        const span = this.span('peek');
        const res = await this.timed(this.limiters[kind].get(key), span);
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
      const span = this.span('remove');
      await this.timed(this.limiters[kind].delete(key), span);
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
      // A Redis that stopped answering never answers QUIT either: shutting down does not wait for it.
      await this.timed(this.client.quit()).catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
  }
}

function endSpan(span: SpanScope, err: unknown): void {
  if (err !== null) span.fail(err);
  span.end();
}
