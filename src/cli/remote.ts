import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The server a remote command talks to, and the access token it sends. */
export interface RemoteSettings {
  url: string;
  token: string;
  /** Where they came from, for messages. */
  source: string;
  /** The person the token belongs to, as the login file recorded it (absent with PETSTORE_TOKEN). */
  email?: string;
}

/** The login file or the remote settings cannot be used: one line for the person, exit 1. */
export class RemoteSetupError extends Error {}

/**
 * The server answered something the CLI cannot read: HTML or truncated JSON where JSON was due, or JSON of
 * another shape (a proxy's page, another service, a broken server). One line, exit 1, never a stack trace.
 */
export class UnexpectedAnswer extends Error {
  constructor(origin: string, detail: string) {
    super(`unexpected answer from the server ${origin}: ${detail}`);
  }
}

/**
 * The command cannot run on this side: a remote command with neither a server signed in to nor a
 * database, or an operator command signed in to a server without a database named. One line, exit 2.
 */
export class WrongSide extends Error {}

const LOGIN_USAGE = 'petstore login --url URL --email EMAIL --password-stdin';

/** A remote command run with no server signed in to (and, for bin/petstore, no database to use instead). */
export const notSignedIn = (orLocal = '') => new WrongSide(`not signed in: run ${LOGIN_USAGE}${orLocal}`);

/** `$PETSTORE_CONFIG`, or `~/.config/petstore/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.PETSTORE_CONFIG || join(env.HOME || homedir(), '.config', 'petstore', 'config.json');
}

function checkedUrl(url: string, source: string): string {
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) throw new RemoteSetupError(`${source}: "${url}" is not an http(s) URL`);
  return url.replace(/\/+$/, '');
}

/**
 * Where remote commands go: `PETSTORE_URL` + `PETSTORE_TOKEN` when both are set,
 * else the login file; null when neither (the commands then use the database).
 * A login file others can read is refused, as ssh refuses a private key with
 * loose permissions: the token in it is a password.
 */
export function remoteSettings(env: NodeJS.ProcessEnv = process.env): RemoteSettings | null {
  if (env.PETSTORE_URL && env.PETSTORE_TOKEN) {
    return { url: checkedUrl(env.PETSTORE_URL, 'PETSTORE_URL'), token: env.PETSTORE_TOKEN, source: 'PETSTORE_URL' };
  }
  const path = configPath(env);
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new RemoteSetupError(`${path} cannot be read: ${(err as Error).message}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new RemoteSetupError(
      `${path} is readable by others (mode ${(mode & 0o777).toString(8).padStart(4, '0')}); it holds a token, so it is not used: run chmod 600 ${path}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new RemoteSetupError(`${path} is not valid JSON: run petstore login again (or delete the file)`);
  }
  const { url, token, email } = (parsed ?? {}) as { url?: unknown; token?: unknown; email?: unknown };
  if (typeof url !== 'string' || typeof token !== 'string' || token === '') {
    throw new RemoteSetupError(`${path} has no url and token: run petstore login again (or delete the file)`);
  }
  return { url: checkedUrl(url, path), token, source: path, ...(typeof email === 'string' ? { email } : {}) };
}
