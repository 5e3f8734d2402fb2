import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, type CliResult } from '../helpers/processes.js';

/** The bundled CLI of @petstore/cli (packages/cli), as `npm install -g` installs it. */
const PACKAGED_BIN = join(import.meta.dirname, '../../packages/cli/bin/petstore.js');

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

/** bin/petstore (or `bin`) with its own HOME and no database; `env` names the remote. */
function cli(home: string, args: string[], env: NodeJS.ProcessEnv, stdin = '', bin = BIN): Promise<CliResult & { ms: number }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home, ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.PETSTORE_CONFIG;
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { env: childEnv, cwd: home, stdio: ['pipe', 'pipe', 'pipe'] });
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
/** What reorders or hides text on a terminal line: bidi embeddings, overrides, isolates and marks, line and paragraph separators, zero-width and other format characters. */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029\u200b\ufeff\u00ad\u2060-\u2064]/u;

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

  test("a server's text is printed without bidi overrides, isolates, line separators or other invisible format characters", async () => {
    const message =
      'invoice\u202egpj.exe\u202c \u2066isolated\u2069 \u2067rtl\u2069 line\u2028sep\u2029para \u200bzero\ufeffbom\u200e\u200f\u061c soft\u00adhyphen \u2060joined end';
    const hostile = await server((req, res) => {
      if (req.url === '/api/v1/user') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const token = { id: 't', scope: 'write', projects: null, expiresAt: '2030-01-01T00:00:00.000Z' };
        res.end(JSON.stringify({ user: { email: `me\u202e@example.test`, admin: false }, token }));
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'validation_failed', message, status: 400 }));
    });
    servers.push(hostile);
    const remote = { PETSTORE_URL: hostile.url, PETSTORE_TOKEN: 'pst_secret' };
    for (const bin of [BIN, PACKAGED_BIN]) {
      for (const args of [
        ['whoami'],
        ['whoami', '--json'],
        ['webhooks', 'list', 'shop'],
        ['webhooks', 'list', 'shop', '--json'],
        ['keys', 'list', '--project', 'shop'],
      ]) {
        const r = await cli(home, args, remote, '', bin);
        const out = r.stderr + r.stdout;
        assert.doesNotMatch(out, INVISIBLE, `${bin} ${args.join(' ')}: ${JSON.stringify(out)}`);
        assert.doesNotMatch(out, CONTROL, JSON.stringify(out));
        assert.match(out, /me|invoice/);
      }
      // --json keeps the data: the characters are escaped, not lost.
      const json = await cli(home, ['whoami', '--json'], remote, '', bin);
      assert.equal(json.code, 0, json.stderr);
      assert.equal((JSON.parse(json.stdout) as { email: string }).email, 'me\u202e@example.test');
    }
  });

  test('a malformed answer (HTML, cut JSON, another shape) is "unexpected answer from the server", exit 1, one line, no stack, in bin/petstore and @petstore/cli', async () => {
    const answers: [string, (res: ServerResponse) => void][] = [
      ['html', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Welcome to nginx!</h1>')],
      ['cut json', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"user":{"email":"a@exa')],
      ['an empty object', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')],
      ['an array', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2]')],
      ['objects of another shape', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"x":1}],"user":7}')],
      ['a 404 page', (res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>')],
    ];
    const commands = [
      ['whoami'],
      ['projects', 'list'],
      ['keys', 'list', '--json'],
      ['keys', 'roll', 'key_abc'],
      ['webhooks', 'list', 'shop'],
      ['usage', 'shop', '--json'],
    ];
    let runs = 0;
    for (const [what, answer] of answers) {
      const bad = await server((_req, res) => answer(res));
      servers.push(bad);
      const remote = { PETSTORE_URL: bad.url, PETSTORE_TOKEN: 'pst_secret' };
      for (const bin of [BIN, PACKAGED_BIN]) {
        const results = await Promise.all(commands.map((args) => cli(home, args, remote, '', bin)));
        results.forEach((r, i) => {
          const said = `${what}, ${bin === BIN ? 'bin/petstore' : '@petstore/cli'} ${(commands[i] ?? []).join(' ')}: exit ${String(r.code)}\n${r.stderr}${r.stdout}`;
          assert.equal(r.code, 1, said);
          assert.match(r.stderr, /^petstore: unexpected answer from the server http:\/\/127\.0\.0\.1:\d+/, said);
          assert.equal(r.stderr.trim().split('\n').length, 1, said);
          assert.doesNotMatch(r.stderr, /\n\s+at |TypeError:|\^|node:internal|dist\/petstore\.js/, said);
          runs++;
        });
      }
    }
    assert.equal(runs, answers.length * commands.length * 2);
    const login = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('null'));
    servers.push(login);
    for (const bin of [BIN, PACKAGED_BIN]) {
      const r = await cli(home, ['login', '--url', login.url, '--email', 'a@example.test', '--password-stdin'], {}, 'pw\n', bin);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /unexpected answer from the server/);
    }
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
