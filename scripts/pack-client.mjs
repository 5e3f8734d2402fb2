// Packs @petstore/client into dist/packages/petstore-client.tgz with its one dependency (lossless-json) inside
// it (bundleDependencies), so that `npm install https://<server>/downloads/petstore-client.tgz` needs no
// registry: the server serves that file at GET /downloads/petstore-client.tgz. Run after the client is built.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const client = join(repo, 'packages/client');
const out = join(repo, 'dist/packages');
mkdirSync(out, { recursive: true });

const pkg = JSON.parse(readFileSync(join(client, 'package.json'), 'utf8'));
const bundled = Object.keys(pkg.dependencies ?? {});
const stage = mkdtempSync(join(tmpdir(), 'petstore-client-pack-'));
try {
  // What `npm pack -w @petstore/client` packs (its `files`), plus the dependencies as the repository installed them.
  const { scripts: _scripts, devDependencies: _dev, ...manifest } = pkg;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ ...manifest, bundleDependencies: bundled }, null, 2)}\n`);
  for (const file of pkg.files) cpSync(join(client, file), join(stage, file), { recursive: true });
  for (const name of bundled) cpSync(join(repo, 'node_modules', name), join(stage, 'node_modules', name), { recursive: true });
  const npm = process.env.npm_execpath;
  const args = ['pack', '--ignore-scripts', '--pack-destination', out, '--json', '--silent'];
  const packed = execFileSync(npm ? process.execPath : 'npm', npm ? [npm, ...args] : args, { cwd: stage, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(packed);
  renameSync(join(out, filename), join(out, 'petstore-client.tgz'));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
