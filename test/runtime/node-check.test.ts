import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import semver from 'semver';
import { isSupported, OLDEST, refusal } from '../../scripts/supported-node.mjs';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

/** A Node.js older than 22.14 on this machine (the system's 20, typically), or null. */
async function oldNode(): Promise<{ path: string; version: string } | null> {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    try {
      const version = (await run(path, ['--version'])).stdout.trim();
      if (!isSupported(version)) return { path, version };
    } catch {
      // Not there.
    }
  }
  return null;
}

const old = await oldNode();
const noOldNode = old ? undefined : 'no Node.js older than 22.14 on this machine';

describe('an unsupported Node.js is refused with one line saying what is needed and how to get it', () => {
  test('the comparison: 22.14 and later are supported, anything older is not', () => {
    for (const v of ['v22.14.0', 'v22.22.1', '22.14.0', 'v23.0.0', 'v24.0.0', 'v26.12.1', 'v100.0.0'])
      assert.equal(isSupported(v), true, v);
    for (const v of ['v22.13.1', 'v22.9.0', 'v20.20.2', 'v18.20.8', 'v2.14.0', 'v21.99.0', '', 'garbage'])
      assert.equal(isSupported(v), false, v);
    assert.equal(refusal(process.version), null);
    assert.equal(
      refusal('v20.20.2'),
      'petstore: Node.js 22.14 or later is needed, this is v20.20.2: run `. scripts/use-node.sh 24` in this shell, then try again',
    );
  });

  test('the oldest supported release is the one package.json engines.node names, and .npmrc makes npm enforce it', () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
      scripts: Record<string, string>;
    };
    assert.equal(semver.minVersion(manifest.engines.node)?.version, `${String(OLDEST.major)}.${String(OLDEST.minor)}.0`);
    assert.match(readFileSync(resolve(root, '.npmrc'), 'utf8'), /^engine-strict=true$/m);
    assert.equal(manifest.scripts.preinstall, 'node scripts/check-node.mjs');
  });

  test(
    'bin/petstore and the install check on an old Node: exit 1 and that one line, before anything loads',
    { skip: noOldNode },
    async () => {
      assert.ok(old);
      for (const args of [['bin/petstore', 'serve'], ['bin/petstore', '--version'], ['scripts/check-node.mjs']]) {
        type Ran = { code: number; stdout: string; stderr: string };
        const r: Ran = await run(old.path, args, { cwd: root }).then(
          (ok): Ran => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
          (err: Ran) => err,
        );
        assert.equal(r.code, 1, args.join(' '));
        assert.equal(r.stdout, '', args.join(' '));
        assert.equal(r.stderr, `${refusal(old.version) ?? ''}\n`, args.join(' '));
      }
    },
  );

  test('on this Node the install check says nothing and bin/petstore runs', async () => {
    assert.equal((await run(process.execPath, ['scripts/check-node.mjs'], { cwd: root })).stderr, '');
    assert.match((await run(process.execPath, ['bin/petstore', '--version'], { cwd: root })).stdout, /^\d+\.\d+\.\d+/);
  });
});
