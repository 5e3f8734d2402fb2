import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { ContractChecker } from '../helpers/contract.js';
import { BIN, childEnv, cliJson, runCli, startServer, tempDatabase, type CliResult, type RunningServer } from '../helpers/processes.js';

/** Runs the CLI with text on its stdin. */
function runWithStdin(args: string[], databaseUrl: string, input: string): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: childEnv({ DATABASE_URL: databaseUrl }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The accounts commands of docs/management.md, and a signed-in session over real HTTP, on a temporary SQLite file. */
describe('bin/petstore users, members and usage; the management API over HTTP', () => {
  const db = tempDatabase('petstore-accounts-cli-');
  const cli = (...args: string[]) => runCli(args, db.url);
  let server: RunningServer;
  let contracts: { v1: ContractChecker; management: ContractChecker };
  /** fetch on the server; every answer is checked against the contract of its API (/v1 or /api/v1). */
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${url}`, init);
    const body = await res.text();
    const contract = url.startsWith('/api/v1/') ? contracts.management : contracts.v1;
    contract.check(init.method ?? 'GET', url, res.status, res.headers.get('content-type') ?? undefined, body);
    return { status: res.status, headers: res.headers, json: () => JSON.parse(body) as unknown };
  };
  before(async () => {
    assert.equal((await cli('projects', 'create', 'shop', '--plan', 'pro', '--json')).code, 0);
    server = await startServer({ DATABASE_URL: db.url, PORT: '0' });
    contracts = {
      v1: new ContractChecker((await (await fetch(`${server.url}/v1/openapi.json`)).json()) as never),
      management: new ContractChecker((await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as never, '/api/v1'),
    };
  });
  after(async () => {
    await server.stop();
    db.cleanup();
  });

  test('users create prints a generated password once; --json gives {email, admin, password}; a second create is user_exists', async () => {
    const text = await cli('users', 'create', 'Text@Example.test');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^created user text@example\.test\n[A-Za-z0-9_-]{22}\n$/);
    assert.match(text.stderr, /not shown again/);

    const json = await cliJson<{ email: string; admin: boolean; password: string }>(
      ['users', 'create', 'json@example.test', '--admin', '--json'],
      db.url,
    );
    assert.equal(json.email, 'json@example.test');
    assert.equal(json.admin, true);
    assert.match(json.password, /^[A-Za-z0-9_-]{22}$/);

    const again = await cli('users', 'create', 'JSON@example.test', '--json');
    assert.equal(again.code, 1);
    assert.match(again.stdout, /"user_exists"/);
  });

  test('users create --password-stdin takes the password from stdin and prints none', async () => {
    const r = await runWithStdin(
      ['users', 'create', 'stdin@example.test', '--password-stdin', '--json'],
      db.url,
      'correct horse battery staple\n',
    );
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { email: 'stdin@example.test', admin: false });
    const short = await runWithStdin(['users', 'create', 'short@example.test', '--password-stdin'], db.url, 'short\n');
    assert.equal(short.code, 1);
    assert.match(short.stderr, /validation_failed/);
  });

  test('an admin signs in with curl-like calls, lists projects, creates and revokes a key with the cookie and the CSRF token; members and usage', async () => {
    const admin = await cliJson<{ password: string }>(['users', 'create', 'me@example.test', '--admin', '--json'], db.url);
    const signIn = await call('/api/v1/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'me@example.test', password: admin.password }),
    });
    assert.equal(signIn.status, 200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrfToken } = signIn.json() as { csrfToken: string };

    const projects = (await call('/api/v1/projects', { headers: { cookie } })).json() as { slug: string }[];
    assert.ok(projects.some((p) => p.slug === 'shop'));

    const withoutToken = await call('/api/v1/projects/shop/keys', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{"name":"ci"}',
    });
    assert.equal(withoutToken.status, 403);
    assert.equal((withoutToken.json() as { code: string }).code, 'csrf_failed');

    const created = await call('/api/v1/projects/shop/keys', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: '{"name":"ci"}',
    });
    assert.equal(created.status, 201);
    const key = created.json() as { id: string; key: string };
    const pets = await call('/v1/pets', { headers: { authorization: `Bearer ${key.key}` } });
    assert.equal(pets.status, 200);

    const revoked = await call(`/api/v1/projects/shop/keys/${key.id}`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    assert.equal(revoked.status, 204);
    const listed = await cliJson<{ id: string; revokedAt: string | null }[]>(['keys', 'list', '--project', 'shop', '--json'], db.url);
    assert.ok(listed.find((k) => k.id === key.id)?.revokedAt, 'the CLI sees the revocation made over HTTP');

    // revoke-sessions ends the session the server is holding.
    const ended = await cli('users', 'revoke-sessions', 'me@example.test');
    assert.equal(ended.code, 0, ended.stderr);
    assert.match(ended.stdout, /ended 1 session/);
    assert.equal((await call('/api/v1/session', { headers: { cookie } })).status, 401);

    // Membership from the CLI.
    assert.equal((await cli('projects', 'add-member', 'shop', 'text@example.test')).code, 0);
    const missing = await cli('projects', 'add-member', 'no-such-shop', 'text@example.test');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /not_found/);
    assert.equal((await cli('projects', 'remove-member', 'shop', 'text@example.test')).code, 0);
    assert.equal((await cli('projects', 'remove-member', 'shop', 'text@example.test')).code, 1, 'not a member any more');

    // Usage: the server writes its counts every 10 s; on stop it writes the rest.
    const usage = await cliJson<{ project: string; quota: { perMinute: number }; perMinute: { requests: number }[]; perDay: unknown[] }>(
      ['usage', 'shop', '--json'],
      db.url,
    );
    assert.equal(usage.project, 'shop');
    assert.equal(usage.quota.perMinute, 300);
    assert.equal(usage.perMinute.length, 60);
    assert.equal(usage.perDay.length, 30);
    const text = await cli('usage', 'shop');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^project shop: quota 300\/min, 10000\/day/);
  });
});
