import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, PetstoreError, type Order } from '../src/index.js';
import { liveServer, recordingFetch, type LiveServer } from './helpers/live-server.js';

describe('@petstore/client: the order flow against the real server', () => {
  let server: LiveServer;
  before(async () => {
    server = await liveServer({ banThreshold: 2 });
  });
  after(() => server.close());

  test('placeOrder, getOrder, approveOrder, deliverOrder, cancelOrder, allOrders and inventory, typed and exact', async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey() });
    const pets = await Promise.all(Array.from({ length: 3 }, (_, i) => client.createPet({ name: `O${String(i)}`, categoryId: 1 })));
    const [a, b, c] = pets.map((p) => p.id) as [bigint, bigint, bigint];
    const placed = await client.placeOrder({ petId: a, quantity: 2 });
    assert.equal(typeof placed.id, 'bigint');
    assert.equal(placed.petId, a);
    assert.deepEqual([placed.status, placed.quantity, placed.complete], ['placed', 2, false]);
    assert.deepEqual(await client.getOrder(placed.id), placed);
    assert.equal((await client.approveOrder(placed.id)).status, 'approved');
    const delivered = await client.deliverOrder(placed.id);
    assert.deepEqual([delivered.status, delivered.complete], ['delivered', true]);
    const second = await client.placeOrder({ petId: Number(b) });
    assert.equal((await client.cancelOrder(second.id)).status, 'cancelled');
    await client.placeOrder({ petId: c });
    assert.deepEqual(await client.inventory(), { available: 1n, pending: 1n, sold: 1n });

    const all: Order[] = [];
    for await (const order of client.allOrders({ pageSize: 1 })) all.push(order);
    assert.deepEqual(
      all.map((o) => o.status),
      ['delivered', 'cancelled', 'placed'],
    );
    const cancelled: bigint[] = [];
    for await (const order of client.allOrders({ status: 'cancelled' })) cancelled.push(order.id);
    assert.deepEqual(cancelled, [second.id]);
  });

  test('refusals are PetstoreErrors with their codes; a repeated move to the status the order is in resolves with it', async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey() });
    const pet = await client.createPet({ name: 'R', categoryId: 1 });
    const order = await client.placeOrder({ petId: pet.id });
    const refused = await client.placeOrder({ petId: pet.id }).catch((err: unknown) => err);
    assert.ok(refused instanceof PetstoreError && refused.code === 'pet_not_available' && refused.status === 409);
    const unknown = await client.placeOrder({ petId: 9223372036854775807n }).catch((err: unknown) => err);
    assert.ok(unknown instanceof PetstoreError && unknown.code === 'pet_not_found');
    const early = await client.deliverOrder(order.id).catch((err: unknown) => err);
    assert.ok(early instanceof PetstoreError && early.code === 'invalid_transition', String(early));
    await client.approveOrder(order.id);
    assert.equal((await client.approveOrder(order.id)).status, 'approved', 'as after a retry whose first attempt applied');
    await client.cancelOrder(order.id);
    const late = await client.approveOrder(order.id).catch((err: unknown) => err);
    assert.ok(late instanceof PetstoreError && late.code === 'invalid_transition');
  });

  test('placeOrder sends an Idempotency-Key (a UUID unless given); the same key again replays the order', async () => {
    const recorder = recordingFetch();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey(), fetch: recorder.fetch });
    const pet = await client.createPet({ name: 'K', categoryId: 1 });
    await client.placeOrder({ petId: pet.id }, { idempotencyKey: 'mine-1' });
    const replay = await client.placeOrder({ petId: pet.id }, { idempotencyKey: 'mine-1' });
    assert.equal(replay.status, 'placed');
    const sent = recorder.exchanges.filter((e) => e.url.endsWith('/store/orders'));
    assert.deepEqual(
      sent.map((e) => [e.headers.get('idempotency-key'), e.responseHeaders?.get('idempotent-replayed') ?? null]),
      [
        ['mine-1', null],
        ['mine-1', 'true'],
      ],
    );
    await client.placeOrder({ petId: (await client.createPet({ name: 'L', categoryId: 1 })).id });
    assert.match(recorder.exchanges.at(-1)?.headers.get('idempotency-key') ?? '', /^[0-9a-f-]{36}$/, 'a UUID unless given');
  });
});
