import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const HOW_TO_RUN = 'Redis tests skipped: set PETSTORE_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run them';

/**
 * The Redis the tests may use, from PETSTORE_TEST_REDIS_URL. Without it the
 * suite is skipped with a message saying how to run it, except under CI=true,
 * where a missing Redis is a failure.
 */
export function testRedis(): { url: string } | { skip: string } {
  const url = process.env.PETSTORE_TEST_REDIS_URL;
  if (url) return { url };
  if (process.env.CI === 'true') throw new Error('PETSTORE_TEST_REDIS_URL must be set when CI=true: the Redis tests may not be skipped');
  process.stderr.write(`# ${HOW_TO_RUN}\n`);
  return { skip: HOW_TO_RUN };
}

/** A key prefix of its own for one test run. */
export const uniqueRedisPrefix = () => `petstore-test-${randomBytes(6).toString('hex')}`;

/** Deletes every key under a prefix (the test run's own). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}

/** Keys under a prefix, for tests that check where counts were kept. */
export async function redisKeys(url: string, prefix: string): Promise<string[]> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    return keys;
  } finally {
    client.disconnect();
  }
}
