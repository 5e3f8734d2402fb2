import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BIN, childEnv, tempDatabase } from '../helpers/processes.js';

// A container's `docker stop` right after `docker start`, or a service manager stopping a start it gave up on: the
// signal arrives while the app is being built (the database opened and migrated). It must stop the server as soon as
// the app is built and exit 0, not kill the process by the signal's default action (nor, as a container's PID 1, be
// ignored). Migrations run synchronously, so the handler may run only once the server listens: then it drains at once.
describe('serve stopped while it starts', () => {
  test('a SIGTERM while the database is being created and migrated stops it once the app is built, exit 0', async () => {
    const db = tempDatabase('petstore-signal-start-', { file: false });
    const file = db.url.slice('sqlite:'.length);
    const proc = spawn(process.execPath, [BIN, 'serve'], {
      env: childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: db.url }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      proc.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      // The database file appears when the app starts opening it: the signal comes in the middle of the start.
      const deadline = Date.now() + 20_000;
      while (!existsSync(file) && proc.exitCode === null && Date.now() < deadline) await sleep(2);
      assert.ok(existsSync(file), `serve did not create ${file} within 20 s: ${output}`);
      proc.kill('SIGTERM');
      const bound = new AbortController();
      const exit = await Promise.race([
        exited,
        sleep(15_000, 'timeout' as const, { signal: bound.signal }).catch(() => 'timeout' as const),
      ]);
      bound.abort();
      assert.notEqual(exit, 'timeout', `serve did not exit within 15 s of a SIGTERM while starting: ${output}`);
      assert.deepEqual(exit, { code: 0, signal: null }, output);
      assert.match(output, /"stopped"/);
      assert.ok(existsSync(join(db.dir, 'db.sqlite')));
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
      db.cleanup();
    }
  });
});
