import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { publishedDocument } from '../../src/published-contract.js';
import { operationsOf, type Contract } from '../helpers/operations.js';

/** What the contract says of the orders operations in particular (see test/http/routes.test.ts for the rest). */
describe('the orders operations in the contract', () => {
  test('are the order flow under /store, each beta, with the statuses it can answer', async () => {
    const doc = (await publishedDocument()) as unknown as Contract;
    const ops = operationsOf(doc).filter((o) => o.path.startsWith('/store/'));
    assert.deepEqual(ops.map((o) => [o.method, o.path, o.operationId]).sort(), [
      ['DELETE', '/store/orders/{orderId}', 'cancelOrder'],
      ['GET', '/store/inventory', 'getInventory'],
      ['GET', '/store/orders', 'listOrders'],
      ['GET', '/store/orders/{orderId}', 'getOrder'],
      ['PATCH', '/store/orders/{orderId}', 'updateOrder'],
      ['POST', '/store/orders', 'placeOrder'],
    ]);
    for (const op of ops) assert.equal((op as unknown as { 'x-stability': string })['x-stability'], 'beta', op.operationId);
    const statuses = (id: string) => Object.keys(ops.find((o) => o.operationId === id)?.responses ?? {}).sort();
    const common = ['400', '401', '405', '408', '429', '431', '500', '503'];
    assert.deepEqual(statuses('listOrders'), ['200', ...common].sort());
    assert.deepEqual(statuses('placeOrder'), ['201', '403', '404', '409', '413', '415', '422', ...common].sort());
    assert.deepEqual(statuses('updateOrder'), ['200', '403', '404', '409', '413', '415', ...common].sort());
    assert.deepEqual(statuses('cancelOrder'), ['200', '403', '404', '409', '413', '415', ...common].sort());
  });

  test('listOrders takes limit, status and cursor', async () => {
    const doc = (await publishedDocument()) as unknown as Contract;
    const list = operationsOf(doc).find((o) => o.operationId === 'listOrders');
    assert.deepEqual(list?.parameters?.map((p) => p.name).sort(), ['cursor', 'limit', 'status']);
  });
});
