import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** README.md, docs/*.md and every folder guide under src/. */
function documents(): string[] {
  const guides = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('README.md'));
  return [
    'README.md',
    ...readdirSync(`${root}docs`)
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...guides.map((p) => `src/${p}`),
  ];
}

/**
 * The `src/…` and `test/…` paths a text names: a word starting so, up to what cannot be in a path, its
 * trailing punctuation dropped. Patterns (`*`, `{a,b}`, `…`) are no single path and are left out.
 */
export function namedPaths(text: string): string[] {
  const found = text.match(/(?<![\w./-])(?:src|test)\/[\w./{},*…-]*/g) ?? [];
  return found.map((p) => p.replace(/[.,]+$/, '')).filter((p) => !/[*{}…]/.test(p));
}

test('namedPaths finds the paths a text names and leaves out patterns', () => {
  assert.deepEqual(
    namedPaths('See src/pets/routes.ts, then test/pets/. Not dist/src/x.ts nor src/domains/{dns,acme}/ or test/*.test.ts.'),
    ['src/pets/routes.ts', 'test/pets/'],
  );
});

test('every src/… and test/… path the README, docs/ and the folder guides name exists', async () => {
  const missing: string[] = [];
  const docs = documents();
  assert.ok(docs.includes('docs/architecture.md') && docs.includes('src/http/README.md'), 'the documents are found');
  for (const doc of docs) {
    for (const path of namedPaths(await readFile(`${root}${doc}`, 'utf8')))
      if (!existsSync(`${root}${path}`)) missing.push(`${doc}: ${path}`);
  }
  assert.deepEqual(missing, []);
});

test('every folder of src/ with 10 files or more has a guide (README.md)', () => {
  const folders = readdirSync(`${root}src`, { withFileTypes: true }).filter((e) => e.isDirectory());
  const without = folders
    .filter((f) => readdirSync(`${root}src/${f.name}`, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length >= 10)
    .filter((f) => !existsSync(`${root}src/${f.name}/README.md`))
    .map((f) => f.name);
  assert.deepEqual(without, []);
});
