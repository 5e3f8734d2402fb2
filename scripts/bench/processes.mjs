// Starting, watching and stopping the processes under test, as a user would run them.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The executable of the build at `root` (this checkout's unless another build is compared, ab.mjs). */
const petstoreIn = (root = ROOT) => join(root, 'bin', 'petstore');
const BARE = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

/** Creates the database at `env.DATABASE_URL` and applies its migrations (`bin/petstore migrate`), as a user does first. */
export function petstoreMigrate(env, root) {
  execFileSync(process.execPath, [petstoreIn(root), 'migrate'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Runs `bin/petstore ARGS` (of the build at `root`, by default this checkout) and returns its stdout parsed as JSON. */
export function petstoreJson(args, env, root) {
  const out = execFileSync(process.execPath, [petstoreIn(root), ...args, '--json'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with code ${String(child.exitCode)} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no answer from ${url} within ${String(ms)} ms`);
}

/**
 * With WORKERS > 1, waits until /readyz counts every worker listening (`"workers": "2/2"`): /healthz answers as soon
 * as the first worker listens, and the others start after it. Measured before they listen, every connection of a
 * warm-up went to the first worker (only it was warmed) and a later round's went to both, one of them cold.
 */
async function waitForWorkers(base, child, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with code ${String(child.exitCode)} before its workers listened`);
    try {
      const body = await (await fetch(`${base}/readyz`)).json();
      const m = /^(\d+)\/(\d+)$/.exec(body.checks?.workers ?? '');
      if (!m || m[1] === m[2]) return;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the workers of ${base} were not all listening within ${String(ms)} ms`);
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * Starts `bin/petstore serve` on a free port with the given environment; its
 * logs (JSON, LOG_LEVEL as shipped unless overridden) go to `logFile`. With
 * `https`, its custom-domain listener (HTTPS_PORT) listens on another free port. `root`: the build to run
 * (another checkout's folder when builds are compared).
 */
export async function startService({ env, logFile, nodeArgs = [], https = false, root = ROOT }) {
  // A free port is found by listening on port 0 and closing it: another process starting at the same moment can
  // take it before this one listens. A start that fails only because its port was taken is tried again.
  for (let attempt = 1; ; attempt++) {
    const from = existsSync(logFile) ? statSync(logFile).size : 0;
    try {
      return await startServiceOnce({ env, logFile, nodeArgs, https, root });
    } catch (err) {
      const said = logTail(logFile, from);
      if (attempt < 3 && /is in use/.test(said)) continue;
      throw new Error(`${err instanceof Error ? err.message : String(err)}${said === '' ? '' : `; its log ends: ${said}`}`);
    }
  }
}

/** The last lines `logFile` got after offset `from`, on one line (what a process said before it stopped). */
function logTail(logFile, from) {
  try {
    const text = readFileSync(logFile).subarray(from).toString('utf8').trimEnd();
    return text.split('\n').slice(-3).join(' | ').slice(-600);
  } catch {
    return '';
  }
}

async function startServiceOnce({ env, logFile, nodeArgs, https, root }) {
  const port = await freePort();
  const httpsPort = https ? await freePort() : undefined;
  const log = openSync(logFile, 'a');
  // Run as a user runs it: the executable, whose first line gives node its flags (bin/petstore); extra flags as NODE_OPTIONS.
  // The child holds its own copy of the log's descriptor once spawned: this process's is closed.
  let child;
  try {
    child = spawn(petstoreIn(root), ['serve'], {
      env: {
        ...process.env,
        ...env,
        ...(nodeArgs.length === 0 ? {} : { NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...nodeArgs].join(' ').trim() }),
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(httpsPort === undefined ? {} : { HTTPS_PORT: String(httpsPort) }),
      },
      stdio: ['ignore', log, log],
      cwd: root,
    });
  } finally {
    closeSync(log);
  }
  const base = `http://127.0.0.1:${String(port)}`;
  try {
    // A start is seconds on a quiet machine; a shared one (CI, the smoke test beside other suites) took over 60 s.
    await waitForHttp(`${base}/healthz`, child, 180_000);
    await waitForWorkers(base, child, 180_000);
  } catch (err) {
    // A process that never answered is stopped too: the run would otherwise wait for it to end.
    child.kill('SIGKILL');
    throw err;
  }
  return { pid: child.pid, base, httpsPort, stop: stopper(child) };
}

/**
 * Starts the bare node:http server answering `bodyFile`'s bytes; with `tls`
 * ({ certFile, keyFile }), node:https with that certificate; with `headersFile`, the header fields it lists.
 */
export async function startBare(bodyFile, contentType, tls, headersFile) {
  const args = [BARE, bodyFile, contentType ?? 'application/json; charset=utf-8', ...(tls ? [tls.certFile, tls.keyFile] : [])];
  const env = headersFile ? { ...process.env, BARE_HEADERS: headersFile } : process.env;
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with code ${String(code)}`)));
  });
  return { pid: child.pid, base: `http://127.0.0.1:${String(port)}`, port, stop: stopper(child) };
}

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
}

/** A process and its descendants (a server with WORKERS > 1: its primary and workers), from /proc. */
export function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${String(all[i])}/task`)) {
        const children = readFileSync(`/proc/${String(all[i])}/task/${task}/children`, 'utf8').trim();
        if (children) all.push(...children.split(' ').map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return all;
}

/** CPU seconds of a process and its descendants; those that ended meanwhile are left out. */
export function treeCpuSeconds(pid) {
  let sum = 0;
  for (const p of processTree(pid)) {
    try {
      sum += cpuSeconds(p);
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

/** `watchRss` for a process and its descendants together: the highest sum of their RSS seen (MiB). */
export function watchTreeRss(pid) {
  return watchHighest(() => {
    let sum = 0;
    for (const p of processTree(pid)) sum += rssOrZero(p);
    return sum;
  });
}

/** Resident set size now and its peak (VmHWM) in MiB, from /proc/<pid>/status. */
export function memory(pid) {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Samples a process's RSS every 100 ms until stopped; returns the highest seen (MiB). */
export function watchRss(pid) {
  return watchHighest(() => rssOrZero(pid));
}

/** A process's RSS in MiB, 0 once it is gone (the highest seen so far stays). */
function rssOrZero(pid) {
  try {
    return memory(pid).rssMb;
  } catch {
    return 0;
  }
}

/** Samples `read` every 100 ms until the returned function is called; that returns the highest value seen. */
function watchHighest(read) {
  let max = read();
  const timer = setInterval(() => (max = Math.max(max, read())), 100);
  return () => {
    clearInterval(timer);
    return Math.max(max, read());
  };
}
