import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { harness, type Harness } from '../helpers/harness.js';
import { publishedDocument } from '../../src/published-contract.js';

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

  test('every operation has a unique operationId, tags and a stability', () => {
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    assert.ok(ops.length > 0);
    assert.equal(new Set(ops.map((o) => o.operationId)).size, ops.length, 'operationIds are unique');
    for (const op of ops) {
      assert.ok(op.tags.length > 0, `${op.operationId}: no tag`);
      assert.ok(['stable', 'beta', 'experimental'].includes(op['x-stability']), op.operationId);
    }
  });

  test('shapes follow the specification', () => {
    const { Pet, NewPet, Error: Err, PetStatus } = doc.components.schemas as Record<string, Record<string, unknown>>;
    assert.deepEqual((NewPet?.required as string[]).sort(), ['categoryId', 'name']);
    assert.deepEqual((Pet?.required as string[]).sort(), ['categoryId', 'id', 'name', 'status']);
    assert.deepEqual((Err?.required as string[]).sort(), ['code', 'message', 'status']);
    assert.deepEqual(PetStatus?.enum, ['available', 'pending', 'sold']);
    const props = NewPet?.properties as Record<string, Record<string, unknown>>;
    assert.equal(props.categoryId?.format, 'int64');
    // The default is said in words: a schema `default` makes generators require the field in requests.
    assert.equal(props.status?.default, undefined);
    assert.match(String(props.status?.description), /omitted.*`available`/);
    const petStatus = { $ref: '#/components/schemas/PetStatus' };
    assert.deepEqual(props.status?.allOf, [petStatus]);
    assert.deepEqual((Pet?.properties as Record<string, unknown>).status, petStatus);
    const limit = doc.paths['/pets']?.get?.parameters?.find((p) => p.name === 'limit') as unknown as { schema: Record<string, number> };
    assert.deepEqual([limit.schema.minimum, limit.schema.maximum, limit.schema.default], [1, 100, 20]);
  });

  test('info has a license', () => {
    assert.deepEqual((doc.info as { license?: unknown }).license, { name: 'MIT', identifier: 'MIT' });
  });

  test('int64 fields say that JSON parsers round above 2^53 − 1 and name the SDK; examples stay within 2^53 − 1', () => {
    const int64: string[] = [];
    const examples: unknown[] = [];
    const walk = (node: unknown, where: string, parent?: Record<string, unknown>) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${String(i)}`));
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      // Header values are text a client parses itself; X-RateLimit-Reset (Unix seconds) is the only int64 one.
      if (o.format === 'int64' && !where.includes('/headers/')) {
        int64.push(where);
        // A parameter carries the description beside its schema.
        assert.match(String(o.description ?? parent?.description), /2\^53 − 1.*`@petstore\/client`/, where);
      }
      if (Array.isArray(o.examples)) examples.push(...(o.examples as unknown[]));
      if ('example' in o) examples.push(o.example);
      for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`, o);
    };
    walk({ paths: doc.paths, components: doc.components }, '');
    // Pet.id, Pet.categoryId, NewPet.categoryId, petId, Order.id, Order.petId, orderId, NewOrder.petId, the Inventory counts
    // (X-RateLimit-Reset is a header of Unix seconds).
    assert.ok(int64.length >= 6, int64.join('\n'));
    for (const e of examples) if (typeof e === 'number') assert.ok(Math.abs(e) <= Number.MAX_SAFE_INTEGER, String(e));
  });

  test('the ban size and length quoted in the description come from the configuration', async () => {
    const description = (d: unknown) => (d as { info: { description: string } }).info.description;
    assert.match(description(await publishedDocument()), /more than 20 requests\) is banned for 10 minutes/);
    const other = await harness({ config: { banThreshold: 7, banDurationSeconds: 90 } });
    try {
      const res = await other.request({ method: 'GET', url: '/v1/openapi.json' });
      assert.match(description(res.json()), /more than 7 requests\) is banned for 90 seconds/);
    } finally {
      await other.close();
    }
  });

  test('docs/openapi.json is the generated document (run `npm run openapi:write` after changing routes)', async () => {
    const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    assert.equal(`${JSON.stringify(await publishedDocument(), null, 2)}\n`, committed);
  });
});
