import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Counters } from './counters.js';
import { MemoryCounters } from './memory.js';
import { RedisCounters } from './redis.js';

/** The counters chosen by configuration: Redis when REDIS_URL is set, else this process's memory. */
export async function openCounters(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>, log: FastifyBaseLogger): Promise<Counters> {
  if (!config.redisUrl) return new MemoryCounters();
  const counters = await RedisCounters.open(config.redisUrl, config.redisKeyPrefix, log);
  if (counters.state() === 'redis') log.info('rate limiter: counting in Redis, shared by every instance');
  return counters;
}
