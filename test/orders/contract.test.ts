import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { publishedDocument } from '../../src/contract/document.js';
import { operationsOf, type Contract } from '../helpers/operations.js';

/** What the contract says of the orders operations in particular (see test/http/routes.test.ts for the rest). */
describe('the orders operations in the contract', () => {
  test('are listOrders at /store/orders, experimental, with every status it can answer', async () => {
    const doc = (await publishedDocument()) as unknown as Contract;
    const ops = operationsOf(doc).filter((o) => o.path.startsWith('/store/'));
    assert.deepEqual(
      ops.map((o) => [o.method, o.path, o.operationId]),
      [['GET', '/store/orders', 'listOrders']],
    );
    const [listOrders] = ops;
    assert.equal((listOrders as unknown as { 'x-stability': string })['x-stability'], 'experimental');
    assert.deepEqual(Object.keys(listOrders?.responses ?? {}).sort(), ['200', '400', '401', '405', '408', '429', '431', '500', '503']);
  });
});
