import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { TEST_PASSWORD_HASH_COST } from './hash-cost.js';

/** The CLI entry point; it runs the compiled output in dist/ (`npm test` builds it first). */
export const BIN = resolve(import.meta.dirname, '../../bin/petstore');

function assertBuilt(): void {
  if (!existsSync(resolve(import.meta.dirname, '../../dist/cli/main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` before tests that start bin/petstore');
  }
}

/** The environment of a process a test starts: this one's, with passwords hashed at the test cost, then `env`. */
export function childEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), ...env };
}

/**
 * A fresh directory with a new, empty SQLite database in it (an empty file, as a new PostgreSQL database is
 * empty: commands other than serve, migrate and restore create none, and migrate one that is there);
 * `{ file: false }`: the URL only, nothing created yet. `cleanup()` removes both.
 */
export function tempDatabase(prefix = 'petstore-test-', options: { file?: boolean } = {}): { dir: string; url: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = join(dir, 'db.sqlite');
  if (options.file ?? true) writeFileSync(path, '');
  return { dir, url: `sqlite:${path}`, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `bin/petstore ARGS` (or another release's `bin`) with DATABASE_URL set; never rejects on a non-zero exit. */
export function runCli(args: string[], databaseUrl: string, env: NodeJS.ProcessEnv = {}, bin = BIN): Promise<CliResult> {
  assertBuilt();
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: childEnv({ DATABASE_URL: databaseUrl, ...env }), timeout: 30_000 },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') {
          fail(err);
          return;
        }
        done({ code: err ? Number(err.code) : 0, stdout, stderr });
      },
    );
  });
}

/** Runs the CLI and parses its stdout as JSON, failing with stderr when it exits non-zero. */
export async function cliJson<T = Record<string, unknown>>(args: string[], databaseUrl: string): Promise<T> {
  const r = await runCli(args, databaseUrl);
  if (r.code !== 0) throw new Error(`petstore ${args.join(' ')} exited ${String(r.code)}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** Creates an enterprise project with quotas no test reaches, and a key on it. */
export async function createUnlimitedKey(databaseUrl: string, slug: string): Promise<string> {
  await cliJson(
    ['projects', 'create', slug, '--plan', 'enterprise', '--per-minute', '1000000', '--per-day', '100000000', '--json'],
    databaseUrl,
  );
  const created = await cliJson<{ key: string }>(['keys', 'create', '--project', slug, '--json'], databaseUrl);
  return created.key;
}

export type LogLine = Record<string, unknown> & { msg?: string };

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  proc: ChildProcess;
  /** Every JSON log line printed so far. */
  logs: LogLine[];
  /** Lines on stdout that were not JSON, and all of stderr. */
  otherOutput: string[];
  /** Resolves with the exit status once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first log line (already printed or future) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Sends a signal (SIGTERM by default) and waits for the exit; SIGKILLs after timeoutMs. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `bin/petstore serve` on 127.0.0.1 with a port picked by the OS (PORT=0),
 * reads the port from the "Server listening at" log line, and waits until
 * GET /healthz answers 200. `env` must name the DATABASE_URL. `bin`: another release's (see previous-release.ts);
 * `cwd`: the folder it runs in (this one by default).
 */
export async function startServer(
  env: NodeJS.ProcessEnv & { DATABASE_URL: string },
  startTimeoutMs = 20_000,
  bin = BIN,
  cwd?: string,
): Promise<RunningServer> {
  assertBuilt();
  const proc = spawn(process.execPath, [bin, 'serve'], {
    env: childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd === undefined ? {} : { cwd }),
  });
  const logs: LogLine[] = [];
  const otherOutput: string[] = [];
  const waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    proc.once('exit', (code, signal) => done({ code, signal }));
  });

  createInterface({ input: proc.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      otherOutput.push(text);
      return;
    }
    logs.push(line);
    for (const w of [...waiters]) {
      if (w.match(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  createInterface({ input: proc.stderr! }).on('line', (text) => otherOutput.push(text));

  const waitForLog = (match: (l: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> => {
    const found = logs.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LogLine>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`no matching log line within ${String(timeoutMs)} ms; output:\n${describe()}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (l) => {
          clearTimeout(timer);
          done(l);
        },
      });
      void exited.then(() => {
        clearTimeout(timer);
        fail(new Error(`server exited before the expected log line; output:\n${describe()}`));
      });
    });
  };
  const describe = () => [...logs.map((l) => JSON.stringify(l)), ...otherOutput].slice(-40).join('\n');

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000) => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
      const status = await exited;
      clearTimeout(timer);
      return status;
    }
    return exited;
  };

  try {
    const listening = await waitForLog(
      (l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening at http://127.0.0.1:'),
      startTimeoutMs,
    );
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(listening.msg))?.[1] ?? '';
    const port = Number(new URL(url).port);
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`GET /healthz did not answer 200; output:\n${describe()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { url, port, proc, logs, otherOutput, exited, waitForLog, stop };
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
}
