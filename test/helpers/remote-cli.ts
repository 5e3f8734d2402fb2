import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { BIN, childEnv, type CliResult } from './processes.js';

/** `bin/petstore` on another machine: no DATABASE_URL, no login file, the remote from PETSTORE_URL and PETSTORE_TOKEN. */
export function remoteCli(url: string, token: string, args: string[], home: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PETSTORE_URL: url, PETSTORE_TOKEN: token };
  delete env.DATABASE_URL;
  delete env.PETSTORE_CONFIG;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: home, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/** The JSON a command printed, after checking it succeeded. */
export const json = <T>(r: CliResult): T => {
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as T;
};

/** Exit status and error code of a refused command: in the JSON on stdout with `--json`, else at the end of the line on stderr. */
export const refusal = (r: CliResult) => [
  r.code,
  r.stdout ? (JSON.parse(r.stdout) as { error: { code: string } }).error.code : /\(([a-z_]+)\)\n$/.exec(r.stderr)?.[1],
];

/** `petstore users create EMAIL --password-stdin` on the database: the person a remote CLI signs in as. */
export async function createUserWithPassword(databaseUrl: string, email: string, password: string): Promise<void> {
  const code = await new Promise<number>((done) => {
    const child = spawn(process.execPath, [BIN, 'users', 'create', email, '--password-stdin'], {
      env: childEnv({ DATABASE_URL: databaseUrl }),
    });
    child.on('close', (c) => done(c ?? 1));
    child.stdin.end(`${password}\n`);
  });
  assert.equal(code, 0, `users create ${email}`);
}

/** An access token of the person, made through a signed-in session as the dashboard does. */
export async function accessToken(url: string, email: string, password: string, scope: 'read' | 'write'): Promise<string> {
  const headers = { 'content-type': 'application/json' };
  const session = await fetch(`${url}/api/v1/session`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  assert.equal(session.status, 200);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await fetch(`${url}/api/v1/tokens`, {
    method: 'POST',
    headers: { ...headers, cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ name: `test ${scope}`, scope }),
  });
  assert.equal(created.status, 201);
  return ((await created.json()) as { token: string }).token;
}
