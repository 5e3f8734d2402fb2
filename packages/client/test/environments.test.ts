import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { harness, ok, type Harness } from '../../../test/helpers/harness.js';
import { OPERATOR } from '../../../src/audit/actor.js';
import { createClient, PetstoreError, PetstoreWrongEnvironmentError } from '../src/index.js';

describe('@petstore/client and the staging environment', () => {
  let h: Harness;
  let production: string;
  let staging: string;
  let stagingKey: string;
  before(async () => {
    // Staging beside production, as by default: /staging/v1 on the same host.
    h = await harness({ config: { baseUrl: 'https://api.petstore.test/v1', stagingBaseUrl: 'https://api.petstore.test/staging/v1' } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    production = `http://127.0.0.1:${String(port)}/v1`;
    staging = `http://127.0.0.1:${String(port)}/staging/v1`;
    stagingKey = ok(await h.app.keys.create(OPERATOR, h.project, 'sdk', { environment: 'staging' })).key;
  });
  after(() => h.close());

  test('a staging baseUrl and a staging key work like production: its own pets, paged through its own links', async () => {
    const client = createClient({ baseUrl: staging, apiKey: stagingKey });
    for (let i = 0; i < 5; i++) await client.createPet({ name: `S${String(i)}`, categoryId: 1 });
    const ids: bigint[] = [];
    for await (const pet of client.allPets({ pageSize: 2 })) ids.push(pet.id);
    assert.deepEqual(ids, [1n, 2n, 3n, 4n, 5n]);
    const prod = createClient({ baseUrl: production, apiKey: h.key });
    assert.deepEqual((await prod.listPets()).pets, []);
  });

  test('a key sent to the other environment throws PetstoreWrongEnvironmentError naming where it works, without retrying', async () => {
    const wrong = createClient({ baseUrl: production, apiKey: stagingKey, maxRetries: 3 });
    const err = await wrong.listPets().then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof PetstoreWrongEnvironmentError);
    assert.ok(err instanceof PetstoreError);
    assert.equal(err.status, 401);
    assert.equal(err.code, 'wrong_environment');
    assert.equal(err.keyEnvironment, 'staging');
    assert.equal(err.keyBaseUrl, h.app.config.stagingBaseUrl);
    const reverse = createClient({ baseUrl: staging, apiKey: h.key });
    const other = await reverse.listPets().catch((e: unknown) => e);
    assert.ok(other instanceof PetstoreWrongEnvironmentError);
    assert.equal(other.keyEnvironment, 'production');
    assert.equal(other.keyBaseUrl, h.app.config.baseUrl);
  });
});
