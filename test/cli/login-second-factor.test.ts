import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { BIN, childEnv, startServer, tempDatabase, type CliResult, type RunningServer } from '../helpers/processes.js';

/** `bin/petstore` as on a laptop: its own HOME, no DATABASE_URL, the password on stdin. */
function laptop(home: string, args: string[], stdin: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  for (const name of ['DATABASE_URL', 'PETSTORE_CONFIG', 'PETSTORE_URL', 'PETSTORE_TOKEN']) delete env[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: home, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('petstore login for a person with an authenticator app', () => {
  const db = tempDatabase('petstore-login-totp-');
  const home = mkdtempSync(join(tmpdir(), 'petstore-login-home-'));
  const email = 'two-factor@example.test';
  const password = 'a long enough password 42';
  let server: RunningServer;
  let url: string;
  let secret: string;
  let recoveryCodes: string[];

  before(async () => {
    const created = await new Promise<number>((done) => {
      const child = spawn(process.execPath, [BIN, 'users', 'create', email, '--password-stdin'], {
        env: childEnv({ DATABASE_URL: db.url }),
      });
      child.on('close', (code) => done(code ?? 1));
      child.stdin.end(`${password}\n`);
    });
    assert.equal(created, 0);
    server = await startServer({ DATABASE_URL: db.url });
    url = `http://127.0.0.1:${String(server.port)}`;
    // Enrolled over the management API, as the dashboard's Security page does.
    const session = await fetch(`${url}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    assert.equal(session.status, 200);
    const headers = {
      'content-type': 'application/json',
      cookie: (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      'x-csrf-token': ((await session.json()) as { csrfToken: string }).csrfToken,
    };
    const enrol = await fetch(`${url}/api/v1/me/totp`, { method: 'POST', headers, body: '{}' });
    assert.equal(enrol.status, 200, await enrol.clone().text());
    secret = ((await enrol.json()) as { secret: string }).secret;
    const confirm = await fetch(`${url}/api/v1/me/totp/confirm`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ code: await generate({ secret }) }),
    });
    assert.equal(confirm.status, 200, await confirm.clone().text());
    recoveryCodes = ((await confirm.json()) as { recoveryCodes: string[] }).recoveryCodes;
  });
  after(async () => {
    await server?.stop();
    db.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  const login = (extra: string[]) => laptop(home, ['login', '--url', url, '--email', email, '--password-stdin', ...extra], `${password}\n`);

  test('without --code: exit 1, one line naming --code and second_factor_required; nothing kept', async () => {
    const r = await login([]);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /--code/);
    assert.match(r.stderr, /second_factor_required/);
    const whoami = await laptop(home, ['whoami'], '');
    assert.notEqual(whoami.code, 0, 'no login file was written');
  });

  test('with a wrong code: refused with invalid_code', async () => {
    const r = await login(['--code', '000000']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /invalid_code/);
  });

  test('with a recovery code: signed in, and later commands run on the server', async () => {
    const r = await login(['--code', recoveryCodes[0] ?? '']);
    assert.equal(r.code, 0, r.stderr);
    const whoami = await laptop(home, ['whoami', '--json'], '');
    assert.equal(whoami.code, 0, whoami.stderr);
    assert.deepEqual(JSON.parse(whoami.stdout), { email, url });
  });

  test("with the app's next code (the current one was used to confirm it): signed in", async () => {
    const r = await login(['--code', await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })]);
    assert.equal(r.code, 0, r.stderr);
  });
});
