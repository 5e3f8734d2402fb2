import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, type CliResult } from '../helpers/processes.js';

/** A server on 127.0.0.1 that answers every request with `answer` and records what it got. */
async function server(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const got: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const s: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${String((s.address() as AddressInfo).port)}`,
    got,
    close: () =>
      new Promise<void>((r) => {
        s.closeAllConnections();
        s.close(() => r());
      }),
  };
}

type Server_ = Awaited<ReturnType<typeof server>>;

/** bin/petstore with its own HOME and no database; `env` names the remote. */
function cli(home: string, args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<CliResult & { ms: number }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home, ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.PETSTORE_CONFIG;
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: childEnv, cwd: home, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(stdin);
  });
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('the remote CLI against a hostile server', () => {
  const home = mkdtempSync(join(tmpdir(), 'petstore-hostile-'));
  const servers: Server_[] = [];
  let elsewhere: Server_;
  before(async () => {
    // Where redirects point: nothing may reach it.
    elsewhere = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    servers.push(elsewhere);
  });
  after(async () => {
    for (const s of servers) await s.close();
    rmSync(home, { recursive: true, force: true });
  });

  test('login: a 307 to another origin is not followed; the password goes nowhere else; the error names the Location', async () => {
    const redirecting = await server((_req, res) => res.writeHead(307, { location: `${elsewhere.url}/api/v1/session` }).end());
    servers.push(redirecting);
    const before = elsewhere.got.length;
    const r = await cli(
      home,
      ['login', '--url', redirecting.url, '--email', 'a@example.test', '--password-stdin'],
      {},
      'a secret password\n',
    );
    assert.notEqual(r.code, 0, r.stderr);
    assert.equal(elsewhere.got.length - before, 0, 'the redirect was followed');
    assert.match(r.stderr, /307/);
    assert.ok(r.stderr.includes(`${elsewhere.url}/api/v1/session`), r.stderr);
  });

  test('a command carrying the token: a 302 is not followed and is an error naming the Location', async () => {
    const redirecting = await server((_req, res) => res.writeHead(302, { location: `${elsewhere.url}/api/v1/user` }).end());
    servers.push(redirecting);
    const before = elsewhere.got.length;
    const r = await cli(home, ['whoami'], { PETSTORE_URL: redirecting.url, PETSTORE_TOKEN: 'pst_secret' });
    assert.notEqual(r.code, 0, r.stdout);
    assert.equal(elsewhere.got.length - before, 0, 'the redirect was followed');
    assert.ok(r.stderr.includes(`${elsewhere.url}/api/v1/user`), r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  });

  test("a server's error text is printed without escape sequences or control characters (window title, clear screen)", async () => {
    const message = 'bad \u001b]0;pwned\u0007title\u001b[2J\u001b[Hcleared \u009b31mred\r\u0000 end';
    const hostile = await server((_req, res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'validation_failed', message, status: 400 })),
    );
    servers.push(hostile);
    const remote = { PETSTORE_URL: hostile.url, PETSTORE_TOKEN: 'pst_secret' };
    for (const args of [['whoami'], ['webhooks', 'list', 'shop'], ['webhooks', 'list', 'shop', '--json']]) {
      const r = await cli(home, args, remote);
      assert.notEqual(r.code, 0);
      assert.doesNotMatch(r.stderr + r.stdout, CONTROL, JSON.stringify(r.stderr + r.stdout));
      assert.match(r.stderr + r.stdout, /bad/);
    }
    const login = await cli(home, ['login', '--url', hostile.url, '--email', 'a@example.test', '--password-stdin'], {}, 'pw\n');
    assert.notEqual(login.code, 0);
    assert.doesNotMatch(login.stderr, CONTROL, JSON.stringify(login.stderr));
  });

  test('an answer larger than 16 MiB is not read into memory: the command stops with an error saying so', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const huge = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"user":{"email":"a@example.test","admin":false},"pad":"');
      let sent = 0;
      const more = () => {
        // 64 MiB, as fast as the client reads.
        while (sent < 64) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      res.on('error', () => undefined);
      more();
    });
    servers.push(huge);
    const r = await cli(home, ['whoami', '--json'], { PETSTORE_URL: huge.url, PETSTORE_TOKEN: 'pst_secret' });
    assert.notEqual(r.code, 0, `exit ${String(r.code)}: ${r.stdout.slice(0, 200)}`);
    assert.match(r.stderr, /16 MiB/);
    assert.equal(huge.got.length, 1, 'not retried');
  });
});
