import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from '../helpers/cleanup.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { BIN, childEnv, cliJson, runCli, startServer, tempDatabase, type CliResult, type RunningServer } from '../helpers/processes.js';

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function siteDir(files: Record<string, string>): string {
  const dir = temp('petstore-remote-site-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** `bin/petstore` as on another machine: its own HOME, no DATABASE_URL; `stdin` piped in. */
function remoteCli(home: string, args: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, ...options.env };
  delete env.DATABASE_URL;
  delete env.PETSTORE_CONFIG;
  delete env.PETSTORE_URL;
  delete env.PETSTORE_TOKEN;
  Object.assign(env, options.env);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: home, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

const json = <T>(r: CliResult): T => {
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as T;
};

/** A refusal the person can act on: one line, non-zero, no stack trace. */
function oneLine(r: CliResult, pattern: RegExp) {
  assert.notEqual(r.code, 0, r.stdout);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  assert.match(r.stderr, pattern);
}

interface DeployOut {
  id: string;
  number: number;
  project: string;
  status: string;
  reason?: string;
  url?: string;
  previewUrl?: string;
  files: number;
  live: boolean;
}

// Its domain commands resolve through pebble-challtestsrv: decided before anything starts.
const available = pebbleAvailable();

describe(
  'the CLI from another machine (login, remote deploys, the same output as the local commands)',
  { skip: available === true ? false : available },
  () => {
    const db = tempDatabase();
    const started = cleanup();
    let server: RunningServer;
    let url: string;
    let rig: PebbleRig;
    const home = temp('petstore-home-');
    const email = 'member@example.test';
    const password = 'a member password 123';

    before(async () => {
      await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
      const created = await new Promise<CliResult>((done) => {
        const child = spawn(process.execPath, [BIN, 'users', 'create', email, '--password-stdin', '--json'], {
          env: childEnv({ DATABASE_URL: db.url }),
        });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', (code) => done({ code: code ?? 1, stdout: '', stderr }));
        child.stdin.end(`${password}\n`);
      });
      assert.equal(created.code, 0, created.stderr);
      assert.equal((await runCli(['projects', 'add-member', 'shop', email], db.url)).code, 0);
      rig = started.add(await startPebble({ httpPort: 1 }), (r) => r.stop());
      server = started.add(await startServer({ DATABASE_URL: db.url, DNS_SERVERS: rig.dnsServer }), (s) => s.stop());
      url = `http://127.0.0.1:${String(server.port)}`;
    });
    after(async () => {
      try {
        await started.run();
      } finally {
        db.cleanup();
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      }
    });

    const local = (args: string[]) => runCli(args, db.url, { DNS_SERVERS: rig.dnsServer });

    test('login, whoami, deploy, list, promote, roll back and usage: each remote output equals the local one', async () => {
      const login = await remoteCli(home, ['login', '--url', url, '--email', email, '--password-stdin'], { stdin: `${password}\n` });
      assert.equal(login.code, 0, login.stderr);
      const config = join(home, '.config/petstore/config.json');
      assert.equal(statSync(config).mode & 0o777, 0o600);
      assert.deepEqual(json(await remoteCli(home, ['whoami', '--json'])), { email, url });

      const site = siteDir({
        'index.html': '<h1>one</h1>',
        'notes.md': 'left out',
        '.git/HEAD': 'ref',
        'lib/.git/config': '[core]',
        'node_modules/x.js': 'x',
        '.petstoreignore': '*.md\n',
      });
      const one = json<DeployOut>(await remoteCli(home, ['deploy', 'shop', site, '--json']));
      assert.deepEqual([one.status, one.files, one.url], ['ready', 1, `http://shop.localhost:${String(server.port)}/`]);
      assert.equal(one.previewUrl, `http://shop--deploy-${String(one.number)}.localhost:${String(server.port)}/`);
      const two = json<DeployOut>(await remoteCli(home, ['deploy', 'shop', siteDir({ 'index.html': '<h1>two</h1>' }), '--json']));

      // The same state read both ways gives the same bytes.
      const remoteList = await remoteCli(home, ['deploys', 'list', 'shop', '--json']);
      const localList = await local(['deploys', 'list', 'shop', '--json']);
      assert.equal(remoteList.stdout, localList.stdout);
      const listed = json<DeployOut[]>(localList);
      assert.deepEqual(listed[0], (({ url: _url, ...d }) => d)(two), 'the deploy printed remotely is the one the list shows');
      assert.deepEqual(
        (await remoteCli(home, ['deploys', 'list', 'shop'])).stdout,
        (await local(['deploys', 'list', 'shop'])).stdout,
        'the text list too',
      );

      const rolledBack = await remoteCli(home, ['deploys', 'promote', 'shop', '--number', String(one.number), '--json']);
      assert.equal(rolledBack.stdout, (await local(['deploys', 'promote', 'shop', one.id, '--json'])).stdout);
      assert.equal(json<DeployOut>(rolledBack).live, true);
      assert.equal(
        (await remoteCli(home, ['deploys', 'list', 'shop', '--json'])).stdout,
        (await local(['deploys', 'list', 'shop', '--json'])).stdout,
      );

      const failed = await remoteCli(home, ['deploy', 'shop', siteDir({ 'about.html': 'no index' }), '--json']);
      assert.equal(failed.code, 1);
      const failedDeploy = JSON.parse(failed.stdout) as DeployOut;
      assert.deepEqual([failedDeploy.status, failedDeploy.reason], ['failed', 'missing_index']);
      const afterFailure = json<DeployOut[]>(await local(['deploys', 'list', 'shop', '--json']));
      assert.deepEqual(afterFailure[0], (({ url: _url, ...d }) => d)(failedDeploy));

      const unknown = [await remoteCli(home, ['deploys', 'list', 'nope', '--json']), await local(['deploys', 'list', 'nope', '--json'])];
      assert.deepEqual(
        unknown.map((r) => [r.code, (JSON.parse(r.stdout) as { error: { code: string } }).error.code]),
        [
          [1, 'not_found'],
          [1, 'not_found'],
        ],
      );

      // Counts reach the usage report up to 10 s late; the quotas and the shape are the same both ways at once.
      const usage = [
        json<{ project: string; quota: unknown }>(await remoteCli(home, ['usage', 'shop', '--json'])),
        json<{ project: string; quota: unknown }>(await local(['usage', 'shop', '--json'])),
      ];
      assert.deepEqual(
        usage.map((u) => [u.project, u.quota]),
        [
          ['shop', { perMinute: 300, perDay: 10000 }],
          ['shop', { perMinute: 300, perDay: 10000 }],
        ],
      );
    });

    test('domains: add, verify against the DNS server, list, remove; the same output both ways', async () => {
      const name = 'www.remote-shop.test';
      const added = json<{ domain: string; project: string; status: string; records: unknown[] }>(
        await remoteCli(home, ['domains', 'add', 'shop', name, '--json']),
      );
      assert.deepEqual([added.domain, added.project, added.status], [name, 'shop', 'pending']);
      const pending = await remoteCli(home, ['domains', 'verify', name, '--json']);
      assert.equal(pending.code, 1, 'not verified before the record exists');
      assert.equal(pending.stdout, (await local(['domains', 'verify', name, '--json'])).stdout);
      await rig.setCname(name, 'localhost');
      const verified = await remoteCli(home, ['domains', 'verify', name, '--json']);
      assert.equal(verified.code, 0, verified.stdout);
      assert.equal(json<{ status: string }>(verified).status, 'verified');
      // Each verify schedules the next certificate attempt from its own time: that instant is the one difference.
      const attemptless = (text: string) => text.replace(/"nextAttemptAt": "[^"]+"/g, '"nextAttemptAt": "…"');
      assert.equal(attemptless(verified.stdout), attemptless((await local(['domains', 'verify', name, '--json'])).stdout));
      assert.equal(
        (await remoteCli(home, ['domains', 'list', 'shop', '--json'])).stdout,
        (await local(['domains', 'list', 'shop', '--json'])).stdout,
      );
      assert.equal((await remoteCli(home, ['domains', 'list', 'shop'])).stdout, (await local(['domains', 'list', 'shop'])).stdout);

      const removed = await remoteCli(home, ['domains', 'remove', name]);
      assert.equal(removed.code, 0, removed.stderr);
      assert.deepEqual(json<unknown[]>(await local(['domains', 'list', 'shop', '--json'])), []);
      const gone = [await remoteCli(home, ['domains', 'verify', name, '--json']), await local(['domains', 'verify', name, '--json'])];
      assert.deepEqual(
        gone.map((r) => [r.code, (JSON.parse(r.stdout) as { error: { code: string } }).error.code]),
        [
          [1, 'not_found'],
          [1, 'not_found'],
        ],
      );
    });

    test('bad input: one line and a non-zero exit, never a stack trace', async () => {
      const site = siteDir({ 'index.html': 'x' });
      oneLine(
        await remoteCli(home, ['deploy', 'shop', site], { env: { PETSTORE_URL: 'http://127.0.0.1:1', PETSTORE_TOKEN: 'pst_x' } }),
        /cannot reach http:\/\/127\.0\.0\.1:1/,
      );
      oneLine(
        await remoteCli(home, ['deploys', 'list', 'shop'], { env: { PETSTORE_URL: url, PETSTORE_TOKEN: 'pst_wrong' } }),
        /petstore login/,
      );
      oneLine(await remoteCli(home, ['deploy', 'shop', join(site, 'missing')]), /validation_failed/);
      const linked = siteDir({ 'index.html': 'x' });
      symlinkSync('/etc/passwd', join(linked, 'passwd'));
      const refused = await remoteCli(home, ['deploy', 'shop', linked]);
      oneLine(refused, /invalid_path/);

      const stray = temp('petstore-stray-');
      const strayConfig = join(stray, 'config.json');
      writeFileSync(strayConfig, JSON.stringify({ url, token: 'pst_x' }), { mode: 0o644 });
      chmodSync(strayConfig, 0o644);
      oneLine(
        await remoteCli(home, ['deploys', 'list', 'shop'], { env: { PETSTORE_CONFIG: strayConfig } }),
        /readable by others \(mode 0644\).*chmod 600/,
      );
      writeFileSync(strayConfig, '{ not json');
      chmodSync(strayConfig, 0o600);
      oneLine(await remoteCli(home, ['deploys', 'list', 'shop'], { env: { PETSTORE_CONFIG: strayConfig } }), /not valid JSON/);

      const operator = await remoteCli(home, ['users', 'create', 'x@example.test']);
      assert.equal(operator.code, 2);
      assert.match(operator.stderr, /--local.*DATABASE_URL/);
    });

    test('logout revokes the token and deletes the login file', async () => {
      const config = join(home, '.config/petstore/config.json');
      const { token } = JSON.parse((await import('node:fs')).readFileSync(config, 'utf8')) as { token: string };
      assert.equal((await remoteCli(home, ['logout'])).code, 0);
      assert.equal(existsSync(config), false);
      oneLine(await remoteCli(home, ['whoami']), /not signed in/);
      oneLine(
        await remoteCli(home, ['deploys', 'list', 'shop'], { env: { PETSTORE_URL: url, PETSTORE_TOKEN: token } }),
        /refused the access token/,
      );
    });
  },
);
