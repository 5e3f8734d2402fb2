import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import type { PetRepository } from '../../src/pets/repository.js';

const json = { 'content-type': 'application/json' };

describeEachEngine('Idempotency-Key on createPet', () => {
  const clock = manualClock(Date.UTC(2027, 0, 1));
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  const post = (payload: string, key?: string, auth = h.auth) =>
    h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, ...json, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });

  test('a retry with an equivalent body replays the first response', async () => {
    const first = await post('{"name":"Rex","categoryId":9223372036854775807}', 'k-1');
    assert.equal(first.statusCode, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    // Same meaning, other key order, whitespace, explicit default status.
    const retry = await post('{ "categoryId": 9223372036854775807, "status": "available", "name": "Rex" }', 'k-1');
    assert.equal(retry.statusCode, 201);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.body, first.body);
    assert.equal(retry.headers.location, first.headers.location);
    const all = await h.request({ method: 'GET', url: '/v1/pets?limit=100', headers: h.auth });
    assert.equal(all.json().filter((p: { name: string }) => p.name === 'Rex').length, 1, 'only one pet was created');
  });

  test('the same key with another body is 422 idempotency_key_reused', async () => {
    await post('{"name":"A","categoryId":1}', 'k-2');
    const res = await post('{"name":"B","categoryId":1}', 'k-2');
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().code, 'idempotency_key_reused');
  });

  test('keys are scoped to the project', async () => {
    const other = await h.newProject();
    const a = await post('{"name":"Same","categoryId":1}', 'shared');
    const b = await post('{"name":"Same","categoryId":1}', 'shared', other.auth);
    assert.equal(b.statusCode, 201);
    assert.equal(b.headers['idempotent-replayed'], undefined);
    assert.equal(a.statusCode, 201);
    // Each project has its own pet: the other project's key did not replay this one's.
    const listed = await h.request({ method: 'GET', url: '/v1/pets', headers: other.auth });
    assert.deepEqual(
      listed.json().map((p: { name: string }) => p.name),
      ['Same'],
    );
  });

  test('a request that fails validation stores nothing under its key', async () => {
    assert.equal((await post('{"name":"","categoryId":1}', 'k-3')).statusCode, 400);
    const ok = await post('{"name":"Valid","categoryId":1}', 'k-3');
    assert.equal(ok.statusCode, 201);
    assert.equal(ok.headers['idempotent-replayed'], undefined);
  });

  test('after 24 hours the key is forgotten and a new pet is created', async () => {
    const first = await post('{"name":"Day","categoryId":1}', 'k-4');
    clock.advance(24 * 60 * 60 * 1000 - 1);
    assert.equal((await post('{"name":"Day","categoryId":1}', 'k-4')).headers['idempotent-replayed'], 'true');
    clock.advance(2);
    const later = await post('{"name":"Day","categoryId":1}', 'k-4');
    assert.equal(later.statusCode, 201);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.notEqual(later.json().id, first.json().id);
  });

  test('malformed keys are 400 naming the header', async () => {
    for (const key of ['', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...h.auth, ...json, 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
        payload: '{"name":"a","categoryId":1}',
      });
      assert.equal(res.statusCode, 400, key.slice(0, 10));
      assert.equal(res.json().details[0].field, 'Idempotency-Key');
      assert.equal(res.json().details[0].in, 'header');
    }
    assert.equal((await post('{"name":"a","categoryId":1}', 'x'.repeat(255))).statusCode, 201);
  });
});

describeEachEngine('Idempotency-Key while the first request is in flight', () => {
  test('a concurrent retry is 409 idempotency_key_in_use; after completion it replays', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = (pets: PetRepository): PetRepository => ({
      ...pets,
      create: async (...args) => {
        await gate;
        return pets.create(...args);
      },
    });
    const h = await harness({ wrapRepositories: { pets: slow } });
    try {
      const send = () =>
        h.request({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...h.auth, ...json, 'idempotency-key': 'in-flight' },
          payload: '{"name":"Slow","categoryId":1}',
        });
      const first = send();
      await new Promise((r) => setTimeout(r, 20));
      const second = await send();
      assert.equal(second.statusCode, 409);
      assert.equal(second.json().code, 'idempotency_key_in_use');
      release();
      assert.equal((await first).statusCode, 201);
      const third = await send();
      assert.equal(third.statusCode, 201);
      assert.equal(third.headers['idempotent-replayed'], 'true');
      assert.equal(third.body, (await first).body);
    } finally {
      await h.close();
    }
  });
});
