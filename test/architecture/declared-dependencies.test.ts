import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Feature } from '../../src/feature.js';
import { FEATURES } from '../../src/features.js';
import { importGraph } from '../helpers/imports.js';

const folderOf = (module: string) => module.split('/')[0] ?? module;

/** Each capability whose declared dependencies differ from the capabilities its modules import: what differs. */
function mismatches(modules: Record<string, string[]>, features: readonly Pick<Feature, 'name' | 'dependsOn'>[]): string[] {
  const names = new Set(features.map((f) => f.name));
  const imported = new Map<string, Set<string>>();
  for (const [module, imports] of Object.entries(modules)) {
    const from = folderOf(module);
    for (const target of imports.map(folderOf)) {
      if (names.has(from) && names.has(target) && target !== from) imported.set(from, (imported.get(from) ?? new Set()).add(target));
    }
  }
  return features.flatMap((f) => {
    const uses = imported.get(f.name) ?? new Set<string>();
    const undeclared = [...uses].filter((u) => !f.dependsOn.includes(u));
    const unused = f.dependsOn.filter((d) => !uses.has(d));
    return undeclared.length + unused.length === 0
      ? []
      : [`${f.name}: imports undeclared [${undeclared.join(', ')}], declares unused [${unused.join(', ')}]`];
  });
}

test('each capability declares exactly the capabilities its code imports (types included)', async () => {
  const { modules } = await importGraph(true);
  assert.ok(
    Object.entries(modules).some(([m, imports]) => m.startsWith('pets/') && imports.some((i) => i.startsWith('keys/'))),
    'the graph sees pets/ import keys/',
  );
  assert.deepEqual(mismatches(modules, FEATURES), []);
});

test('an import of a capability not declared, or a declared one not imported, is a mismatch', () => {
  const modules = { 'pets/routes.ts': ['orders/schemas.ts', 'http/errors/errors.ts', 'pets/service.ts'], 'orders/sql.ts': [] };
  const features = [
    { name: 'pets', dependsOn: [] },
    { name: 'orders', dependsOn: ['pets'] },
  ];
  assert.deepEqual(mismatches(modules, features), [
    'pets: imports undeclared [orders], declares unused []',
    'orders: imports undeclared [], declares unused [pets]',
  ]);
  assert.deepEqual(
    mismatches(modules, [
      { name: 'pets', dependsOn: ['orders'] },
      { name: 'orders', dependsOn: [] },
    ]),
    [],
  );
});
