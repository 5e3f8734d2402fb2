import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { openOrderRepository } from '../../src/orders/open-repository.js';
import type { StoreEvent, StoreEvents } from '../../src/orders/events.js';
import type { SqliteDb } from '../../src/storage/sqlite/database.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { openRepositories, type Repositories } from '../helpers/repositories.js';

const describe = (e: StoreEvent) => (e.type === 'pet.status_changed' ? `${e.type} ${e.from}→${e.to}` : `${e.type} ${e.order.status}`);

/*
 * The hook an events outbox plugs into: every change of the order flow is
 * reported inside the transaction that makes it (so a recorder writing through
 * the given connection commits with it), and a recorder that fails undoes the change.
 */
describeEachEngine('the order flow reports its changes to StoreEvents', (engine) => {
  let db: FreshDatabase;
  let repos: Repositories;
  let projectId: number;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    repos = await openRepositories(db.url);
    projectId = (await repos.projects.create('events', 'free', { perMinute: 60, perDay: 1000 }, new Date())).id;
  });
  after(async () => {
    await repos?.close();
    await db?.drop();
  });

  const newPet = async () => {
    const created = await repos.pets.create(projectId, { name: 'E', categoryId: 1n, status: 'available' }, new Date());
    assert.ok(created.kind === 'created');
    return created.pet.id;
  };

  /** A recorder that notes each event with the pet's status as its own transaction sees it. */
  const recorder = (seen: string[], fail?: StoreEvent['type']): StoreEvents => ({
    sqlite: (sqlite: SqliteDb, event) => {
      assert.ok(sqlite.inTransaction, 'inside the write transaction');
      if (event.type === fail) throw new Error('recorder failed');
      seen.push(describe(event));
    },
    postgres: async (client: pg.PoolClient, event) => {
      // Read through the change's own connection: it sees the uncommitted change.
      const petId = event.type === 'pet.status_changed' ? event.petId : event.order.petId;
      const pet = await client.query<{ status: string }>('SELECT status FROM pets WHERE project_id = $1 AND id = $2', [projectId, petId]);
      if (event.type === fail) throw new Error('recorder failed');
      seen.push(`${describe(event)} (pet ${String(pet.rows[0]?.status)})`);
    },
  });

  test('placed, approved, delivered and cancelled, each with the pet status change it causes, in order', async () => {
    const seen: string[] = [];
    const orders = openOrderRepository(repos.storage.database, recorder(seen));
    const a = await orders.place(projectId, { petId: await newPet(), quantity: 1 }, new Date());
    assert.ok(a.kind === 'placed');
    await orders.transition(projectId, a.order.id, 'approved');
    await orders.transition(projectId, a.order.id, 'delivered');
    const b = await orders.place(projectId, { petId: await newPet(), quantity: 1 }, new Date());
    assert.ok(b.kind === 'placed');
    await orders.transition(projectId, b.order.id, 'cancelled');
    // Refused changes report nothing.
    await orders.transition(projectId, b.order.id, 'approved');
    await orders.place(projectId, { petId: a.order.petId, quantity: 1 }, new Date());
    const pet = (s: string) => (engine.name === 'postgres' ? ` (pet ${s})` : '');
    assert.deepEqual(seen, [
      `pet.status_changed available→pending${pet('pending')}`,
      `order.placed placed${pet('pending')}`,
      `order.approved approved${pet('pending')}`,
      `pet.status_changed pending→sold${pet('sold')}`,
      `order.delivered delivered${pet('sold')}`,
      `pet.status_changed available→pending${pet('pending')}`,
      `order.placed placed${pet('pending')}`,
      `pet.status_changed pending→available${pet('available')}`,
      `order.cancelled cancelled${pet('available')}`,
    ]);
  });

  test('a recorder that fails undoes the change: no order, the pet still available', async () => {
    const petId = await newPet();
    const failing = openOrderRepository(repos.storage.database, recorder([], 'order.placed'));
    await assert.rejects(failing.place(projectId, { petId, quantity: 1 }, new Date()), /recorder failed/);
    assert.equal((await repos.pets.get(projectId, petId))?.status, 'available');
    assert.equal((await repos.orders.list(projectId, { limit: 100 })).filter((o) => o.petId === petId).length, 0);
  });
});
