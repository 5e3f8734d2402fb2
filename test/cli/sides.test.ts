import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BIN, childEnv, type CliResult } from '../helpers/processes.js';

/** The installed package's executable, as built by `npm run build`. */
const PACKAGE_BIN = resolve(import.meta.dirname, '../../packages/cli/bin/petstore.js');

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A CLI run in an empty folder of its own (its cwd and HOME), without DATABASE_URL or remote settings but `env`. */
function inEmptyFolder(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult & { cwd: string }> {
  const cwd = temp('petstore-sides-');
  const full = childEnv({ HOME: cwd, ...env });
  for (const name of ['DATABASE_URL', 'PETSTORE_URL', 'PETSTORE_TOKEN', 'PETSTORE_CONFIG']) if (!(name in env)) delete full[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { env: full, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr, cwd }));
  });
}

/** A login file (mode 0600) naming a server that is never reached: the CLI is signed in. */
function loginFile(): string {
  const dir = temp('petstore-login-');
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ url: 'http://127.0.0.1:9', email: 'a@example.test', token: 'pst_unused', tokenId: 'tok_1' }));
  chmodSync(path, 0o600);
  return path;
}

/** One line on stderr, nothing on stdout, no stack trace, and no file written in the folder. */
function refusedCleanly(r: CliResult & { cwd: string }, status: number, pattern: RegExp) {
  assert.equal(r.code, status, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  assert.match(r.stderr, pattern);
  assert.equal(existsSync(join(r.cwd, 'data')), false, 'no data/ folder');
  assert.deepEqual(readdirSync(r.cwd), [], 'nothing created');
}

after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('where a command runs: the local/remote rules of bin/petstore and @petstore/cli', () => {
  test('a remote command signed in nowhere, with no database named or present, exits 2 and creates nothing', async () => {
    for (const args of [['deploys', 'list', 'alice-shop'], ['projects', 'list'], ['keys', 'create', '--project', 'x'], ['whoami']]) {
      refusedCleanly(
        await inEmptyFolder(BIN, args),
        2,
        /^petstore: not signed in: run petstore login --url URL --email EMAIL --password-stdin/,
      );
    }
    // The package has no database at all: the same refusal, and --local is a usage error.
    refusedCleanly(await inEmptyFolder(PACKAGE_BIN, ['deploys', 'list', 'alice-shop']), 2, /^petstore: not signed in: run petstore login/);
    const local = await inEmptyFolder(PACKAGE_BIN, ['deploys', 'list', 'alice-shop', '--local']);
    assert.equal(local.code, 2);
    assert.match(local.stderr, /--local runs on the server/);
    assert.deepEqual(readdirSync(local.cwd), []);
  });

  test('a remote command uses the database when one is named or already here', async () => {
    // Named (--local) but missing: it creates none, and says where it looked.
    const named = await inEmptyFolder(BIN, ['deploys', 'list', 'alice-shop', '--local']);
    refusedCleanly(named, 1, /^petstore: no database at .*data\/petstore\.db .*"deploys list" creates none/);

    const cwd = temp('petstore-sides-existing-');
    const env = childEnv({ HOME: cwd });
    for (const name of ['DATABASE_URL', 'PETSTORE_URL', 'PETSTORE_TOKEN', 'PETSTORE_CONFIG']) delete env[name];
    const run = (args: string[]) =>
      new Promise<CliResult>((done) => {
        const child = spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
      });
    assert.equal((await run(['migrate'])).code, 0, 'migrate, signed in nowhere, creates ./data/petstore.db');
    const listed = await run(['projects', 'list', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      (JSON.parse(listed.stdout) as { slug: string }[]).map((p) => p.slug),
      ['default'],
    );
  });

  test('an operator command signed in to a server, without DATABASE_URL or --local, exits 2 and creates nothing', async () => {
    const PETSTORE_CONFIG = loginFile();
    const operatorCommands = [
      ['serve'],
      ['migrate'],
      ['users', 'create', 'x@example.test'],
      ['users', 'revoke-sessions', 'x@example.test'],
      ['users', 'reset-second-factor', 'x@example.test'],
      ['projects', 'set-plan', 'shop', 'pro'],
      ['projects', 'add-member', 'shop', 'x@example.test'],
      ['projects', 'remove-member', 'shop', 'x@example.test'],
      ['keys', 'unban', 'key_1'],
      ['backup', 'petstore.backup'],
      ['restore', 'petstore.backup'],
    ];
    for (const args of operatorCommands) {
      const r = await inEmptyFolder(BIN, args, { PETSTORE_CONFIG });
      const name = args
        .slice(0, 2)
        .join(' ')
        .replace(/ (x@example\.test|petstore\.backup)$/, '');
      refusedCleanly(
        r,
        2,
        new RegExp(
          `^petstore: signed in to http://127\\.0\\.0\\.1:9: "${name}" runs on the server's database only: .*--local.*DATABASE_URL`,
        ),
      );
    }
    // With --local it runs on the database here (and creates it).
    const local = await inEmptyFolder(BIN, ['migrate', '--local'], { PETSTORE_CONFIG });
    assert.equal(local.code, 0, local.stderr);
    assert.equal(existsSync(join(local.cwd, 'data/petstore.db')), true);
  });

  test('an operator command with no database where it looks exits 1 naming the place and how to reach the server’s, creating nothing', async () => {
    const commands = [
      ['users', 'create', 'a@b.test'],
      ['users', 'revoke-sessions', 'a@b.test'],
      ['users', 'reset-second-factor', 'a@b.test'],
      ['projects', 'set-plan', 'shop', 'pro'],
      ['projects', 'add-member', 'shop', 'a@b.test'],
      ['keys', 'unban', 'key_1'],
      ['backup', 'petstore.backup'],
      ['migrate', '--status'],
      ['migrate', '--dry-run'],
      ['keys', 'create', '--local'],
    ];
    for (const args of commands) {
      const r = await inEmptyFolder(BIN, args);
      refusedCleanly(
        r,
        1,
        new RegExp(
          `^petstore: no database at ${r.cwd}/data/petstore\\.db \\(the default \\./data/petstore\\.db, looked for in ${r.cwd}\\): .*DATABASE_URL`,
        ),
      );
    }
    // Named by DATABASE_URL: the same refusal, naming that file; nothing is created there either.
    const elsewhere = temp('petstore-sides-named-');
    const missing = join(elsewhere, 'sub/petstore.db');
    const r = await inEmptyFolder(BIN, ['users', 'create', 'a@b.test'], { DATABASE_URL: `sqlite:${missing}` });
    refusedCleanly(
      r,
      1,
      new RegExp(
        `^petstore: no database at ${missing} \\(DATABASE_URL\\): "users create" creates none: set DATABASE_URL to the server's database`,
      ),
    );
    assert.deepEqual(readdirSync(elsewhere), []);
    // serve and migrate create one; so does restore (into a new database), tested with backups.
    const migrated = await inEmptyFolder(BIN, ['migrate']);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.equal(existsSync(join(migrated.cwd, 'data/petstore.db')), true);
  });

  test('serve on a port in use exits 1 with one line naming the port', async () => {
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const port = (busy.address() as { port: number }).port;
    try {
      const dir = temp('petstore-sides-db-');
      const r = await inEmptyFolder(BIN, ['serve'], {
        DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, '');
      assert.equal(
        r.stderr,
        `petstore: port ${String(port)} is in use (127.0.0.1:${String(port)}): stop what listens there, or set PORT\n`,
      );
    } finally {
      busy.close();
    }
  });
});
