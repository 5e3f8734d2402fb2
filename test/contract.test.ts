import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { harness, type Harness } from './helpers/harness.js';
import { publishedDocument } from '../src/contract/document.js';

type Op = {
  operationId: string;
  tags: string[];
  'x-stability': string;
  deprecated?: boolean;
  responses: Record<string, unknown>;
  parameters?: { name: string; in: string }[];
};
type Doc = {
  openapi: string;
  info: { version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

describe('the OpenAPI contract', () => {
  let h: Harness;
  let doc: Doc;
  before(async () => {
    h = await harness({ config: { baseUrl: 'https://prod.example.org/v1', stagingBaseUrl: 'https://stage.example.org/v1' } });
    const res = await h.request({ method: 'GET', url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
  });
  after(() => h.close());

  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    assert.ok(result.valid, JSON.stringify(result.errors));
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
  });

  test('servers are the configured production and staging base URLs', () => {
    assert.deepEqual(
      doc.servers.map((s) => s.url),
      ['https://prod.example.org/v1', 'https://stage.example.org/v1'],
    );
  });

  test('operations, tags, stability and deprecation are as specified', () => {
    const ops = Object.fromEntries(
      Object.values(doc.paths)
        .flatMap((p) => Object.values(p))
        .map((o) => [o.operationId, o]),
    );
    assert.deepEqual(Object.keys(ops).sort(), ['createPet', 'getPet', 'listOrders', 'listPets']);
    for (const id of ['listPets', 'createPet', 'getPet']) assert.deepEqual(ops[id]?.tags, ['animals']);
    for (const op of Object.values(ops)) assert.ok(['stable', 'beta', 'experimental'].includes(op['x-stability']), op.operationId);
    assert.equal(ops.listOrders?.['x-stability'], 'experimental');
    assert.equal(ops.getPet?.deprecated, true);
    assert.equal(doc.paths['/pets']?.get?.operationId, 'listPets');
    assert.equal(doc.paths['/pets']?.post?.operationId, 'createPet');
    assert.equal(doc.paths['/pets/{petId}']?.get?.operationId, 'getPet');
    assert.equal(doc.paths['/store/orders']?.get?.operationId, 'listOrders');
  });

  test('every status each operation can answer is documented', () => {
    const expected: Record<string, string[]> = {
      listPets: ['200', '400', '401', '429', '500', '503'],
      createPet: ['201', '400', '401', '409', '413', '415', '422', '429', '500', '503'],
      getPet: ['200', '400', '401', '404', '410', '429', '500', '503'],
      listOrders: ['200', '400', '401', '429', '500', '503'],
    };
    for (const op of Object.values(doc.paths).flatMap((p) => Object.values(p))) {
      assert.deepEqual(Object.keys(op.responses).sort(), expected[op.operationId]?.sort(), op.operationId);
    }
  });

  test('shapes follow the specification', () => {
    const { Pet, NewPet, Error: Err, PetStatus } = doc.components.schemas as Record<string, Record<string, unknown>>;
    assert.deepEqual((NewPet?.required as string[]).sort(), ['categoryId', 'name']);
    assert.deepEqual((Pet?.required as string[]).sort(), ['categoryId', 'id', 'name']);
    assert.deepEqual((Err?.required as string[]).sort(), ['code', 'message', 'status']);
    assert.deepEqual(PetStatus?.enum, ['available', 'pending', 'sold']);
    const props = NewPet?.properties as Record<string, Record<string, unknown>>;
    assert.equal(props.categoryId?.format, 'int64');
    assert.equal(props.status?.default, 'available');
    const limit = doc.paths['/pets']?.get?.parameters?.find((p) => p.name === 'limit') as unknown as { schema: Record<string, number> };
    assert.deepEqual([limit.schema.minimum, limit.schema.maximum, limit.schema.default], [1, 100, 20]);
  });

  test('docs/openapi.json is the generated document (run `npm run openapi:write` after changing routes)', async () => {
    const committed = readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8');
    assert.equal(`${JSON.stringify(await publishedDocument(), null, 2)}\n`, committed);
  });
});
