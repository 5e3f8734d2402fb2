import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { OPERATOR } from '../../src/audit/actor.js';
import { propertyOptions } from '../helpers/arbitraries.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

/*
 * One rule for every integer field of a request body, JSON Schema's: an integer is a number whose fractional part
 * is zero, however it is spelled (1, 1.0, 1e0, 10e-1, 0.1e1). An int64 anywhere in the body (one past 2^53 or
 * with an exponent, read exactly) never changes how the other fields are read; bounds give their own message.
 */

const json = { 'content-type': 'application/json' };
/** A petId no project has, past 2^53: the body then needs the exact parser. */
const BIG_PET = '9007199254740993';

interface Problem {
  code: string;
  message: string;
  details?: { field: string; message: string }[];
}

/** The ways of writing the integer n (n ≥ 1) that JSON Schema counts as n. */
function spellings(n: number): string[] {
  const s = String(n);
  const shifted = s.length > 1 ? `${s.slice(0, 1)}.${s.slice(1)}e${String(s.length - 1)}` : `0.${s}e1`;
  return [s, `${s}.0`, `${s}e0`, `${s}E+0`, `${s}0e-1`, `${s}00e-2`, shifted];
}

describe('integers in request bodies: one rule for int32 and int64 fields', () => {
  let h: Harness;
  let c: ManagementClient;
  let slug: string;

  before(async () => {
    h = await harness();
    slug = (await h.newProject('pro')).project;
    const person = await createPerson(h.app, `ints-${randomBytes(4).toString('hex')}@example.test`);
    ok(await h.app.accounts.addMember(OPERATOR, slug, person.email));
    c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(person.email, person.password)).statusCode, 200);
  });
  after(() => h.close());

  const order = (body: string) => h.request({ method: 'POST', url: '/v1/store/orders', headers: { ...h.auth, ...json }, payload: body });
  const newKey = (body: string) => c.call({ method: 'POST', url: `/api/v1/projects/${slug}/keys`, headers: json, payload: body });

  test('an int64 past 2^53 beside quantity: the order is read, and the unknown pet is 404 (not "quantity must be of type integer")', async () => {
    for (const petId of [BIG_PET, '9223372036854775807', '1e2', '3690e-1']) {
      for (const quantity of ['1', '1.0', '1e0', '360e-1', '1e2']) {
        const res = await order(`{"petId": ${petId}, "quantity": ${quantity}}`);
        assert.equal(res.statusCode, 404, `petId ${petId}, quantity ${quantity}: ${res.body}`);
        assert.equal((res.json() as Problem).code, 'pet_not_found');
      }
    }
  });

  test('a real pet is ordered with quantity spelled 1e0 beside an int64 field spelled with an exponent', async () => {
    const pet = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, ...json },
      payload: '{"name":"Rex","categoryId":1e2}',
    });
    assert.equal(pet.statusCode, 201, pet.body);
    assert.equal((pet.json() as { categoryId: number }).categoryId, 100);
    const id = (pet.json() as { id: number }).id;
    const placed = await order(`{"petId": ${String(id)}e0, "quantity": 360e-1}`);
    assert.equal(placed.statusCode, 201, placed.body);
    assert.equal((placed.json() as { quantity: number }).quantity, 36);
  });

  test('int32 fields and int64 fields refuse the same non-integers, with the same message', async () => {
    for (const bad of ['1.5', '1e-1', '0.5e0', '10.000000000000000001']) {
      const q = (await order(`{"petId": ${BIG_PET}, "quantity": ${bad}}`).then((r) => r.json())) as Problem;
      assert.equal(q.code, 'validation_failed', bad);
      assert.deepEqual(
        q.details?.map((d) => [d.field, d.message]),
        [['quantity', 'must be of type integer']],
        bad,
      );
      const k = (await newKey(`{"expiresInDays": ${bad}}`).then((r) => r.json())) as Problem;
      assert.deepEqual(
        k.details?.map((d) => [d.field, d.message]),
        [['expiresInDays', 'must be of type integer']],
        bad,
      );
      const pet = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...h.auth, ...json },
        payload: `{"name":"x","categoryId":${bad}}`,
      });
      assert.equal(pet.statusCode, 400, bad);
    }
  });

  test('bounds still apply with their own message, whatever the magnitude: 1e308 and 2^53+1 are out of range, not of the wrong type', async () => {
    for (const big of ['1e308', '9007199254740993', '9223372036854775807', '1e20', '101', '1.01e2']) {
      const res = (await order(`{"petId": 1, "quantity": ${big}}`).then((r) => r.json())) as Problem;
      assert.deepEqual(
        res.details?.map((d) => [d.field, d.message]),
        [['quantity', 'must be <= 100']],
        big,
      );
    }
    for (const small of ['0', '0e5', '-1e0', '-9007199254740993']) {
      const res = (await order(`{"petId": ${BIG_PET}, "quantity": ${small}}`).then((r) => r.json())) as Problem;
      assert.deepEqual(
        res.details?.map((d) => [d.field, d.message]),
        [['quantity', 'must be >= 1']],
        small,
      );
    }
    const days = (await newKey('{"expiresInDays": 1e308}').then((r) => r.json())) as Problem;
    assert.deepEqual(
      days.details?.map((d) => [d.field, d.message]),
      [['expiresInDays', 'must be <= 3650']],
    );
  });

  test('expiresInDays (int32) takes every spelling of an integer: 1e2 is 100 days, 3690e-1 is 369', async () => {
    const now = Date.now();
    for (const [text, days] of [
      ['1e2', 100],
      ['3690e-1', 369],
      ['1.0', 1],
      ['1e0', 1],
      ['0.7e1', 7],
    ] as const) {
      const res = await newKey(`{"name": "k", "expiresInDays": ${text}}`);
      assert.equal(res.statusCode, 201, `${text}: ${res.body}`);
      const expires = Date.parse((res.json() as { expiresAt: string }).expiresAt);
      assert.ok(Math.abs(expires - now - days * 86_400_000) < 60_000, `${text}: expires ${new Date(expires).toISOString()}`);
    }
  });

  test('expiresInHours (int32) of a roll reads 1e1 as 10 hours; its default still applies when absent', async () => {
    const created = (await newKey('{"name":"roll"}')).json() as { id: string };
    const res = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/keys/${created.id}/roll`,
      headers: json,
      payload: '{"expiresInHours": 1e1}',
    });
    assert.equal(res.statusCode, 201, res.body);
    const stops = Date.parse((res.json() as { replaces: { expiresAt: string } }).replaces.expiresAt);
    assert.ok(Math.abs(stops - Date.now() - 10 * 3_600_000) < 60_000);
    const other = (await newKey('{"name":"roll2"}')).json() as { id: string };
    const byDefault = await c.call({ method: 'POST', url: `/api/v1/projects/${slug}/keys/${other.id}/roll`, headers: json, payload: '{}' });
    const stopsByDefault = Date.parse((byDefault.json() as { replaces: { expiresAt: string } }).replaces.expiresAt);
    assert.ok(Math.abs(stopsByDefault - Date.now() - 24 * 3_600_000) < 60_000);
  });

  test('property: any spelling of any quantity, with or without an exactly-read int64 beside it, is read as the same number', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: -5, max: 120 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.constantFrom(...(n >= 1 ? spellings(n) : [String(n), `${String(n)}.0`, `${String(n)}e0`]))),
          ),
        fc.constantFrom(BIG_PET, '123456', '-1', '1e3'),
        fc.boolean(),
        async ([n, spelled], petId, petFirst) => {
          const body = petFirst ? `{"petId": ${petId}, "quantity": ${spelled}}` : `{"quantity": ${spelled}, "petId": ${petId}}`;
          const res = await order(body);
          const problem = res.json() as Problem;
          if (n < 1)
            assert.deepEqual(
              problem.details?.map((d) => d.message),
              ['must be >= 1'],
              body,
            );
          else if (n > 100)
            assert.deepEqual(
              problem.details?.map((d) => d.message),
              ['must be <= 100'],
              body,
            );
          else assert.equal(problem.code, 'pet_not_found', `${body}: ${res.body}`);
        },
      ),
      propertyOptions(300),
    );
  });
});
