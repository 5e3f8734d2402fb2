import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { harness, exactIds, type Harness } from '../helpers/harness.js';
import { describeEachEngine } from '../helpers/engines.js';

const json = { 'content-type': 'application/json' };

describeEachEngine('pets', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const create = (body: unknown, headers: Record<string, string> = {}) =>
    h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, ...json, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  test('createPet returns 201 with an id, status defaulting to available, and a Location', async () => {
    const res = await create({ name: 'Rex', categoryId: 7 });
    assert.equal(res.statusCode, 201);
    const pet = res.json();
    assert.equal(pet.name, 'Rex');
    assert.equal(pet.categoryId, 7);
    assert.equal(pet.status, 'available');
    assert.equal(res.headers.location, `/v1/pets/${String(pet.id)}`);
    const got = await h.request({ method: 'GET', url: `/v1/pets/${String(pet.id)}`, headers: h.auth });
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.json(), pet);
  });

  test('categoryId 9223372036854775807 round-trips byte for byte; 2^63 is refused', async () => {
    const res = await create('{"name":"Max","categoryId":9223372036854775807,"status":"sold"}');
    assert.equal(res.statusCode, 201);
    assert.match(res.body, /"categoryId":9223372036854775807[,}]/);
    const id = exactIds(res.body)[0] ?? '';
    const got = await h.request({ method: 'GET', url: `/v1/pets/${id}`, headers: h.auth });
    assert.equal(got.body, res.body);
    const min = await create('{"name":"Min","categoryId":-9223372036854775808}');
    assert.match(min.body, /"categoryId":-9223372036854775808[,}]/);
    // JSON Schema counts 7.0 and 1e3 as integers; the exact value is kept.
    for (const [literal, exact] of [
      ['7.0', '7'],
      ['1e3', '1000'],
      ['9.223372036854775807e18', '9223372036854775807'],
      ['-0', '0'],
      ['12345678901234567890e-1', '1234567890123456789'],
    ]) {
      const r = await create(`{"name":"Lit","categoryId":${literal}}`);
      assert.equal(r.statusCode, 201, literal);
      assert.match(r.body, new RegExp(`"categoryId":${exact}[,}]`), literal);
    }
    for (const bad of [
      '9223372036854775808',
      '-9223372036854775809',
      '1.5',
      '1e-1',
      '9.2233720368547758075e18',
      '"7"',
      'null',
      'true',
      '99999999999999999999999',
      '1e400',
    ]) {
      const r = await create(`{"name":"Bad","categoryId":${bad}}`);
      assert.equal(r.statusCode, 400, bad);
      assert.equal(r.json().code, 'validation_failed');
      assert.deepEqual(
        r.json().details.map((d: { field: string }) => d.field),
        ['categoryId'],
        bad,
      );
    }
  });

  test('name: NFC-normalised, 1-200 code points, not only whitespace, well-formed', async () => {
    const decomposed = 'Cafe\u0301';
    const r = await create({ name: decomposed, categoryId: 1 });
    assert.equal(r.statusCode, 201);
    assert.equal(r.json().name, 'Caf\u00e9');
    // 200 astral code points are 400 UTF-16 units: still valid.
    assert.equal((await create({ name: '🐶'.repeat(200), categoryId: 1 })).statusCode, 201);
    // 201 code points after NFC: too long. 201 decomposed "é" normalise to 201 code points too.
    assert.equal((await create({ name: 'a'.repeat(201), categoryId: 1 })).statusCode, 400);
    // 150 "e + combining acute" (300 code points) normalise to 150: valid.
    assert.equal((await create({ name: 'e\u0301'.repeat(150), categoryId: 1 })).statusCode, 201);
    for (const name of ['', ' ', ' \t\n\u00a0\u3000', '\ud800x', 'a\u0000b', '\u0000']) {
      const bad = await create({ name, categoryId: 1 });
      assert.equal(bad.statusCode, 400, JSON.stringify(name));
      assert.equal(bad.json().details[0].field, 'name');
    }
  });

  test('missing fields, unknown fields (id too), wrong types and bad status name each field', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'categoryId']],
      [{ name: 'a' }, ['categoryId']],
      [{ categoryId: 1 }, ['name']],
      [{ name: 'a', categoryId: 1, id: 5 }, ['id']],
      [{ name: 'a', categoryId: 1, colour: 'red' }, ['colour']],
      [{ name: 5, categoryId: 1 }, ['name']],
      [{ name: 'a', categoryId: 1, status: 'lost' }, ['status']],
      [{ name: 'a', categoryId: 1, status: null }, ['status']],
    ];
    for (const [body, fields] of cases) {
      const res = await create(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      const err = res.json();
      assert.equal(err.code, 'validation_failed');
      assert.deepEqual(err.details.map((d: { field: string }) => d.field).sort(), [...fields].sort(), JSON.stringify(body));
      for (const d of err.details) assert.equal(d.in, 'body');
    }
    for (const body of ['[]', '"x"', '5', 'null']) {
      const res = await create(body);
      assert.equal(res.statusCode, 400, body);
      assert.equal(res.json().code, 'validation_failed');
    }
  });

  test('getPet: malformed ids are 400, well-formed unknown ids (0, negative, max) are 404', async () => {
    for (const id of ['abc', '1.5', '9223372036854775808', '%20', '1e3', '+1', '0x10']) {
      const res = await h.request({ method: 'GET', url: `/v1/pets/${id}`, headers: h.auth });
      assert.equal(res.statusCode, 400, id);
      assert.equal(res.json().details[0].field, 'petId');
      assert.equal(res.json().details[0].in, 'path');
    }
    for (const id of ['0', '-1', '-9223372036854775808', '9223372036854775807', '123456789']) {
      const res = await h.request({ method: 'GET', url: `/v1/pets/${id}`, headers: h.auth });
      assert.equal(res.statusCode, 404, id);
      assert.equal(res.json().code, 'not_found');
    }
  });

  test('projects are isolated: another project neither lists nor reads my pets', async () => {
    const mine = (await create({ name: 'Private', categoryId: 3 })).json();
    const other = await h.newProject();
    const read = await h.request({ method: 'GET', url: `/v1/pets/${String(mine.id)}`, headers: other.auth });
    assert.equal(read.statusCode, 404);
    const list = await h.request({ method: 'GET', url: '/v1/pets?limit=100', headers: other.auth });
    assert.deepEqual(list.json(), []);
  });

  test('listPets: limit bounds, status filter, and bad query values', async () => {
    const p = await h.newProject();
    const statuses = ['available', 'pending', 'sold'];
    for (let i = 0; i < 30; i++) {
      const r = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, ...json },
        payload: JSON.stringify({ name: `pet${String(i)}`, categoryId: i, status: statuses[i % 3] }),
      });
      assert.equal(r.statusCode, 201);
    }
    const def = await h.request({ method: 'GET', url: '/v1/pets', headers: p.auth });
    assert.equal(def.json().length, 20);
    const ids = def.json().map((x: { id: number }) => x.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a: number, b: number) => a - b),
    );
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets?limit=1', headers: p.auth })).json().length, 1);
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets?limit=100', headers: p.auth })).json().length, 30);
    const sold = await h.request({ method: 'GET', url: '/v1/pets?status=sold&limit=100', headers: p.auth });
    assert.equal(sold.json().length, 10);
    assert.ok(sold.json().every((x: { status: string }) => x.status === 'sold'));
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=1.5',
      'limit=abc',
      'limit=',
      'limit=1e1',
      'limit=1&limit=2',
      'status=lost',
      'status=',
      'foo=bar',
      'cursor=',
    ]) {
      const res = await h.request({ method: 'GET', url: `/v1/pets?${q}`, headers: p.auth });
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().code, 'validation_failed', q);
      assert.equal(res.json().details[0].in, 'query', q);
    }
    // Well-formed for the contract, but not a cursor this service issued.
    const made = await h.request({ method: 'GET', url: '/v1/pets?cursor=abc', headers: p.auth });
    assert.equal(made.statusCode, 400);
    assert.equal(made.json().code, 'invalid_cursor');
    assert.equal(made.json().details[0].in, 'query');
  });

  test('paging follows Link rel="next", keeps the status filter, and ends without a Link', async () => {
    const p = await h.newProject();
    for (let i = 0; i < 25; i++) {
      await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, ...json },
        payload: JSON.stringify({ name: `p${String(i)}`, categoryId: 1, status: i % 2 ? 'pending' : 'available' }),
      });
    }
    const seen: number[] = [];
    let url: string | undefined = '/v1/pets?limit=4&status=pending';
    let pages = 0;
    while (url) {
      const res = await h.request({ method: 'GET', url, headers: p.auth });
      assert.equal(res.statusCode, 200);
      for (const pet of res.json() as { id: number; status: string }[]) {
        assert.equal(pet.status, 'pending');
        seen.push(pet.id);
      }
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
      if (url) assert.match(url, /status=pending/);
      pages++;
    }
    assert.equal(seen.length, 12);
    assert.equal(pages, 3);
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => a - b),
    );
    assert.equal(new Set(seen).size, 12);
  });

  test('a cursor from another listing is refused', async () => {
    const cursor = Buffer.from('orders:5').toString('base64url');
    const res = await h.request({ method: 'GET', url: `/v1/pets?cursor=${cursor}`, headers: h.auth });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'invalid_cursor');
    assert.equal(res.json().details[0].field, 'cursor');
  });

  test('200 concurrent POSTs give 200 distinct ids, all returned by paging', async () => {
    const p = await h.newProject();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        h.request({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...p.auth, ...json },
          payload: JSON.stringify({ name: `c${String(i)}`, categoryId: i }),
        }),
      ),
    );
    assert.ok(results.every((r) => r.statusCode === 201));
    const created = new Set(results.map((r) => exactIds(r.body)[0]));
    assert.equal(created.size, 200);
    const listed: string[] = [];
    let url: string | undefined = '/v1/pets?limit=100';
    while (url) {
      const res = await h.request({ method: 'GET', url, headers: p.auth });
      listed.push(...exactIds(res.body));
      url = (res.headers.link as string | undefined)?.match(/^<([^>]+)>/)?.[1];
    }
    assert.equal(listed.length, 200);
    assert.deepEqual(new Set(listed), created);
  });

  test('listOrders answers an empty page and validates its query', async () => {
    const res = await h.request({ method: 'GET', url: '/v1/store/orders', headers: h.auth });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), []);
    assert.equal((await h.request({ method: 'GET', url: '/v1/store/orders?limit=0', headers: h.auth })).statusCode, 400);
  });
});
