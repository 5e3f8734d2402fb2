import { execFile, type ExecFileOptions } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './redis-server.js';

/** Where Debian keeps a PostgreSQL's programs (initdb, pg_ctl and postgres are not on PATH there). */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], 'bin');
}

/**
 * Whether this machine can run a PostgreSQL cluster of the test's own (its programs, and root to run them as the
 * `postgres` user). CI must be able to: there a missing piece fails the run.
 */
export function privatePostgresAvailable(): true | string {
  const problem =
    binDir() === null
      ? 'no PostgreSQL server programs in /usr/lib/postgresql/*/bin (apt-get install postgresql)'
      : process.getuid?.() !== 0
        ? 'they run initdb as the postgres user, which needs root'
        : null;
  if (problem === null) return true;
  const reason = `tests with a PostgreSQL of their own skipped: ${problem}`;
  if (process.env.CI === 'true') throw new Error(`${reason}; under CI=true they may not be skipped`);
  process.stderr.write(`# ${reason}\n`);
  return reason;
}

function run(file: string, args: string[], options: ExecFileOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 60_000, ...options }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${file} ${args.join(' ')}: ${err.message}\n${String(stderr)}`));
      else resolve(String(stdout));
    });
  });
}

/** Runs one of the cluster's programs as the postgres user. */
const asPostgres = (program: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', join(binDir() ?? '', program), ...args]);

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/DATABASE */
  url(database?: string): string;
  port: number;
  /** `pg_ctl restart -m MODE`, waiting until it accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** SIGKILL to the postmaster (its children are left to notice), then a start once it can start. */
  killAndStart(): Promise<void>;
  /** pg_terminate_backend of every connection whose application_name starts with `prefix`; how many. */
  terminate(prefix: string): Promise<number>;
  /** One query on a connection of its own. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[], database?: string): Promise<R[]>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own: initdb into a temporary folder, run on a free port on 127.0.0.1 with its
 * socket in that folder, so a test may restart or kill it (never the machine's shared one). Trust authentication
 * for `postgres`; fsync off (the tests kill processes, never the machine).
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-pg-'));
  const data = join(dir, 'data');
  const socket = join(dir, 'socket');
  mkdirSync(socket);
  chownSync(dir, uid('postgres'), gid('postgres'));
  chownSync(socket, uid('postgres'), gid('postgres'));
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = [
    `-p ${String(port)}`,
    `-k ${socket}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c max_connections=60',
    '-c shared_buffers=32MB',
  ].join(' ');
  const ctl = (args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', ...args]);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${String(port)}/${database}`;
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = [], database?: string): Promise<R[]> => {
    const client = new pg.Client({ connectionString: url(database), application_name: 'petstore-test' });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const ready = async () => {
    for (let i = 0; i < 300; i++) {
      if (
        await query('SELECT 1').then(
          () => true,
          () => false,
        )
      )
        return;
      await sleep(50);
    }
    throw new Error(`the private PostgreSQL did not come back; its log:\n${readFileSync(join(dir, 'log'), 'utf8').slice(-3000)}`);
  };
  await ctl(['start']);
  await ready();
  return {
    url,
    port,
    restart: async (mode) => {
      await ctl(['restart', '-m', mode]);
      await ready();
    },
    killAndStart: async () => {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      // Its backends exit when they notice; until then the old shared memory is in use and a start is refused.
      for (let i = 0; ; i++) {
        const started = await ctl(['start']).then(
          () => true,
          () => false,
        );
        if (started) break;
        if (i === 100)
          throw new Error(`the private PostgreSQL did not start after SIGKILL:\n${readFileSync(join(dir, 'log'), 'utf8').slice(-3000)}`);
        await sleep(100);
      }
      await ready();
    },
    terminate: async (prefix) =>
      (
        await query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name LIKE $1 || '%' AND pid <> pg_backend_pid()`,
          [prefix],
        )
      )[0]?.n ?? 0,
    query,
    stop: async () => {
      await ctl(['stop', '-m', 'immediate']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function idOf(file: string, name: string): number {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (line === undefined) throw new Error(`no ${name} in ${file}`);
  return Number(line.split(':')[2]);
}
const uid = (name: string) => idOf('/etc/passwd', name);
const gid = (name: string) => idOf('/etc/group', name);
