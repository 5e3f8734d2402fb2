import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyOptions } from '../helpers/arbitraries.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';

const PETS = 3;

type Command = { op: 'place'; pet: number } | { op: 'approve' | 'deliver' | 'cancel'; order: number } | { op: 'list' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('place' as const), pet: fc.nat(PETS - 1) }),
  fc.record({ op: fc.constantFrom('approve' as const, 'deliver' as const, 'cancel' as const), order: fc.nat(20) }),
  fc.constant({ op: 'list' as const }),
);

interface OrderState {
  id: number;
  petId: number;
  status: string;
  complete: boolean;
}

/*
 * Random sequences of place, approve, deliver, cancel and list over a few pets,
 * sent one at a time (each answer predicted from the state read back before it)
 * or several at once (racing). After every step: each order's status agrees
 * with its pet's, and the inventory equals the counts listPets gives.
 */
describeEachEngine('the order flow under random sequences', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('order and pet statuses always agree, and inventory equals the counts from listPets', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(command, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), async (batches) => {
        const p = await h.newProject();
        const json = { ...p.auth, 'content-type': 'application/json' };
        const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
          h.request({
            method,
            url,
            headers: body === undefined ? p.auth : json,
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
        const pets: number[] = [];
        for (let i = 0; i < PETS; i++)
          pets.push((await call('POST', '/v1/pets', { name: `F${String(i)}`, categoryId: 1 })).json().id as number);

        const listAll = async <T>(path: string): Promise<T[]> => {
          const out: T[] = [];
          let url: string | undefined = `${path}${path.includes('?') ? '&' : '?'}limit=2`;
          while (url) {
            const res = await call('GET', url);
            assert.equal(res.statusCode, 200, res.body);
            out.push(...(res.json() as T[]));
            url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
          }
          return out;
        };
        const state = async () => {
          const orders = await listAll<OrderState>('/v1/store/orders');
          const petStatus = new Map((await listAll<{ id: number; status: string }>('/v1/pets')).map((x) => [x.id, x.status]));
          return { orders, petStatus };
        };

        const check = async () => {
          const { orders, petStatus } = await state();
          for (const petId of pets) {
            const mine = orders.filter((o) => o.petId === petId);
            const open = mine.filter((o) => o.status === 'placed' || o.status === 'approved');
            const delivered = mine.filter((o) => o.status === 'delivered');
            assert.ok(open.length + delivered.length <= 1, `pet ${String(petId)}: ${JSON.stringify(mine)}`);
            const expected = open.length ? 'pending' : delivered.length ? 'sold' : 'available';
            assert.equal(petStatus.get(petId), expected, `pet ${String(petId)} with orders ${JSON.stringify(mine)}`);
          }
          for (const o of orders) assert.equal(o.complete, o.status === 'delivered', JSON.stringify(o));
          const inventory = (await call('GET', '/v1/store/inventory')).json() as Record<string, number>;
          const counts: Record<string, number> = {};
          for (const status of ['available', 'pending', 'sold'])
            counts[status] = (await listAll<unknown>(`/v1/pets?status=${status}`)).length;
          assert.deepEqual(inventory, counts);
          return orders;
        };

        let orders: OrderState[] = [];
        for (const batch of batches) {
          const { petStatus } = await state();
          const run = async (c: Command) => {
            if (c.op === 'list') return { c, res: await call('GET', '/v1/store/orders?limit=100') };
            if (c.op === 'place') return { c, res: await call('POST', '/v1/store/orders', { petId: pets[c.pet] }) };
            const target = orders[c.order % Math.max(1, orders.length)];
            if (!target) return { c, res: await call('GET', '/v1/store/orders/999') };
            const url = `/v1/store/orders/${String(target.id)}`;
            if (c.op === 'cancel') return { c, res: await call('DELETE', url), target };
            return { c, res: await call('PATCH', url, { status: c.op === 'approve' ? 'approved' : 'delivered' }), target };
          };
          const results = await Promise.all(batch.map(run));
          for (const { res } of results) assert.ok([200, 201, 404, 409].includes(res.statusCode), res.body);
          if (batch.length === 1) {
            // Alone, the answer is exactly what the state before it allows.
            const [{ c, res, target }] = results as [Awaited<ReturnType<typeof run>>];
            const allowed: Record<string, string[]> = { approve: ['placed'], deliver: ['approved'], cancel: ['placed', 'approved'] };
            let expected = 200;
            if (c.op === 'place') expected = petStatus.get(pets[c.pet] as number) === 'available' ? 201 : 409;
            else if (c.op !== 'list') expected = !target ? 404 : allowed[c.op]?.includes(target.status) ? 200 : 409;
            assert.equal(res.statusCode, expected, `${JSON.stringify(c)} on ${JSON.stringify(target)}: ${res.body}`);
          }
          orders = await check();
          steps++;
        }
      }),
      propertyOptions(Number(process.env.FC_RUNS ?? 25)),
    );
    assert.ok(steps > 0);
  });
});
