import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** What `run` gives back: a command that exits non-zero rejects with its output instead. */
export interface Ran {
  stdout: string;
  stderr: string;
}

/** Runs a command to its end within `timeoutMs`, rejecting (with the tail of its output) when it fails. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs: number; cwd?: string }): Promise<Ran> {
  return new Promise((done, fail) => {
    execFile(
      command,
      args,
      { env: options.env ?? process.env, cwd: options.cwd, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (!err) {
          done({ stdout, stderr });
          return;
        }
        const why = err.killed ? `timed out after ${String(options.timeoutMs)} ms` : `exited ${String(err.code)}`;
        fail(new Error(`${command} ${args.join(' ')} ${why}:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`));
      },
    );
  });
}

const found = (command: string) => !spawnSync(command, ['--version'], { stdio: 'ignore' }).error;

/** Why Docker cannot be used here, or null. Checked before anything starts. */
export function dockerMissing(): string | null {
  if (process.platform !== 'linux') return `the image is built on Linux only (this is ${process.platform})`;
  if (!found('docker')) return 'no docker command (apt-get install docker.io)';
  if (!found('debootstrap')) return 'no debootstrap, which builds the local base image (apt-get install debootstrap)';
  if (process.getuid?.() !== 0) return 'not root: dockerd and debootstrap need it';
  return null;
}

/** A Docker daemon to talk to: `env` carries DOCKER_HOST; `stop()` ends it when this test started it. */
export interface Daemon {
  env: NodeJS.ProcessEnv;
  /** True when this test started dockerd (its data root is the test's cache: it may prune it). */
  own: boolean;
  stop(): Promise<void>;
}

const answers = (env: NodeJS.ProcessEnv) =>
  run('docker', ['version', '--format', '{{.Server.Version}}'], { env, timeoutMs: 10_000 }).then(
    () => true,
    () => false,
  );

/** Mount points at or below `dir`, outermost first. */
function mountsUnder(dir: string): string[] {
  return readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point === dir || point.startsWith(`${dir}/`));
}

/** A dockerd process other than ours whose command line names this data root. */
function otherDaemonOn(root: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!args[0]?.endsWith('dockerd')) continue;
    if (args.some((a, i) => a === `--data-root=${root}` || (a === '--data-root' && args[i + 1] === root))) return Number(entry);
  }
  return null;
}

/**
 * The daemon the test uses: the one DOCKER_HOST (or the default socket) names when it answers; otherwise a
 * dockerd of its own, as this machine runs it (no iptables, no default bridge: containers use the host's
 * network), on a data root kept between runs (~/.cache/petstore/docker, PETSTORE_DOCKER_ROOT) so that the local
 * base image and the layers of earlier builds are there next time. Rejects, with the reason, when none can be had.
 */
export async function openDocker(): Promise<Daemon> {
  if (await answers(process.env)) return { env: process.env, own: false, stop: async () => undefined };
  if (!found('dockerd')) throw new Error('no dockerd (apt-get install docker.io)');
  const root = process.env.PETSTORE_DOCKER_ROOT ?? join(homedir(), '.cache/petstore/docker');
  const other = otherDaemonOn(root);
  if (other !== null) throw new Error(`dockerd ${String(other)} already uses ${root}: set DOCKER_HOST to its socket`);
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'petstore-docker-'));
  const log = join(dir, 'dockerd.log');
  const env = { ...process.env, DOCKER_HOST: `unix://${join(dir, 'docker.sock')}` };
  const proc: ChildProcess = spawn(
    'dockerd',
    [
      '--iptables=false',
      '--bridge=none',
      `--host=${env.DOCKER_HOST}`,
      `--pidfile=${join(dir, 'docker.pid')}`,
      `--exec-root=${join(dir, 'exec')}`,
      `--data-root=${root}`,
    ],
    { stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')] },
  );
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const late = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(late);
    }
    // dockerd leaves its network namespace mounted in its exec root (exec/netns/default).
    for (const mount of mountsUnder(dir).reverse()) spawnSync('umount', [mount], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  const tail = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) {
      const why = `dockerd exited ${String(proc.exitCode)}:\n${tail()}`;
      await stop();
      throw new Error(why);
    }
    if (await answers(env)) return { env, own: true, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`dockerd did not answer within 60 s:\n${tail()}`);
}

/** `docker compose` (v2) where it is installed, else Debian's `docker-compose` (v1), else null. */
export function composeCommand(env: NodeJS.ProcessEnv): string[] | null {
  if (spawnSync('docker', ['compose', 'version'], { env, stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  // Found on PATH rather than run: v1 is Python, and starting it takes seconds on a loaded machine.
  const onPath = (env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, 'docker-compose')));
  return onPath ? ['docker-compose'] : null;
}

/** Polls `probe` every 250 ms until it returns a value (not undefined) or `ms` pass; then rejects naming `what`. */
export async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not within ${String(ms / 1000)} s${last ? ` (last: ${String(last)})` : ''}`);
}
