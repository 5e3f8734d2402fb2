import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { harness, type Harness } from '../helpers/harness.js';
import { describeEachEngine } from '../helpers/engines.js';

const json = { 'content-type': 'application/json' };

interface OrderBody {
  id: number;
  petId: number;
  quantity: number;
  status: string;
  complete: boolean;
  createdAt: string;
}

describeEachEngine('the order flow', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    h.request({
      method,
      url,
      headers: { ...h.auth, ...(body === undefined ? {} : json), ...headers },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const newPet = async (status = 'available', auth = h.auth): Promise<number> => {
    const res = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, ...json },
      payload: JSON.stringify({ name: 'P', categoryId: 1, status }),
    });
    assert.equal(res.statusCode, 201);
    return (res.json() as { id: number }).id;
  };
  const petStatus = async (id: number) => ((await send('GET', `/v1/pets/${String(id)}`)).json() as { status: string }).status;
  const place = (petId: unknown, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    send('POST', '/v1/store/orders', { petId, ...extra }, headers);

  test('placeOrder: 201 with the order, a Location, and the pet pending; a second order for it is 409 pet_not_available', async () => {
    const petId = await newPet();
    const res = await place(petId, { quantity: 3 });
    assert.equal(res.statusCode, 201, res.body);
    const order = res.json() as OrderBody;
    assert.deepEqual({ ...order, id: 0, createdAt: '' }, { id: 0, petId, quantity: 3, status: 'placed', complete: false, createdAt: '' });
    assert.equal(res.headers.location, `/v1/store/orders/${String(order.id)}`);
    assert.equal(await petStatus(petId), 'pending');
    assert.deepEqual((await send('GET', `/v1/store/orders/${String(order.id)}`)).json(), order);
    const again = await place(petId);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'pet_not_available');
    assert.match(again.json().message, /pending/);
    const quantityDefault = await place(await newPet());
    assert.equal((quantityDefault.json() as OrderBody).quantity, 1);
  });

  test('order ids are numbered per project', async () => {
    const other = await h.newProject();
    const petId = await newPet('available', other.auth);
    const res = await h.request({
      method: 'POST',
      url: '/v1/store/orders',
      headers: { ...other.auth, ...json },
      payload: JSON.stringify({ petId }),
    });
    assert.equal(res.statusCode, 201);
    assert.equal((res.json() as OrderBody).id, 1);
  });

  test('approve then deliver: the order completes and the pet is sold', async () => {
    const petId = await newPet();
    const { id } = (await place(petId)).json() as OrderBody;
    const approved = await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'approved' });
    assert.equal(approved.statusCode, 200);
    assert.equal(approved.json().status, 'approved');
    assert.equal(await petStatus(petId), 'pending');
    const delivered = await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'delivered' });
    assert.equal(delivered.statusCode, 200);
    assert.deepEqual([delivered.json().status, delivered.json().complete], ['delivered', true]);
    assert.equal(await petStatus(petId), 'sold');
    // Nothing moves a delivered order; the error names its current status.
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PATCH', { status: 'approved' }],
      ['PATCH', { status: 'delivered' }],
    ] as const) {
      const res = await send(method, `/v1/store/orders/${String(id)}`, body);
      assert.equal(res.statusCode, 409, `${method} ${JSON.stringify(body)}`);
      assert.equal(res.json().code, 'invalid_transition');
      assert.match(res.json().message, /The order is delivered/);
    }
  });

  test('cancel from placed or approved: the pet is available again and can be ordered anew; cancelled is final', async () => {
    for (const approveFirst of [false, true]) {
      const petId = await newPet();
      const { id } = (await place(petId)).json() as OrderBody;
      if (approveFirst) assert.equal((await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'approved' })).statusCode, 200);
      const cancelled = await send('DELETE', `/v1/store/orders/${String(id)}`);
      assert.equal(cancelled.statusCode, 200);
      assert.deepEqual([cancelled.json().status, cancelled.json().complete], ['cancelled', false]);
      assert.equal(await petStatus(petId), 'available');
      const again = await send('DELETE', `/v1/store/orders/${String(id)}`);
      assert.equal(again.statusCode, 409);
      assert.match(again.json().message, /The order is cancelled/);
      const approve = await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'approved' });
      assert.equal(approve.json().code, 'invalid_transition');
      assert.equal((await place(petId)).statusCode, 201);
    }
  });

  test('delivering a placed order (not yet approved) is 409 invalid_transition naming placed', async () => {
    const { id } = (await place(await newPet())).json() as OrderBody;
    const res = await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'delivered' });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'invalid_transition');
    assert.match(res.json().message, /The order is placed/);
  });

  test('a pet created pending or sold cannot be ordered', async () => {
    for (const status of ['pending', 'sold']) {
      const res = await place(await newPet(status));
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'pet_not_available');
    }
  });

  test('bad input: each a 4xx with the Error body', async () => {
    const { id } = (await place(await newPet())).json() as OrderBody;
    const other = await h.newProject();
    const cases: { what: string; res: Awaited<ReturnType<typeof send>>; status: number; code: string }[] = [
      { what: 'unknown pet', res: await place(999999), status: 404, code: 'pet_not_found' },
      { what: 'petId 0', res: await place(0), status: 404, code: 'pet_not_found' },
      {
        what: 'petId above int64',
        res: await send('POST', '/v1/store/orders', '{"petId":9223372036854775808}'),
        status: 400,
        code: 'validation_failed',
      },
      { what: 'petId 1.5', res: await place(1.5), status: 400, code: 'validation_failed' },
      { what: 'petId "7"', res: await place('7'), status: 400, code: 'validation_failed' },
      { what: 'quantity 0', res: await place(1, { quantity: 0 }), status: 400, code: 'validation_failed' },
      { what: 'quantity 101', res: await place(1, { quantity: 101 }), status: 400, code: 'validation_failed' },
      { what: 'extra field', res: await place(1, { status: 'placed' }), status: 400, code: 'validation_failed' },
      { what: 'no body', res: await send('POST', '/v1/store/orders', '{}'), status: 400, code: 'validation_failed' },
      { what: 'malformed JSON', res: await send('POST', '/v1/store/orders', '{"petId":'), status: 400, code: 'malformed_json' },
      {
        what: 'transition to placed',
        res: await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'placed' }),
        status: 400,
        code: 'validation_failed',
      },
      {
        what: 'transition to cancelled by PATCH',
        res: await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'cancelled' }),
        status: 400,
        code: 'validation_failed',
      },
      {
        what: 'PATCH extra field',
        res: await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'approved', complete: true }),
        status: 400,
        code: 'validation_failed',
      },
      {
        what: 'orderId above int64',
        res: await send('GET', '/v1/store/orders/9223372036854775808'),
        status: 400,
        code: 'validation_failed',
      },
      { what: 'unknown order', res: await send('GET', '/v1/store/orders/424242'), status: 404, code: 'not_found' },
      { what: 'unknown order cancelled', res: await send('DELETE', '/v1/store/orders/424242'), status: 404, code: 'not_found' },
      { what: 'unknown status filter', res: await send('GET', '/v1/store/orders?status=lost'), status: 400, code: 'validation_failed' },
      { what: 'limit 101', res: await send('GET', '/v1/store/orders?limit=101'), status: 400, code: 'validation_failed' },
    ];
    for (const verb of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await h.request({
        method: verb,
        url: `/v1/store/orders/${String(id)}`,
        headers: { ...other.auth, ...(verb === 'PATCH' ? json : {}) },
        ...(verb === 'PATCH' ? { payload: '{"status":"approved"}' } : {}),
      });
      cases.push({ what: `another project's order (${verb})`, res, status: 404, code: 'not_found' });
    }
    // Another project's pet is unknown here.
    const theirPet = await newPet('available', other.auth);
    const mine = await newPet();
    if (theirPet > mine) cases.push({ what: "another project's pet", res: await place(theirPet), status: 404, code: 'pet_not_found' });
    for (const c of cases) {
      assert.equal(c.res.statusCode, c.status, `${c.what}: ${c.res.body}`);
      const body = c.res.json() as { code: string; message: string; status: number };
      assert.equal(body.code, c.code, c.what);
      assert.equal(body.status, c.status, c.what);
      assert.equal(typeof body.message, 'string', c.what);
    }
    assert.equal(await petStatus(1), (await send('GET', '/v1/pets/1')).json().status, 'no bad request changed a pet');
  });

  test('Idempotency-Key on placeOrder: a retry replays the order; another body or another operation with the key is 422', async () => {
    const petId = await newPet();
    const first = await place(petId, {}, { 'idempotency-key': 'order-1' });
    assert.equal(first.statusCode, 201);
    const retry = await place(petId, { quantity: 1 }, { 'idempotency-key': 'order-1' });
    assert.equal(retry.statusCode, 201, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.body, first.body);
    assert.equal(retry.headers.location, first.headers.location);
    const otherBody = await place(petId, { quantity: 2 }, { 'idempotency-key': 'order-1' });
    assert.equal(otherBody.statusCode, 422);
    assert.equal(otherBody.json().code, 'idempotency_key_reused');
    const createPet = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, ...json, 'idempotency-key': 'order-1' },
      payload: '{"name":"N","categoryId":1}',
    });
    assert.equal(createPet.statusCode, 422);
    assert.equal(createPet.json().code, 'idempotency_key_reused');
    const orders = (await send('GET', '/v1/store/orders?limit=100')).json() as OrderBody[];
    assert.equal(orders.filter((o) => o.petId === petId).length, 1, 'one order was placed');
  });

  test('listOrders pages with limit and cursor, filters by status, and a cursor of another filter is 400', async () => {
    const p = await h.newProject();
    const call = (url: string) => h.request({ method: 'GET', url, headers: p.auth });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const petId = await newPet('available', p.auth);
      const res = await h.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: { ...p.auth, ...json },
        payload: JSON.stringify({ petId }),
      });
      ids.push((res.json() as OrderBody).id);
    }
    for (const id of [ids[1], ids[3]]) await h.request({ method: 'DELETE', url: `/v1/store/orders/${String(id)}`, headers: p.auth });
    const seen: number[] = [];
    let url: string | undefined = '/v1/store/orders?limit=2';
    while (url) {
      const res = await call(url);
      assert.equal(res.statusCode, 200);
      seen.push(...(res.json() as OrderBody[]).map((o) => o.id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    assert.deepEqual(seen, ids);
    const placed = await call('/v1/store/orders?status=placed&limit=2');
    assert.deepEqual(
      (placed.json() as OrderBody[]).map((o) => o.id),
      [ids[0], ids[2]],
    );
    const next = /<([^>]+)>; rel="next"/.exec(String(placed.headers.link))?.[1] ?? '';
    assert.match(next, /status=placed/);
    assert.deepEqual(
      ((await call(next)).json() as OrderBody[]).map((o) => o.id),
      [ids[4]],
    );
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') ?? '';
    const foreign = await call(`/v1/store/orders?status=cancelled&cursor=${cursor}`);
    assert.equal(foreign.statusCode, 400);
    assert.equal(foreign.json().code, 'invalid_cursor');
    const cancelled = await call('/v1/store/orders?status=cancelled');
    assert.deepEqual(
      (cancelled.json() as OrderBody[]).map((o) => o.id),
      [ids[1], ids[3]],
    );
  });

  test('a listing with status=available never shows a pet already ordered, after the order’s 201 (read cache and cursors)', async () => {
    const p = await h.newProject();
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      h.request({ method, url, headers: { ...p.auth, ...(body ? json : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
    const pets: number[] = [];
    for (let i = 0; i < 6; i++) pets.push((await call('POST', '/v1/pets', { name: `A${String(i)}`, categoryId: 1 })).json().id as number);
    const available = async () => ((await call('GET', '/v1/pets?status=available&limit=100')).json() as { id: number }[]).map((x) => x.id);
    // Warm the cache (twice: the second read is served from it).
    assert.deepEqual(await available(), pets);
    assert.deepEqual(await available(), pets);
    const firstPage = await call('GET', '/v1/pets?status=available&limit=2');
    const next = /<([^>]+)>; rel="next"/.exec(String(firstPage.headers.link))?.[1] ?? '';
    const order = await call('POST', '/v1/store/orders', { petId: pets[3] });
    assert.equal(order.statusCode, 201);
    assert.ok(!(await available()).includes(pets[3] as number), 'the ordered pet is gone from status=available at once');
    const pending = (await call('GET', '/v1/pets?status=pending')).json() as { id: number }[];
    assert.deepEqual(
      pending.map((x) => x.id),
      [pets[3]],
    );
    // A cursor issued before the order continues without the ordered pet.
    const rest = ((await call('GET', next)).json() as { id: number }[]).map((x) => x.id);
    assert.deepEqual(rest, [pets[2], pets[4]]);
    assert.equal((await call('GET', `/v1/pets/${String(pets[3])}`)).json().status, 'pending');
    await call('DELETE', `/v1/store/orders/${String((order.json() as OrderBody).id)}`);
    assert.deepEqual(await available(), pets);
  });

  test('inventory counts the project’s pets by status', async () => {
    const p = await h.newProject();
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      h.request({ method, url, headers: { ...p.auth, ...(body ? json : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
    assert.deepEqual((await call('GET', '/v1/store/inventory')).json(), { available: 0, pending: 0, sold: 0 });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await call('POST', '/v1/pets', { name: 'I', categoryId: 1 })).json().id as number);
    await call('POST', '/v1/pets', { name: 'S', categoryId: 1, status: 'sold' });
    const o1 = (await call('POST', '/v1/store/orders', { petId: ids[0] })).json() as OrderBody;
    await call('POST', '/v1/store/orders', { petId: ids[1] });
    await call('PATCH', `/v1/store/orders/${String(o1.id)}`, { status: 'approved' });
    await call('PATCH', `/v1/store/orders/${String(o1.id)}`, { status: 'delivered' });
    const inventory = await call('GET', '/v1/store/inventory');
    assert.equal(inventory.statusCode, 200);
    assert.deepEqual(inventory.json(), { available: 2, pending: 1, sold: 2 });
  });

  test('200 concurrent orders for one available pet: exactly one 201 and 199 409 pet_not_available; the pet is pending with one order', async (t) => {
    const p = await h.newProject();
    const petId = (
      await h.request({ method: 'POST', url: '/v1/pets', headers: { ...p.auth, ...json }, payload: '{"name":"Only","categoryId":1}' })
    ).json().id as number;
    // On a saturated machine PostgreSQL's pool may not free a connection within its fail-fast budget: that
    // request is answered 503 service_unavailable having changed nothing, and is sent again, as a client would.
    let unavailable = 0;
    const order = async () => {
      for (;;) {
        const r = await h.request({
          method: 'POST',
          url: '/v1/store/orders',
          headers: { ...p.auth, ...json },
          payload: JSON.stringify({ petId }),
        });
        if (r.statusCode !== 503 || r.json().code !== 'service_unavailable' || unavailable >= 50) return r;
        unavailable++;
      }
    };
    const results = await Promise.all(Array.from({ length: 200 }, order));
    const created = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 409 && r.json().code === 'pet_not_available').length;
    t.diagnostic(
      `201: ${String(created)}, 409 pet_not_available: ${String(refused)}, other: ${String(200 - created - refused)}, 503 sent again: ${String(unavailable)}`,
    );
    assert.equal(created, 1);
    assert.equal(refused, 199);
    const pet = await h.request({ method: 'GET', url: `/v1/pets/${String(petId)}`, headers: p.auth });
    assert.equal(pet.json().status, 'pending');
    const orders = (await h.request({ method: 'GET', url: '/v1/store/orders?limit=100', headers: p.auth })).json() as OrderBody[];
    assert.equal(orders.length, 1);
  });

  test('cancel and deliver in parallel on one order: exactly one wins and the pet agrees with the winner', async () => {
    const tally = { cancelled: 0, delivered: 0 };
    for (let round = 0; round < 10; round++) {
      const petId = await newPet();
      const { id } = (await place(petId)).json() as OrderBody;
      await send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'approved' });
      const [cancel, deliver] = await Promise.all([
        send('DELETE', `/v1/store/orders/${String(id)}`),
        send('PATCH', `/v1/store/orders/${String(id)}`, { status: 'delivered' }),
      ]);
      const statuses = [cancel.statusCode, deliver.statusCode].sort();
      assert.deepEqual(statuses, [200, 409], `${cancel.body} ${deliver.body}`);
      const loser = cancel.statusCode === 409 ? cancel : deliver;
      assert.equal(loser.json().code, 'invalid_transition');
      const final = (await send('GET', `/v1/store/orders/${String(id)}`)).json() as OrderBody;
      tally[final.status as 'cancelled' | 'delivered']++;
      assert.equal(await petStatus(petId), final.status === 'cancelled' ? 'available' : 'sold');
    }
    assert.equal(tally.cancelled + tally.delivered, 10);
  });
});
