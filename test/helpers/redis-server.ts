import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const REDIS_SERVER = '/usr/bin/redis-server';

/** Whether this machine can start its own redis-server (CI must be able to). */
export function redisServerAvailable(): true | string {
  if (existsSync(REDIS_SERVER)) return true;
  const reason = `Redis outage tests skipped: ${REDIS_SERVER} not found (apt-get install redis-server to run them)`;
  if (process.env.CI === 'true') throw new Error(`${reason}; under CI=true they may not be skipped`);
  process.stderr.write(`# ${reason}\n`);
  return reason;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Starts a throw-away redis-server on 127.0.0.1:port and waits until it answers. Without `dir` it keeps
 * nothing. With `dir` it starts from what that folder holds (a restart with its data): with `keep:
 * 'every-change'` (the default) it appends every change to a file there before answering; with `keep:
 * 'snapshots'` only what the last `SAVE` wrote there is kept (a restart with data older than its last changes).
 */
export async function startRedisServer(
  port: number,
  options: { dir?: string; keep?: 'every-change' | 'snapshots' } = {},
): Promise<ChildProcess> {
  const persistence =
    options.dir === undefined
      ? ['--save', '', '--appendonly', 'no']
      : options.keep === 'snapshots'
        ? ['--dir', options.dir, '--save', '', '--appendonly', 'no']
        : ['--dir', options.dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'];
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', ...persistence], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    if (await answersPing(port)) return child;
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${String(port)}`);
}

export async function stopRedisServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Polls until `check` holds (at most `attempts` × 100 ms); returns whether it did. */
export async function eventually(check: () => Promise<boolean>, attempts = 100): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}
