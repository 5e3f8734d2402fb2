import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { BIN, childEnv } from '../helpers/processes.js';

// What a user does on a new machine, many times over: `bin/petstore serve` run through its shebang (its
// V8 flags included) by the node first on PATH, in an empty folder, so every start creates and migrates a
// new ./data/petstore.db. A native abort at start or at exit (an engine built against another Node ABI, a
// statement finalised after its environment is gone) shows up as a signal, a non-zero exit or a message on stderr.
const STARTS = 20;
const MAX_INT64 = '9223372036854775807';
const ABORT = /Assertion failed|Aborted|core dumped|Segmentation fault|FATAL ERROR|node::|v8::/;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv): { proc: ReturnType<typeof spawn>; done: Promise<Run> } {
  const proc = spawn(BIN, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { proc, done };
}

async function listeningUrl(proc: ReturnType<typeof spawn>, exited: Promise<Run>): Promise<string> {
  const lines = createInterface({ input: proc.stdout! });
  const found = new Promise<string>((resolve) => {
    lines.on('line', (text) => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m?.[1]) resolve(m[1]);
    });
  });
  const failed = exited.then((r) => Promise.reject(new Error(`serve exited before listening: ${JSON.stringify(r)}`)));
  return Promise.race([found, failed]);
}

describe('bin/petstore on this Node, as a user starts it', () => {
  test(`${String(STARTS)} starts on fresh data folders: each answers, keeps an int64 exact, and stops with exit 0 on SIGTERM`, async () => {
    // The shebang says `env node`: the node running this test is the one it must find.
    const env = childEnv({ PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, PORT: '0', HOST: '127.0.0.1' });
    delete env.DATABASE_URL;
    for (let i = 1; i <= STARTS; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'petstore-start-'));
      try {
        const server = run(['serve'], dir, env);
        const url = await listeningUrl(server.proc, server.done);
        assert.ok(existsSync(join(dir, 'data', 'petstore.db')), 'serve creates ./data/petstore.db');

        const created = run(['keys', 'create', '--json'], dir, env);
        const keyRun = await created.done;
        assert.equal(keyRun.code, 0, `keys create (start ${String(i)}): ${keyRun.stderr}`);
        const key = (JSON.parse(keyRun.stdout) as { key: string }).key;
        const auth = { authorization: `Bearer ${key}` };

        const post = await fetch(`${url}/v1/pets`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: `{"name":"Rex","categoryId":${MAX_INT64}}`,
        });
        assert.equal(post.status, 201, `start ${String(i)}: ${await post.clone().text()}`);
        const list = await fetch(`${url}/v1/pets`, { headers: auth });
        assert.equal(list.status, 200);
        const body = await list.text();
        assert.match(body, new RegExp(`"categoryId":${MAX_INT64}[,}]`), `start ${String(i)}: the int64 comes back exact: ${body}`);

        server.proc.kill('SIGTERM');
        const exit = await server.done;
        assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, `start ${String(i)} exit: ${exit.stderr}`);
        assert.doesNotMatch(exit.stderr, ABORT, `start ${String(i)} printed a native error`);
        assert.doesNotMatch(keyRun.stderr, ABORT, `keys create ${String(i)} printed a native error`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
