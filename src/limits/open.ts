import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Authenticator } from '../keys/authenticator.js';
import type { KeyRepository } from '../keys/repository.js';
import { Bans } from './bans.js';
import type { Counters, LimiterState } from './counters.js';
import { createAdmitLater, createAdmitNow, createMeter, type AdmitLater, type AdmitNow, type ChangedVersion, type Meter } from './hook.js';
import { RateLimiter } from './limiter.js';
import { MemoryCounters } from './memory.js';
import { IpcCounters } from './ipc.js';
import { primaryChannel } from '../workers/channel.js';

/**
 * The counters chosen by configuration: Redis when REDIS_URL is set, else the primary's memory in a worker
 * (WORKERS > 1), else this process's memory.
 */
export async function openCounters(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>, log: FastifyBaseLogger): Promise<Counters> {
  if (!config.redisUrl) {
    const channel = primaryChannel();
    return channel === null ? new MemoryCounters() : new IpcCounters(channel);
  }
  // Loaded only when configured: the Redis client alone adds 10-25 MB to a process that does not use it.
  const { RedisCounters } = await import('./redis.js');
  const counters = await RedisCounters.open(config.redisUrl, config.redisKeyPrefix, log);
  if (counters.state() === 'redis') log.info('rate limiter: counting in Redis, shared by every instance');
  return counters;
}

/** The shared counters for a CLI command that changes what they keep (a staging reset): Redis, logging nothing. */
export async function openCliCounters(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>): Promise<Counters> {
  const { default: pino } = await import('pino');
  return openCounters(config, pino({ level: 'silent' }));
}

export interface RateLimits {
  /** Counts a request and answers 429 when it must wait. */
  meter: Meter;
  /** The meter's decision without a promise where it can give one (http/pipeline/front-door.ts). */
  admitNow: AdmitNow;
  /** The same with a promise, for counters that need I/O (the front door's answers that await). */
  admitLater: AdmitLater;
  /**
   * The counters are in another process (workers): `admitNow` counts only from a worker's credit (limits/ipc.ts),
   * `admitLater` otherwise, in one round trip.
   */
  remote: boolean;
  /** Names the shared version a request changes (counters.ts), for the meter; once, by the capability that owns it. */
  setChangedVersion(changed: ChangedVersion): void;
  /** Changes a shared version after a write committed (counters.ts `changeVersion`); null where none are kept. */
  changeVersion: ((versionKey: string) => Promise<boolean>) | null;
  /** For /readyz. */
  state(): LimiterState;
  close(): Promise<void>;
}

/**
 * Sets up rate limiting from configuration. Bans are written to the key's
 * database row, so every instance and the CLI agree on them; the instance that
 * bans drops its cached copy of the key so the ban applies at once there.
 */
export async function openRateLimits(deps: {
  config: Config;
  keys: KeyRepository;
  authenticator: Authenticator;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<RateLimits> {
  const { config, keys, authenticator, clock, log } = deps;
  const counters = await openCounters(config, log);
  const limiter = new RateLimiter(counters);
  // With workers, a ban is answered once every worker has dropped its cached copy of the key.
  const workers = primaryChannel();
  workers?.forgetting((keyId) => authenticator.forget(keyId));
  const recorder = {
    ban: async (keyId: string, until: number) => {
      await keys.ban(keyId, new Date(until));
      authenticator.forget(keyId);
      await workers?.forget(keyId);
    },
  };
  let changed: ChangedVersion | null = null;
  const bans = new Bans(limiter.counters, recorder, { threshold: config.banThreshold, durationMs: config.banDurationSeconds * 1000 }, log);
  return {
    meter: createMeter(limiter, bans, clock, () => changed),
    admitNow: createAdmitNow(limiter, clock),
    admitLater: createAdmitLater(limiter, clock),
    remote: counters instanceof IpcCounters,
    setChangedVersion: (fn) => {
      changed = fn;
    },
    changeVersion: counters.changeVersion?.bind(counters) ?? null,
    state: () => limiter.counters.state(),
    close: () => limiter.close(),
  };
}
