import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createClient, PetstoreError, type DeprecationInfo } from '../src/index.js';

const BASE = 'http://127.0.0.1:1/v1';
const DEPRECATED = {
  deprecation: '@1793491200',
  sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
  link: '</v1/pets>; rel="successor-version"',
};
const PET = '{"id":1,"name":"Rex","categoryId":1,"status":"available"}';

/** A fetch answering getPet (200 or 404, always with the deprecation headers) and listPets (without them). */
const fetch: typeof globalThis.fetch = async (input) => {
  const url = String(input);
  if (url.endsWith('/pets')) return new Response(`[${PET}]`, { headers: { 'content-type': 'application/json' } });
  if (url.endsWith('/pets/1')) return new Response(PET, { headers: { 'content-type': 'application/json', ...DEPRECATED } });
  return new Response('{"code":"not_found","message":"No pet.","status":404}', {
    status: 404,
    headers: { 'content-type': 'application/json', ...DEPRECATED },
  });
};

describe('onDeprecation', () => {
  test('called once per operation per client, at the first answer with Deprecation (an error too), with what the headers say', async () => {
    const seen: DeprecationInfo[] = [];
    const client = createClient({ baseUrl: BASE, apiKey: 'psk_x', fetch, onDeprecation: (info) => seen.push(info) });
    await client.listPets();
    assert.deepEqual(seen, []);
    await assert.rejects(client.getPet(2), (err: unknown) => err instanceof PetstoreError && err.status === 404);
    await client.getPet(1);
    await client.getPet(1);
    await client.listPets();
    assert.deepEqual(seen, [
      {
        operation: 'getPet',
        deprecatedAt: new Date(1793491200 * 1000),
        sunset: new Date(Date.UTC(2030, 11, 5)),
        successor: '/v1/pets',
      },
    ]);
    // Another client tells again.
    const other: DeprecationInfo[] = [];
    await createClient({ baseUrl: BASE, apiKey: 'psk_x', fetch, onDeprecation: (info) => other.push(info) }).getPet(1);
    assert.equal(other.length, 1);
  });

  test('by default, one console.warn per operation per client', async (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const client = createClient({ baseUrl: BASE, apiKey: 'psk_x', fetch });
    for (let i = 0; i < 3; i++) await client.getPet(1);
    await client.listPets();
    assert.equal(warn.mock.callCount(), 1);
    assert.equal(
      warn.mock.calls[0]?.arguments[0],
      '@petstore/client: getPet is deprecated and removed on Thu, 05 Dec 2030 00:00:00 GMT; use /v1/pets instead.',
    );
  });
});
