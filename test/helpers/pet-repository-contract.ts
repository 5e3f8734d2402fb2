import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IdempotencyClaim } from '../../src/idempotency/keys.js';
import { petJson } from '../../src/pets/json.js';
import type { PetRepository } from '../../src/pets/repository.js';

const T0 = new Date(Date.UTC(2026, 10, 24, 12));

const claim = (key: string, requestHash: string, now = T0): IdempotencyClaim => ({
  key,
  requestHash,
  notBefore: new Date(now.getTime() - 24 * 3600_000),
  now,
});

/**
 * The behaviour every PetRepository must have, whatever its engine, as tests.
 * `open` gives a repository on empty storage and the ids of two projects in it.
 */
export function petRepositoryContract(
  open: () => Promise<{ repo: PetRepository; projects: [number, number]; close(): Promise<void> }>,
): void {
  const withRepo = (fn: (repo: PetRepository, projects: [number, number]) => Promise<void>) => async () => {
    const { repo, projects, close } = await open();
    try {
      await fn(repo, projects);
    } finally {
      await close();
    }
  };

  test(
    'create numbers each project’s pets 1, 2, 3…; get finds a pet only in its project',
    withRepo(async (repo, [p, q]) => {
      const a = await repo.create(p, { name: 'Rex', categoryId: 7n, status: 'available' }, T0);
      const b = await repo.create(p, { name: 'Tom', categoryId: -9223372036854775808n, status: 'sold' }, T0);
      const c = await repo.create(q, { name: 'Kit', categoryId: 9223372036854775807n, status: 'pending' }, T0);
      assert.deepEqual(a, { kind: 'created', pet: { id: 1n, name: 'Rex', categoryId: 7n, status: 'available' } });
      assert.deepEqual(b, { kind: 'created', pet: { id: 2n, name: 'Tom', categoryId: -9223372036854775808n, status: 'sold' } });
      assert.deepEqual(c, { kind: 'created', pet: { id: 1n, name: 'Kit', categoryId: 9223372036854775807n, status: 'pending' } });
      assert.deepEqual(await repo.get(p, 2n), { id: 2n, name: 'Tom', categoryId: -9223372036854775808n, status: 'sold' });
      assert.deepEqual(await repo.get(q, 1n), { id: 1n, name: 'Kit', categoryId: 9223372036854775807n, status: 'pending' });
      assert.equal(await repo.get(q, 2n), null);
      assert.equal(await repo.get(p, 3n), null);
      assert.equal(await repo.getJson(q, 2n), null);
      assert.equal(await repo.getJson(p, 2n), petJson({ id: 2n, name: 'Tom', categoryId: -9223372036854775808n, status: 'sold' }));
    }),
  );

  test(
    'list pages in ascending id after a cursor, filters by status; listJson gives the same page as JSON',
    withRepo(async (repo, [p, q]) => {
      const statuses = ['available', 'sold', 'available', 'pending', 'available'] as const;
      for (const [i, status] of statuses.entries()) await repo.create(p, { name: `P${String(i)}`, categoryId: 1n, status }, T0);
      await repo.create(q, { name: 'Other', categoryId: 1n, status: 'available' }, T0);

      const ids = (pets: { id: bigint }[]) => pets.map((pet) => pet.id);
      assert.deepEqual(ids(await repo.list(p, { limit: 2 })), [1n, 2n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 2, after: 2n })), [3n, 4n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 10, after: 4n })), [5n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 10, status: 'available' })), [1n, 3n, 5n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 1, status: 'available', after: 1n })), [3n]);
      assert.deepEqual(ids(await repo.list(q, { limit: 10 })), [1n]);
      assert.deepEqual(await repo.list(q, { limit: 10, status: 'sold' }), []);

      const page = await repo.listJson(p, { limit: 2, status: 'available' });
      assert.deepEqual(page, {
        json: `[${(await repo.list(p, { limit: 2, status: 'available' })).map(petJson).join(',')}]`,
        lastIdIfMore: 3n,
      });
      const last = await repo.listJson(p, { limit: 2, status: 'available', after: 3n });
      assert.deepEqual(last, { json: `[${petJson((await repo.get(p, 5n))!)}]`, lastIdIfMore: null });
      if (repo.listJsonNow && repo.getJsonNow) {
        assert.deepEqual(repo.listJsonNow(p, { limit: 2, status: 'available' }), page);
        assert.equal(repo.getJsonNow(p, 5n), await repo.getJson(p, 5n));
      }
    }),
  );

  test(
    'create with an idempotency claim: the same key and request replays the pet, another request is key_reused; purged keys are forgotten',
    withRepo(async (repo, [p, q]) => {
      const first = await repo.create(p, { name: 'Rex', categoryId: 7n, status: 'available' }, T0, claim('k1', 'h1'));
      assert.equal(first.kind, 'created');
      const again = await repo.create(p, { name: 'Rex', categoryId: 7n, status: 'available' }, T0, claim('k1', 'h1'));
      assert.deepEqual(again, { kind: 'replayed', pet: first.kind === 'created' ? first.pet : null });
      assert.deepEqual(await repo.create(p, { name: 'Max', categoryId: 7n, status: 'available' }, T0, claim('k1', 'h2')), {
        kind: 'key_reused',
      });
      // Keys are per project.
      assert.equal((await repo.create(q, { name: 'Rex', categoryId: 7n, status: 'available' }, T0, claim('k1', 'h1'))).kind, 'created');
      assert.deepEqual(await repo.list(p, { limit: 10 }), [{ id: 1n, name: 'Rex', categoryId: 7n, status: 'available' }]);

      assert.equal(await repo.purgeIdempotencyKeys(T0), 0);
      assert.equal(await repo.purgeIdempotencyKeys(new Date(T0.getTime() + 1)), 2);
      const later = new Date(T0.getTime() + 1000);
      const anew = await repo.create(p, { name: 'Max', categoryId: 7n, status: 'available' }, later, claim('k1', 'h2', later));
      assert.deepEqual(anew, { kind: 'created', pet: { id: 2n, name: 'Max', categoryId: 7n, status: 'available' } });
    }),
  );
}
