import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { liveServer, type LiveServer } from './helpers/live-server.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'petstore-pack-'));
let server: LiveServer;

before(async () => {
  server = await liveServer();
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** npm, offline, with a cache of its own: nothing may come from the network or from this machine's npm cache. */
function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--offline', '--cache', join(work, 'cache'), '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

/** The one `.tgz` npm pack wrote into this folder. */
function tarball(dir: string): string {
  const found = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
  assert.equal(found.length, 1, `one tarball in ${dir}: ${found.join(', ')}`);
  return join(dir, found[0] as string);
}

test('`npm pack -w @petstore/client` installs into an empty folder and works there (offline)', async () => {
  const packed = join(work, 'packed');
  mkdirSync(packed);
  npm(['pack', '-w', '@petstore/client', '--pack-destination', packed], ROOT);
  // Its one dependency comes from the copy this repository installed, packed the same way, so the install needs no registry.
  const dependency = join(work, 'dependency');
  cpSync(join(ROOT, 'node_modules/lossless-json'), join(dependency, 'src'), { recursive: true });
  npm(['pack', '--ignore-scripts', '--pack-destination', dependency], join(dependency, 'src'));

  const app = join(work, 'app');
  cpSync(join(ROOT, 'packages/client/test/fixtures/empty'), app, { recursive: true });
  npm(['install', '--ignore-scripts', tarball(packed), tarball(dependency)], app);
  writeFileSync(
    join(app, 'main.mjs'),
    `import { createClient } from '@petstore/client';
const petstore = createClient({ baseUrl: process.argv[2], apiKey: process.argv[3] });
const rex = await petstore.createPet({ name: 'Rex', categoryId: 9223372036854775807n });
const { pets } = await petstore.listPets();
console.log(JSON.stringify({ id: String(rex.id), categoryId: String(rex.categoryId), names: pets.map((p) => p.name) }));
`,
  );
  // Run without blocking this process: it is the server the script calls.
  const { stdout } = await promisify(execFile)(process.execPath, ['main.mjs', server.baseUrl, await server.newKey()], { cwd: app });
  assert.deepEqual(JSON.parse(stdout), { id: '1', categoryId: '9223372036854775807', names: ['Rex'] });
});
