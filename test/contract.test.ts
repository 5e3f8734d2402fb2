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
      listPets: ['200', '400', '401', '405', '408', '429', '431', '500', '503'],
      createPet: ['201', '400', '401', '405', '408', '409', '413', '415', '422', '429', '431', '500', '503'],
      getPet: ['200', '400', '401', '404', '405', '408', '410', '429', '431', '500', '503'],
      listOrders: ['200', '400', '401', '405', '408', '429', '431', '500', '503'],
    };
    for (const op of Object.values(doc.paths).flatMap((p) => Object.values(p))) {
      assert.deepEqual(Object.keys(op.responses).sort(), expected[op.operationId]?.sort(), op.operationId);
    }
  });

  test('405, 408 and 431 are responses with the Error body and the headers each really carries', () => {
    type Response = { headers: Record<string, unknown>; content: Record<string, { schema: { $ref?: string } }> };
    for (const op of Object.values(doc.paths).flatMap((p) => Object.values(p))) {
      const responses = op.responses as Record<string, Response>;
      for (const status of ['405', '408', '431']) {
        assert.equal(
          responses[status]?.content['application/json']?.schema.$ref,
          '#/components/schemas/Error',
          `${op.operationId} ${status}`,
        );
      }
      // 405 comes after the key check, so it is counted; 408 and 431 come from the HTTP parser, before any request.
      assert.ok('Allow' in (responses['405']?.headers ?? {}) && 'X-RateLimit-Limit' in (responses['405']?.headers ?? {}));
      for (const status of ['408', '431']) assert.deepEqual(Object.keys(responses[status]?.headers ?? {}), ['X-Request-Id']);
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

  test('list responses hold at most 100 items; info has a license; petId has an example', () => {
    type Response = { content: Record<string, { schema: { maxItems?: number } }> };
    for (const [path, op] of [
      ['/pets', doc.paths['/pets']?.get],
      ['/store/orders', doc.paths['/store/orders']?.get],
    ] as const) {
      assert.equal((op?.responses['200'] as Response).content['application/json']?.schema.maxItems, 100, path);
    }
    assert.deepEqual((doc.info as { license?: unknown }).license, { name: 'MIT', identifier: 'MIT' });
    const petId = doc.paths['/pets/{petId}']?.get?.parameters?.find((p) => p.name === 'petId') as unknown as {
      schema: { examples: number[] };
    };
    assert.deepEqual(petId.schema.examples, [1]);
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
    // Pet.id, Pet.categoryId, NewPet.categoryId, petId, Order.id, Order.petId (X-RateLimit-Reset is a header of Unix seconds).
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
    const committed = readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8');
    assert.equal(`${JSON.stringify(await publishedDocument(), null, 2)}\n`, committed);
  });
});
