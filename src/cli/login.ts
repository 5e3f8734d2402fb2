import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { CliCommand, CliContext } from '../feature.js';
import { parse, UsageError } from './args.js';
import { managementClient, overApi } from './management.js';
import { configPath, notSignedIn, RemoteSetupError, remoteSettings, UnexpectedAnswer } from './remote.js';
import { cliFetch, UnsafeAnswer } from './streaming-fetch.js';

/** One call of the session and token routes (not part of the token-authenticated client: they need the session). */
async function call(
  url: string,
  path: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  let res: Response;
  let text: string;
  try {
    // No redirect followed (the password or the token would go with it), and at most 16 MiB read.
    res = await cliFetch(`${url}/api/v1${path}`, init);
    text = await res.text();
  } catch (err) {
    if (err instanceof UnsafeAnswer) throw new RemoteSetupError(err.message);
    const cause = (err as Error).cause instanceof Error ? `: ${((err as Error).cause as Error).message}` : '';
    throw new RemoteSetupError(`cannot reach ${url}: ${(err as Error).message}${cause}`);
  }
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new RemoteSetupError(`${url} is not a Petstore server (it answered ${String(res.status)} without JSON)`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new UnexpectedAnswer(new URL(url).origin, `${String(res.status)} with JSON that is not an object`);
  }
  return { status: res.status, body: body as Record<string, unknown>, headers: res.headers };
}

const refusal = (url: string, what: string, answer: { status: number; body: Record<string, unknown> }) =>
  new RemoteSetupError(
    `${url} refused ${what}: ${String(answer.body.message ?? answer.status)} (${String(answer.body.code ?? answer.status)})`,
  );

/**
 * `login --url URL --email EMAIL --password-stdin`: signs in, creates a write
 * token named for this machine, signs the session out again, and keeps
 * `{url, email, token, tokenId}` in the login file (mode 0600).
 */
const loginCommand: CliCommand = {
  name: 'login',
  remote: true,
  session: true,
  usage: [
    'login --url URL --email EMAIL --password-stdin [--code CODE]',
    "                                        signs in to a server (CODE: the authenticator app's current code or a",
    '                                        recovery code, for a person who has one); later commands run there',
  ],
  async run(args, ctx) {
    const { values } = parse(
      args,
      { url: { type: 'string' }, email: { type: 'string' }, 'password-stdin': { type: 'boolean' }, code: { type: 'string' } },
      0,
    );
    if (!values.url || !values.email || !values['password-stdin']) throw new UsageError('login needs --url, --email and --password-stdin');
    if (!/^https?:\/\/[^/]/.test(values.url) || !URL.canParse(values.url))
      throw new UsageError(`--url "${values.url}" is not an http(s) URL`);
    const url = values.url.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    const password = readFileSync(0, 'utf8').replace(/\r?\n$/, '');
    const json = { 'content-type': 'application/json' };
    const signIn = { email: values.email, password, ...(values.code === undefined ? {} : { code: values.code }) };
    const session = await call(url, '/session', { method: 'POST', headers: json, body: JSON.stringify(signIn) });
    if (session.status === 401 && session.body.code === 'second_factor_required') {
      throw new RemoteSetupError(
        `${url} needs a second factor for ${values.email}: run login again with --code and the authenticator app's current code, or a recovery code (second_factor_required)`,
      );
    }
    if (session.status !== 200) throw refusal(url, 'the sign-in', session);
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const signedIn = { ...json, cookie, 'x-csrf-token': String(session.body.csrfToken) };
    const name = `petstore CLI on ${hostname()}`.slice(0, 100);
    const created = await call(url, '/tokens', { method: 'POST', headers: signedIn, body: JSON.stringify({ name, scope: 'write' }) });
    if (created.status !== 201) throw refusal(url, 'a new access token', created);
    await call(url, '/session', { method: 'DELETE', headers: { cookie, 'x-csrf-token': String(session.body.csrfToken) } });
    const path = configPath();
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    rmSync(path, { force: true });
    const saved = { url, email: values.email, token: created.body.token, tokenId: created.body.id };
    writeFileSync(path, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
    ctx.err(`signed in to ${url} as ${values.email}; token "${name}" kept in ${path}`);
  },
};

/** `logout`: revokes the login file's token on the server and deletes the file. */
const logoutCommand: CliCommand = {
  name: 'logout',
  remote: true,
  session: true,
  usage: ['logout                                  revokes the login token and deletes the login file'],
  async run(args, ctx) {
    parse(args, {}, 0);
    const path = configPath();
    const remote = remoteSettings({ ...process.env, PETSTORE_URL: '', PETSTORE_TOKEN: '' });
    if (!remote) {
      ctx.err(`not signed in (no ${path})`);
      return;
    }
    const { tokenId } = JSON.parse(readFileSync(path, 'utf8')) as { tokenId?: string };
    if (tokenId) {
      const answer = await call(remote.url, `/tokens/${encodeURIComponent(tokenId)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${remote.token}` },
      });
      // A token already revoked or expired (401) is as good as revoked.
      if (answer.status !== 204 && answer.status !== 401) throw refusal(remote.url, 'to revoke the token', answer);
    }
    rmSync(path, { force: true });
    ctx.err(`signed out of ${remote.url}; ${path} deleted`);
  },
};

/** `whoami [--json]` → `{email, url}`: the remote and the person its token belongs to, checked with the server. */
const whoamiCommand: CliCommand = {
  name: 'whoami',
  remote: true,
  usage: ['whoami [--json]                         the server and person remote commands use'],
  async run(args, ctx: CliContext) {
    const { values } = parse(args, { json: { type: 'boolean' } }, 0);
    const remote = ctx.remote();
    if (!remote) throw notSignedIn();
    const { email } = (await overApi(remote, () => managementClient(remote).getCurrentUser())).user;
    if (values.json) ctx.json({ email, url: remote.url });
    else ctx.out(`${email} on ${remote.url}`);
  },
};

export const loginCommands: CliCommand[] = [loginCommand, logoutCommand, whoamiCommand];
