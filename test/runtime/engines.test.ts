import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import semver from 'semver';

const root = resolve(import.meta.dirname, '../..');
const json = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8')) as Record<string, unknown>;
const enginesOf = (path: string) => (json(path).engines as { node: string }).node;

describe('supported Node.js lines', () => {
  for (const manifest of ['package.json', 'packages/client/package.json']) {
    test(`${manifest}: engines.node allows 22.14, 24 and 26 and refuses 20 and 22.13`, () => {
      const range = enginesOf(manifest);
      for (const v of ['22.14.0', '22.22.1', '24.0.0', '24.21.0', '26.12.1']) assert.ok(semver.satisfies(v, range), `${v} in ${range}`);
      for (const v of ['18.20.8', '20.20.2', '21.7.3', '22.13.1']) assert.ok(!semver.satisfies(v, range), `${v} not in ${range}`);
    });
  }

  test('the node running the tests is a supported one', () => {
    assert.ok(semver.satisfies(process.version, enginesOf('package.json')), process.version);
  });

  test('the lock file installs better-sqlite3 13 or later (Node-API, prebuilt binaries)', () => {
    const lock = json('package-lock.json') as { packages: Record<string, { version: string }> };
    const installed = lock.packages['node_modules/better-sqlite3']?.version ?? '0.0.0';
    assert.ok(semver.gte(installed, '13.0.0'), installed);
  });
});
