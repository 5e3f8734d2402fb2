// Packs @petstore/cli (`npm pack`, which builds it) into dist/packages/petstore-cli.tgz: the server serves
// that file at GET /downloads/petstore-cli.tgz, the same bytes `npm pack -w @petstore/cli` gives.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const out = join(repo, 'dist/packages');
mkdirSync(out, { recursive: true });
const npm = process.env.npm_execpath;
const args = ['pack', '-w', '@petstore/cli', '--pack-destination', out, '--json', '--silent'];
const packed = execFileSync(npm ? process.execPath : 'npm', npm ? [npm, ...args] : args, { cwd: repo, encoding: 'utf8' });
const [{ filename }] = JSON.parse(packed);
renameSync(join(out, filename), join(out, 'petstore-cli.tgz'));
