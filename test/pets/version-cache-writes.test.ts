import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Harness } from '../helpers/harness.js';
import { engines } from '../helpers/engines.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';
import { SETTLE_MS } from '../../src/limits/counters.js';
import {
  call,
  json,
  names,
  settledProject,
  sinceChange,
  sql,
  statusOf,
  twoInstances,
  type HeldProject,
  type Pet,
} from '../helpers/held-answers.js';

const redis = testRedis();
const postgres = engines().find((e) => e.name === 'postgres');
const skip = 'skip' in redis ? redis.skip : postgres?.skip;

/**
 * Answers held while a project takes writes (src/pets/early.ts, version-cache.ts): its version is never
 * settled, so a key read again is read only after its version came back, held under that version, and shared
 * by the requests that bring it. Two instances on one database and one Redis prefix, called over HTTP.
 */
describe('answers held while the project takes writes (PostgreSQL + Redis)', { skip }, () => {
  let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
  let a: Harness;
  let b: Harness;
  let prefix: string;
  const redisUrl = 'url' in redis ? redis.url : '';

  before(async () => {
    if (skip !== undefined) return;
    prefix = uniqueRedisPrefix();
    instances = await twoInstances({ redisUrl, redisKeyPrefix: prefix });
    ({ a, b } = instances);
  });
  after(async () => {
    await instances?.close();
    if (prefix) await deleteRedisPrefix(redisUrl, prefix);
  });

  const create = async (h: Harness, q: HeldProject, name: string) =>
    json<Pet>(await call(h, '/v1/pets', q.auth, { method: 'POST', body: JSON.stringify({ name, categoryId: 1 }) }), 201);
  const nameOf = async (h: Harness, q: HeldProject, id: number) => json<Pet>(await call(h, `/v1/pets/${String(id)}`, q.auth)).name;

  test('with a write in the last SETTLE_MS, answers are still held; the first read after each 201, on either instance, shows it', async () => {
    const q = await settledProject(a);
    for (let round = 0; round < 4; round++) {
      const created = await create(round % 2 === 0 ? a : b, q, `Written ${String(round)}`);
      assert.ok((await sinceChange(redisUrl, prefix, q.projectId)) < SETTLE_MS, 'the version is not settled');
      // The first reads after the 201 show the write on both instances.
      const [onA, onB] = await Promise.all([names(a, q), names(b, q)]);
      assert.ok(onA.includes(created.name) && onB.includes(created.name), `round ${String(round)}: A ${onA.join()}, B ${onB.join()}`);
      const [getA, getB] = await Promise.all([nameOf(a, q, created.id), nameOf(b, q, created.id)]);
      assert.deepEqual([getA, getB], [created.name, created.name]);
      // Read again: the answers are held (a key not read in the last HELD_MS is read beside its count, and
      // held from its next read on).
      for (const h of [a, b]) {
        for (let i = 0; i < 2; i++) {
          await names(h, q);
          await nameOf(h, q, 1);
        }
      }
      const seed = (onA[0] ?? '') as string;
      // Renamed by SQL, which changes no version: both instances still give what they hold.
      await sql(a, 'UPDATE pets SET name = $1 WHERE project_id = $2 AND id = 1', [`Seed ${String(round)}`, q.projectId]);
      for (const h of [a, b]) {
        assert.equal((await names(h, q))[0], seed, `round ${String(round)}: the list is held`);
        assert.equal(await nameOf(h, q, 1), seed, `round ${String(round)}: the pet is held`);
      }
      assert.ok((await sinceChange(redisUrl, prefix, q.projectId)) < SETTLE_MS, 'held while not settled');
    }
  });

  test('while readers keep both instances busy, the first read after each write, on either instance, shows it', async () => {
    const q = await settledProject(a);
    let reading = true;
    let reads = 0;
    const readers = [a, b, a, b, a, b].map(async (h, i) => {
      while (reading) {
        if (i % 2 === 0) await names(h, q);
        else await statusOf(h, q, 1);
        reads++;
      }
    });
    try {
      for (let i = 0; i < 24; i++) {
        const writer = i % 2 === 0 ? a : b;
        const created = await create(writer, q, `Busy ${String(i)}`);
        const [onA, onB] = await Promise.all([names(a, q), names(b, q)]);
        assert.ok(onA.includes(created.name) && onB.includes(created.name), `write ${String(i)}: A ${onA.join()}, B ${onB.join()}`);
        if (i % 4 !== 3) continue;
        // An order changes its pet's status: read on both instances right after its 201.
        const placed = await call(writer, '/v1/store/orders', q.auth, { method: 'POST', body: JSON.stringify({ petId: created.id }) });
        assert.equal(placed.status, 201, placed.text);
        const [sa, sb] = await Promise.all([statusOf(a, q, created.id), statusOf(b, q, created.id)]);
        assert.deepEqual([sa, sb], ['pending', 'pending'], `order ${String(i)}`);
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
    assert.ok(reads > 24, `the readers ran (${String(reads)} reads)`);
  });
});
