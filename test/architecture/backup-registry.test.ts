import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every module a file names in an `import … from`, `export … from` or `import(…)`. */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
}

test('backup does not import the feature registry that lists it (the composition root hands it what it needs)', () => {
  const files = readdirSync(`${root}src/backup`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  assert.ok(files.includes('cli.ts') && files.includes('plugin.ts'), 'the scan sees backup’s files');
  const found = files.flatMap((f) =>
    importsOf(readFileSync(`${root}src/backup/${f}`, 'utf8'))
      .filter((m) => /(^|\/)(features|app)\.js$/.test(m))
      .map((m) => `src/backup/${f} imports ${m}`),
  );
  assert.deepEqual(found, []);
  // The scan finds both forms it looks for.
  assert.deepEqual(importsOf("import { A } from '../features.js';\nconst { B } = await import('../features.js');"), [
    '../features.js',
    '../features.js',
  ]);
});
