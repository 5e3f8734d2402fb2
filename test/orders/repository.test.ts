import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PetStatus } from '../../src/pets/schemas.js';
import { openOrderRepository } from '../../src/orders/open-repository.js';
import { outboxStoreEvents } from '../../src/orders/outbox.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { orderRepositoryContract } from '../helpers/order-repository-contract.js';
import { openRepositories } from '../helpers/repositories.js';
import { rowsOf } from '../helpers/storage-sql.js';

describeEachEngine('order repository', (engine) => {
  orderRepositoryContract(async () => {
    const fresh = await freshDatabase(engine.name);
    const repos = await openRepositories(fresh.url);
    const now = new Date();
    const quota = { perMinute: 100, perDay: 1000 };
    const p = await repos.projects.create('shop', 'pro', quota, now);
    const q = await repos.projects.create('other', 'pro', quota, now);
    return {
      repo: repos.orders,
      pets: repos.pets,
      projects: [p.id, q.id],
      close: async () => {
        await repos.close();
        await fresh.drop();
      },
    };
  });
});

describeEachEngine('placements at once', (engine) => {
  test('each pet is taken once, each project numbers its orders 1..n, and the events and deliveries follow the orders', async () => {
    const fresh = await freshDatabase(engine.name, { onDisk: true });
    const repos = await openRepositories(fresh.url);
    try {
      const now = new Date();
      const quota = { perMinute: 100, perDay: 1000 };
      const a = (await repos.projects.create('at-once-a', 'pro', quota, now)).id;
      const b = (await repos.projects.create('at-once-b', 'pro', quota, now)).id;
      const at = engine.name === 'sqlite' ? now.getTime() : now;
      await rowsOf(
        repos.storage,
        `INSERT INTO webhook_endpoints (project_id, url, events, secret, enabled, created_at) VALUES (?, 'https://example.com/h', '*', 's', ?, ?)`,
        [a, engine.name === 'sqlite' ? 1 : true, at],
      );
      const petsOf = async (project: number, count: number, status: PetStatus) => {
        const ids: bigint[] = [];
        for (let i = 0; i < count; i++) {
          const made = await repos.pets.create(project, { name: `p${String(i)}`, categoryId: 1n, status }, now);
          if (made.kind === 'created') ids.push(made.pet.id);
        }
        return ids;
      };
      const [aPets, bPets, sold] = [await petsOf(a, 40, 'available'), await petsOf(b, 20, 'available'), await petsOf(b, 1, 'sold')];
      // Every available pet asked for twice (the second ask later in the batch), a sold pet, an unknown pet.
      const asks = [
        ...aPets.map((petId) => ({ project: a, petId })),
        ...bPets.map((petId) => ({ project: b, petId })),
        ...aPets.map((petId) => ({ project: a, petId })),
        ...bPets.map((petId) => ({ project: b, petId })),
        { project: b, petId: sold[0] ?? 0n },
        { project: a, petId: 999_999n },
      ];
      const orders = openOrderRepository(repos.storage.database, outboxStoreEvents);
      const results = await Promise.all(asks.map(({ project, petId }, i) => orders.place(project, { petId, quantity: 1 + (i % 3) }, now)));

      const placed = results.filter((r) => r.kind === 'placed');
      assert.equal(placed.length, 60, 'one order per available pet');
      results.forEach((r, i) => {
        const ask = asks[i];
        if (r.kind === 'placed') {
          assert.equal(r.order.petId, ask?.petId);
          assert.equal(r.order.quantity, 1 + (i % 3), `placement ${String(i)} gets its own order`);
        }
      });
      assert.deepEqual(
        results.slice(120).map((r) => (r.kind === 'pet_not_available' ? r.petStatus : r.kind)),
        ['sold', 'pet_not_found'],
      );
      for (const [project, petIds] of [
        [a, aPets],
        [b, bPets],
      ] as const) {
        const mine = results.filter((r, i) => r.kind !== 'pet_not_found' && asks[i]?.project === project);
        const orders = mine.flatMap((r) => (r.kind === 'placed' ? [r.order] : []));
        assert.deepEqual(
          orders.map((o) => o.id).sort((x, y) => (x < y ? -1 : 1)),
          petIds.map((_, i) => BigInt(i + 1)),
          'orders numbered 1..n per project',
        );
        assert.deepEqual(new Set(orders.map((o) => o.petId)), new Set(petIds), 'every pet taken once');
        assert.ok(
          mine.filter((r) => r.kind !== 'placed').every((r) => r.kind === 'pet_not_available' && r.petStatus !== 'available'),
          'a second ask for a pet finds it taken',
        );
        for (const id of petIds) assert.equal((await repos.pets.get(project, id))?.status, 'pending');
        const events = await rowsOf<{ type: string; data: string }>(
          repos.storage,
          'SELECT type, data FROM events WHERE project_id = ? ORDER BY seq',
          [project],
        );
        const byId = [...orders].sort((x, y) => (x.id < y.id ? -1 : 1));
        assert.deepEqual(
          events.filter((e) => e.type !== 'pet.created').map((e) => [e.type, (JSON.parse(e.data) as { id?: number; petId: number }).petId]),
          byId.flatMap((o) => [
            ['pet.status_changed', Number(o.petId)],
            ['order.placed', Number(o.petId)],
          ]),
          'each order’s two events, in the order of the orders’ ids',
        );
        const placedIds = events.filter((e) => e.type === 'order.placed').map((e) => (JSON.parse(e.data) as { id: number }).id);
        assert.deepEqual(
          placedIds,
          byId.map((o) => Number(o.id)),
        );
      }
      const deliveries = await rowsOf<{ project_id: unknown; n: unknown }>(
        repos.storage,
        "SELECT e.project_id, COUNT(*) AS n FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq WHERE e.type <> 'pet.created' GROUP BY e.project_id",
      );
      assert.deepEqual(
        deliveries.map((d) => [Number(d.project_id), Number(d.n)]),
        [[a, 80]],
      );
    } finally {
      await repos.close();
      await fresh.drop();
    }
  });
});
