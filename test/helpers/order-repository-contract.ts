import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IdempotencyClaim } from '../../src/idempotency/keys.js';
import type { OrderRepository } from '../../src/orders/repository.js';
import type { PetRepository } from '../../src/pets/repository.js';
import type { PetStatus } from '../../src/pets/schemas.js';

const T0 = new Date(Date.UTC(2026, 10, 24, 12));

const claim = (key: string, requestHash: string): IdempotencyClaim => ({
  key,
  requestHash,
  notBefore: new Date(T0.getTime() - 24 * 3600_000),
  now: T0,
});

interface Opened {
  repo: OrderRepository;
  /** The pets of the same storage: orders move them. */
  pets: PetRepository;
  projects: [number, number];
  close(): Promise<void>;
}

/**
 * The behaviour every OrderRepository must have, whatever its engine, as tests.
 * `open` gives a repository on empty storage, the pets beside it, and the ids of two projects.
 */
export function orderRepositoryContract(open: () => Promise<Opened>): void {
  const withRepo = (fn: (opened: Opened) => Promise<void>) => async () => {
    const opened = await open();
    try {
      await fn(opened);
    } finally {
      await opened.close();
    }
  };
  const petOf = async (pets: PetRepository, projectId: number, status: PetStatus = 'available') => {
    const made = await pets.create(projectId, { name: 'Rex', categoryId: 1n, status }, T0);
    assert.equal(made.kind, 'created');
    return made.kind === 'created' ? made.pet.id : 0n;
  };
  const statusOf = async (pets: PetRepository, projectId: number, id: bigint) => (await pets.get(projectId, id))?.status;

  test(
    'place: an available pet becomes pending with a placed order numbered per project; an unavailable or unknown pet is refused',
    withRepo(async ({ repo, pets, projects: [p, q] }) => {
      const rex = await petOf(pets, p);
      const placed = await repo.place(p, { petId: rex, quantity: 2 }, T0);
      const order = { id: 1n, petId: rex, quantity: 2, status: 'placed', complete: false, createdAt: T0.toISOString() };
      assert.deepEqual(placed, { kind: 'placed', order });
      assert.deepEqual(await repo.get(p, 1n), order);
      assert.equal(await repo.get(q, 1n), null);
      assert.equal(await statusOf(pets, p, rex), 'pending');
      assert.deepEqual(await repo.place(p, { petId: rex, quantity: 1 }, T0), { kind: 'pet_not_available', petStatus: 'pending' });
      assert.deepEqual(await repo.place(p, { petId: 99n, quantity: 1 }, T0), { kind: 'pet_not_found' });
      // Another project's pet is not found from this one.
      const kit = await petOf(pets, q);
      assert.deepEqual(await repo.place(p, { petId: kit + 1n, quantity: 1 }, T0), { kind: 'pet_not_found' });
      assert.deepEqual(await repo.place(q, { petId: kit, quantity: 1 }, T0), {
        kind: 'placed',
        order: { ...order, petId: kit, quantity: 1 },
      });
    }),
  );

  test(
    'place with an idempotency claim replays the order; another request with the key is key_reused',
    withRepo(async ({ repo, pets, projects: [p] }) => {
      const rex = await petOf(pets, p);
      const placed = await repo.place(p, { petId: rex, quantity: 1 }, T0, claim('k', 'h1'));
      assert.equal(placed.kind, 'placed');
      const again = await repo.place(p, { petId: rex, quantity: 1 }, T0, claim('k', 'h1'));
      assert.deepEqual(again, { kind: 'replayed', order: placed.kind === 'placed' ? placed.order : null });
      assert.deepEqual(await repo.place(p, { petId: rex, quantity: 3 }, T0, claim('k', 'h2')), { kind: 'key_reused' });
    }),
  );

  test(
    'transition: approve then deliver completes the order and sells the pet; cancel frees it; a move not allowed names the status',
    withRepo(async ({ repo, pets, projects: [p, q] }) => {
      const rex = await petOf(pets, p);
      const tom = await petOf(pets, p);
      await repo.place(p, { petId: rex, quantity: 1 }, T0);
      await repo.place(p, { petId: tom, quantity: 1 }, T0);
      assert.deepEqual(await repo.transition(p, 1n, 'delivered'), { kind: 'invalid', current: 'placed' });
      const approved = await repo.transition(p, 1n, 'approved');
      assert.equal(approved.kind === 'done' && approved.order.status, 'approved');
      const delivered = await repo.transition(p, 1n, 'delivered');
      assert.deepEqual(delivered.kind === 'done' && [delivered.order.status, delivered.order.complete], ['delivered', true]);
      assert.equal(await statusOf(pets, p, rex), 'sold');
      assert.deepEqual(await repo.transition(p, 1n, 'cancelled'), { kind: 'invalid', current: 'delivered' });

      const cancelled = await repo.transition(p, 2n, 'cancelled');
      assert.equal(cancelled.kind === 'done' && cancelled.order.status, 'cancelled');
      assert.equal(await statusOf(pets, p, tom), 'available');
      assert.deepEqual(await repo.transition(p, 3n, 'approved'), { kind: 'not_found' });
      assert.deepEqual(await repo.transition(q, 1n, 'approved'), { kind: 'not_found' });
    }),
  );

  test(
    'list pages in ascending id after a cursor and filters by status; inventory counts the project’s pets by status',
    withRepo(async ({ repo, pets, projects: [p, q] }) => {
      for (let i = 0; i < 4; i++) await repo.place(p, { petId: await petOf(pets, p), quantity: 1 }, T0);
      await petOf(pets, p, 'sold');
      await petOf(pets, p);
      await repo.transition(p, 2n, 'approved');
      await repo.transition(p, 4n, 'approved');
      await repo.place(q, { petId: await petOf(pets, q), quantity: 1 }, T0);

      const ids = (orders: { id: bigint }[]) => orders.map((o) => o.id);
      assert.deepEqual(ids(await repo.list(p, { limit: 3 })), [1n, 2n, 3n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 3, after: 3n })), [4n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 10, status: 'approved' })), [2n, 4n]);
      assert.deepEqual(ids(await repo.list(p, { limit: 10, status: 'placed', after: 1n })), [3n]);
      assert.deepEqual(ids(await repo.list(q, { limit: 10 })), [1n]);
      assert.deepEqual(await repo.list(q, { limit: 10, status: 'cancelled' }), []);

      assert.deepEqual(await repo.inventory(p), { available: 1n, pending: 4n, sold: 1n });
      assert.deepEqual(await repo.inventory(q), { available: 0n, pending: 1n, sold: 0n });
      assert.deepEqual(await repo.inventory(q + p + 1000), { available: 0n, pending: 0n, sold: 0n });
    }),
  );
}
