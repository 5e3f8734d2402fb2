import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { publishedDocument } from '../../src/published-contract.js';
import { operationsOf, type Contract, type Operation } from '../helpers/operations.js';

/**
 * What the contract says of the pets operations in particular; what every
 * operation owes (auth, limits, methods, common statuses) is in test/http/routes.test.ts.
 */
describe('the pets operations in the contract', () => {
  let ops: Record<string, Operation>;
  before(async () => {
    const doc = (await publishedDocument()) as unknown as Contract;
    ops = Object.fromEntries(
      operationsOf(doc)
        .filter((o) => o.tags?.includes('animals'))
        .map((o) => [o.operationId, o]),
    );
  });

  test('are listPets, createPet and getPet, tagged animals, at their paths', () => {
    assert.deepEqual(Object.keys(ops).sort(), ['createPet', 'getPet', 'listPets']);
    assert.deepEqual([ops.listPets?.method, ops.listPets?.path], ['GET', '/pets']);
    assert.deepEqual([ops.createPet?.method, ops.createPet?.path], ['POST', '/pets']);
    assert.deepEqual([ops.getPet?.method, ops.getPet?.path], ['GET', '/pets/{petId}']);
  });

  test('are stable, and getPet is deprecated', () => {
    for (const op of Object.values(ops)) assert.equal((op as { 'x-stability'?: string })['x-stability'], 'stable', op.operationId);
    assert.equal(ops.getPet?.deprecated, true);
    assert.equal(ops.listPets?.deprecated, undefined);
  });

  test('every status each can answer is documented', () => {
    const expected: Record<string, string[]> = {
      listPets: ['200', '400', '401', '405', '408', '429', '431', '500', '503'],
      createPet: ['201', '400', '401', '403', '405', '408', '409', '413', '415', '422', '429', '431', '500', '503'],
      getPet: ['200', '400', '401', '404', '405', '408', '410', '429', '431', '500', '503'],
    };
    for (const op of Object.values(ops))
      assert.deepEqual(Object.keys(op.responses).sort(), expected[op.operationId]?.sort(), op.operationId);
  });

  test('petId has the example 1', () => {
    const petId = ops.getPet?.parameters?.find((p) => p.name === 'petId');
    assert.deepEqual(petId?.schema?.examples, [1]);
  });
});
