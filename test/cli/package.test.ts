import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLI_TARBALL } from '../../src/downloads/plugin.js';
import { startServer, tempDatabase, type CliResult, type RunningServer } from '../helpers/processes.js';
import { createUserWithPassword } from '../helpers/remote-cli.js';

const REPO = resolve(import.meta.dirname, '../..');

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** This environment without npm's settings of an enclosing `npm test`, nor the database or remote of this process. */
function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && !['DATABASE_URL', 'PETSTORE_URL', 'PETSTORE_TOKEN', 'PETSTORE_CONFIG'].includes(name)) clean[name] = value;
  }
  return { ...clean, ...env };
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string }): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * `npm install -g SPEC` into a scratch prefix, with a scratch HOME and npm cache and the registry
 * unreachable (port 9, discard): the package must install from its tarball alone. Returns the installed
 * `petstore` and how long the install took.
 */
/** @petstore/cli's version: the tarball's name and what the installed `petstore --version` prints. */
const CLI_VERSION = (JSON.parse(readFileSync(join(REPO, 'packages/cli/package.json'), 'utf8')) as { version: string }).version;

async function installGlobally(spec: string): Promise<{ bin: string; home: string; ms: number }> {
  const home = temp('petstore-pkg-home-');
  const prefix = join(home, 'prefix');
  const started = performance.now();
  const r = await run(
    'npm',
    [
      'install',
      '-g',
      spec,
      '--prefix',
      prefix,
      '--registry',
      'http://127.0.0.1:9/',
      '--cache',
      join(home, 'npm-cache'),
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
    ],
    { cwd: home, env: cleanEnv({ HOME: home }) },
  );
  const ms = performance.now() - started;
  assert.equal(r.code, 0, `npm install -g ${spec}: ${r.stderr}`);
  return { bin: join(prefix, 'bin', 'petstore'), home, ms };
}

