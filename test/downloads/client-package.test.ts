import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { CLIENT_TARBALL } from '../../src/downloads/plugin.js';
import { VERSION } from '../../src/version.js';
import { liveServer, type LiveServer } from '../../packages/client/test/helpers/live-server.js';

const run = promisify(execFile);
const EMPTY_APP = resolve(import.meta.dirname, '../../packages/client/test/fixtures/empty');

/** This environment without npm's settings of an enclosing `npm test`. */
const cleanEnv = (home: string): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  HOME: home,
});

/**
 * The typed client where the API's callers can get it: served as the CLI is (GET /downloads/petstore-client.tgz,
 * with its SHA-256), installed from that URL into an empty folder with the registry unreachable, and used there.
 */
describe('@petstore/client from the server: GET /downloads/petstore-client.tgz', () => {
  const work = mkdtempSync(join(tmpdir(), 'petstore-client-download-'));
  let server: LiveServer;
  let origin: string;

  before(async () => {
    server = await liveServer();
    origin = `http://${server.host}:${String(server.port)}`;
  });
  after(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('served without a key with its SHA-256 (Repr-Digest and a .sha256 line), the bytes the build packed', async () => {
    const res = await fetch(`${origin}/downloads/petstore-client.tgz`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/gzip');
    assert.equal(res.headers.get('x-ratelimit-limit'), null, 'not metered');
    const body = Buffer.from(await res.arrayBuffer());
    assert.deepEqual(body, readFileSync(CLIENT_TARBALL));
    const sha256 = createHash('sha256').update(body);
    assert.equal(res.headers.get('repr-digest'), `sha-256=:${sha256.copy().digest('base64')}:`);
    const sum = await fetch(`${origin}/downloads/petstore-client.tgz.sha256`);
    assert.equal(sum.status, 200);
    assert.equal(await sum.text(), `${sha256.digest('hex')}  petstore-client.tgz\n`);
    const again = await fetch(`${origin}/downloads/petstore-client.tgz`, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
    assert.equal(again.status, 304);
  });

  test('the package served is this release: its version is the server’s (`petstore --version`), as the CLI’s is', async () => {
    const { stdout } = await run('tar', ['-xzOf', CLIENT_TARBALL, 'package/package.json']);
    const served = JSON.parse(stdout) as { name: string; version: string };
    assert.deepEqual([served.name, served.version], ['@petstore/client', VERSION]);
    for (const workspace of ['client', 'cli']) {
      const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../packages/${workspace}/package.json`), 'utf8')) as {
        version: string;
      };
      assert.equal(manifest.version, VERSION, `packages/${workspace} is released with the server`);
    }
  });

  test('npm install of the URL into an empty folder with no registry; listPets and getPet work, onDeprecation called once', async (t) => {
    const app = join(work, 'app');
    cpSync(EMPTY_APP, app, { recursive: true });
    const started = performance.now();
    // The registry is unreachable (port 9, discard) and the npm cache empty: everything comes from the tarball.
    await run(
      'npm',
      [
        'install',
        `${origin}/downloads/petstore-client.tgz`,
        '--registry',
        'http://127.0.0.1:9/',
        '--cache',
        join(work, 'npm-cache'),
        '--no-audit',
        '--no-fund',
        '--no-update-notifier',
        '--loglevel=error',
      ],
      { cwd: app, env: cleanEnv(work) },
    );
    t.diagnostic(`npm install of the URL took ${(performance.now() - started).toFixed(0)} ms`);
    const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
    assert.deepEqual(installed, ['@petstore'], 'no other package installed beside it');

    const key = await server.newKey();
    // categoryId as the largest int64, written as a JSON number.
    const made = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"name":"Rex","categoryId":9223372036854775807}',
    });
    assert.equal(made.status, 201);
    writeFileSync(
      join(app, 'main.mjs'),
      `import { createClient } from '@petstore/client';
const seen = [];
const petstore = createClient({ baseUrl: process.argv[2], apiKey: process.argv[3], onDeprecation: (info) => seen.push(info) });
const { pets } = await petstore.listPets();
const first = await petstore.getPet(pets[0].id);
const again = await petstore.getPet(pets[0].id);
console.log(JSON.stringify({
  names: pets.map((p) => p.name),
  categoryId: String(first.categoryId),
  again: again.name,
  seen: seen.map((i) => ({ ...i, sunset: i.sunset?.toISOString() ?? null, deprecatedAt: i.deprecatedAt?.toISOString() ?? null })),
}));
`,
    );
    const { stdout, stderr } = await run(process.execPath, ['main.mjs', server.baseUrl, key], { cwd: app });
    assert.equal(stderr, '', 'no warning: onDeprecation replaces the default one');
    const out = JSON.parse(stdout) as { names: string[]; categoryId: string; again: string; seen: Record<string, unknown>[] };
    assert.deepEqual(out.names, ['Rex']);
    assert.equal(out.categoryId, '9223372036854775807', 'int64 exact (lossless-json, bundled in the package)');
    assert.equal(out.again, 'Rex');
    assert.deepEqual(out.seen, [
      { operation: 'getPet', deprecatedAt: '2026-11-01T00:00:00.000Z', sunset: '2030-12-05T00:00:00.000Z', successor: '/v1/pets' },
    ]);
  });
});
