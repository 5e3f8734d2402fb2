import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importGraph } from '../helpers/imports.js';

test('no module of src/ imports itself through others: not by values, dynamic imports included', async () => {
  const { modules, circles } = await importGraph(false);
  assert.ok(Object.keys(modules).length > 300, 'the graph covers src/');
  assert.ok(modules['usage/deprecations-cli.ts']?.includes('projects/compose.ts'), 'the graph follows a dynamic import()');
  assert.deepEqual(circles, []);
});

test('nor by types: the modules a type comes from import nothing that imports them back', async () => {
  const { modules, circles } = await importGraph(true);
  assert.ok(modules['http/types.ts']?.includes('http/deprecation/deprecated-operations.ts'), 'the graph follows an import type');
  assert.deepEqual(circles, []);
});
