import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  CONTRACT,
  GENERATED,
  MANAGEMENT_GENERATED,
  MANAGEMENT_SHAPES,
  REGENERATE_COMMAND,
  generateManagementShapes,
  generateManagementTypes,
  generateTypes,
} from '../scripts/generate.mjs';
import { INT64_FIELDS } from '../src/types.js';

test('the generated types match docs/openapi.json', async () => {
  const committed = readFileSync(GENERATED, 'utf8');
  const fresh = await generateTypes();
  assert.ok(
    committed === fresh,
    `packages/client/src/generated/openapi.ts is out of date with docs/openapi.json: run \`${REGENERATE_COMMAND}\` and commit the result`,
  );
});

test('the generated management types match docs/management-openapi.json', async () => {
  assert.ok(
    readFileSync(MANAGEMENT_GENERATED, 'utf8') === (await generateManagementTypes()),
    `packages/client/src/generated/management.ts is out of date with docs/management-openapi.json: run \`${REGENERATE_COMMAND}\` and commit the result`,
  );
});

test('the generated shapes of management answers match docs/management-openapi.json', () => {
  assert.ok(
    readFileSync(MANAGEMENT_SHAPES, 'utf8') === generateManagementShapes(),
    `packages/client/src/generated/management-shapes.ts is out of date with docs/management-openapi.json: run \`${REGENERATE_COMMAND}\` and commit the result`,
  );
});

test('a change to the contract changes the generated types, so the check above catches drift', async () => {
  const contract = JSON.parse(readFileSync(CONTRACT, 'utf8')) as { components: { schemas: { Pet: { properties: object } } } };
  contract.components.schemas.Pet.properties = { ...contract.components.schemas.Pet.properties, tag: { type: 'string' } };
  assert.notEqual(await generateTypes(JSON.stringify(contract)), readFileSync(GENERATED, 'utf8'));
});

test('every int64 field of the contract is parsed as a bigint', () => {
  const contract = JSON.parse(readFileSync(CONTRACT, 'utf8')) as {
    components: { schemas: Record<string, { properties?: Record<string, { format?: string }> }> };
  };
  const int64 = new Set<string>();
  for (const schema of Object.values(contract.components.schemas)) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) if (property.format === 'int64') int64.add(name);
  }
  assert.deepEqual([...int64].sort(), [...INT64_FIELDS].sort());
});

test('the package imports nothing but its own files and lossless-json (no Node-only module)', () => {
  const dir = join(import.meta.dirname, '../src');
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      assert.ok(
        specifier?.startsWith('./') || specifier?.startsWith('../') || specifier === 'lossless-json',
        `${file} imports ${specifier}`,
      );
    }
  }
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { dependencies: object };
  assert.deepEqual(Object.keys(manifest.dependencies), ['lossless-json']);
});