describe('@petstore/cli: packed, installed with no registry, it signs in, creates a project and deploys a folder', () => {
  const db = tempDatabase();
  const email = 'laptop@example.test';
  const password = 'a laptop password 123';
  let server: RunningServer;
  let url: string;

  before(async () => {
    await createUserWithPassword(db.url, email, password);
    server = await startServer({ DATABASE_URL: db.url });
    url = `http://127.0.0.1:${String(server.port)}`;
  });
  after(async () => {
    await server.stop();
    db.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** The installed `petstore` in a folder of its own: login, projects create, deploy, deploys list. */
  async function firstHour(installed: { bin: string; home: string }, slug: string): Promise<void> {
    const env = cleanEnv({ HOME: installed.home });
    const cli = (args: string[], stdin?: string) => run(installed.bin, args, { cwd: installed.home, env, ...(stdin ? { stdin } : {}) });
    // Installed alone, it reads its own package's version.
    assert.equal((await cli(['--version'])).stdout, `${CLI_VERSION}\n`);
    const login = await cli(['login', '--url', url, '--email', email, '--password-stdin'], `${password}\n`);
    assert.equal(login.code, 0, login.stderr);
    assert.match(login.stderr, new RegExp(`signed in to ${url} as ${email}`));
    assert.deepEqual(JSON.parse((await cli(['whoami', '--json'])).stdout), { email, url });

    const created = await cli(['projects', 'create', slug, '--json']);
    assert.equal(created.code, 0, created.stderr);
    assert.equal((JSON.parse(created.stdout) as { plan: string }).plan, 'free');

    const site = join(installed.home, 'site');
    mkdirSync(join(site, 'css'), { recursive: true });
    writeFileSync(join(site, 'index.html'), `<h1>${slug}</h1>`);
    writeFileSync(join(site, 'css/site.css'), 'h1 { color: teal }');
    const deployed = await cli(['deploy', slug, site, '--json']);
    assert.equal(deployed.code, 0, deployed.stderr);
    const deploy = JSON.parse(deployed.stdout) as { status: string; files: number; live: boolean; project: string };
    assert.deepEqual([deploy.project, deploy.status, deploy.files, deploy.live], [slug, 'ready', 2, true]);

    const listed = await cli(['deploys', 'list', slug, '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal((JSON.parse(listed.stdout) as unknown[]).length, 1);
    // An operator command is named as one, with where it runs, rather than as an unknown command.
    for (const [args, named] of [
      [['users', 'create', 'x@example.test'], 'users'],
      [['projects', 'set-plan', slug, 'pro'], 'projects set-plan'],
      [['backup', 'x.backup'], 'backup'],
    ] as const) {
      const refused = await cli([...args]);
      assert.equal(refused.code, 2, refused.stdout);
      assert.equal(
        refused.stderr,
        `petstore: "${named}" is an operator command: it runs where the server runs, on its database, with the repository's bin/petstore (petstore help ${args[0]} there)\n`,
      );
    }
    // Nothing of the server's side: no database, no data/ folder where it ran.
    assert.throws(() => statSync(join(installed.home, 'data')), /ENOENT/);
  }

  test('npm pack -w @petstore/cli, then npm install -g of the tarball', async (t) => {
    const out = temp('petstore-pack-');
    const packed = await new Promise<string>((done, fail) =>
      execFile(
        'npm',
        ['pack', '-w', '@petstore/cli', '--pack-destination', out, '--json', '--silent'],
        { cwd: REPO, env: cleanEnv({}) },
        (err, stdout) => (err ? fail(err) : done(stdout)),
      ),
    );
    const [{ filename, files }] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
    assert.equal(filename, `petstore-cli-${CLI_VERSION}.tgz`);
    assert.deepEqual(files.map((f) => f.path).sort(), ['README.md', 'bin/petstore.js', 'dist/petstore.js', 'package.json']);
    const tarball = join(out, filename);
    const installed = await installGlobally(tarball);
    t.diagnostic(`tarball ${String(statSync(tarball).size)} bytes; npm install -g took ${installed.ms.toFixed(0)} ms`);
    await firstHour(installed, 'from-tarball');
  });

  test('GET /downloads/petstore-cli.tgz serves the built package without a key, and npm install -g of that URL', async (t) => {
    const res = await fetch(`${url}/downloads/petstore-cli.tgz`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/gzip');
    assert.equal(res.headers.get('x-ratelimit-limit'), null, 'not metered');
    assert.equal(res.headers.get('ratelimit-policy'), null, 'not metered');
    const body = Buffer.from(await res.arrayBuffer());
    assert.deepEqual(body, readFileSync(CLI_TARBALL), 'the bytes npm run build packed');
    // Its SHA-256 with it (RFC 9530) and beside it, in the line sha256sum -c checks.
    const sha256 = createHash('sha256').update(body);
    assert.equal(res.headers.get('repr-digest'), `sha-256=:${sha256.copy().digest('base64')}:`);
    const sum = await fetch(`${url}/downloads/petstore-cli.tgz.sha256`);
    assert.equal(sum.status, 200);
    assert.match(sum.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(sum.headers.get('x-ratelimit-limit'), null, 'not metered');
    const line = await sum.text();
    assert.equal(line, `${sha256.digest('hex')}  petstore-cli.tgz\n`);
    const dir = temp('petstore-sha256-');
    writeFileSync(join(dir, 'petstore-cli.tgz'), body);
    const checked = await run('sha256sum', ['-c', '-'], { cwd: dir, env: cleanEnv({}), stdin: line });
    assert.equal(checked.code, 0, checked.stderr);
    assert.match(checked.stdout, /petstore-cli\.tgz: OK/);
    // The README in the tarball installs over https and shows how to check the file first.
    const readme = await run('tar', ['-xzOf', join(dir, 'petstore-cli.tgz'), 'package/README.md'], { cwd: dir, env: cleanEnv({}) });
    assert.match(readme.stdout, /npm install -g https:\/\/<server>\/downloads\/petstore-cli\.tgz/);
    assert.doesNotMatch(readme.stdout, /http:\/\//);
    assert.match(readme.stdout, /petstore-cli\.tgz\.sha256 \| sha256sum -c -/);
    const again = await fetch(`${url}/downloads/petstore-cli.tgz`, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
    assert.equal(again.status, 304);

    const installed = await installGlobally(`${url}/downloads/petstore-cli.tgz`);
    t.diagnostic(`served tarball ${String(body.length)} bytes; npm install -g of the URL took ${installed.ms.toFixed(0)} ms`);
    await firstHour(installed, 'from-server');
  });
});
