import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanup } from '../helpers/cleanup.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { BIN, childEnv, startServer, type CliResult, type RunningServer } from '../helpers/processes.js';

/** `bin/petstore` in a folder, as an operator runs it there: DATABASE_URL only when given. */
function petstore(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const full = childEnv(env);
  if (env.DATABASE_URL === undefined) delete full.DATABASE_URL;
  return new Promise((done, fail) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: full, timeout: 30_000 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') fail(err);
      else done({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

const NOTE = 'data/petstore.db.moved';

async function eventually(what: string, ms: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`${what} within ${String(ms)} ms`);
    await sleep(50);
  }
}

const secretsKey = { SECRETS_KEY: 'the secrets key of this test, long enough' };

describeEachEngine('operator commands after the data moved to another database', (engine) => {
  const started = cleanup();
  let folder: string;
  let target: FreshDatabase;
  let server: RunningServer;
  let oldKeys: number;

  before(async () => {
    // As the README starts: the server's folder, with its default ./data/petstore.db and a key on it.
    folder = started.add(mkdtempSync(join(tmpdir(), 'petstore-moved-')), (dir) => rmSync(dir, { recursive: true, force: true }));
    assert.equal((await petstore(folder, ['migrate'])).code, 0);
    assert.equal((await petstore(folder, ['keys', 'create', '--name', 'before the move'])).code, 0);
    oldKeys = (JSON.parse((await petstore(folder, ['keys', 'list', '--json'])).stdout) as unknown[]).length;
    // The move (docs/operations.md): a backup here, a restore into the other database, the server started on it here.
    const backup = join(folder, 'move.backup');
    assert.equal((await petstore(folder, ['backup', backup], secretsKey)).code, 0);
    target = started.add(await freshDatabase(engine.name, { onDisk: true }), (d) => d.drop());
    const restored = await petstore(folder, ['restore', backup], { DATABASE_URL: target.url, ...secretsKey });
    assert.equal(restored.code, 0, restored.stderr);
    server = started.add(await startServer({ DATABASE_URL: target.url, ...secretsKey }, 20_000, undefined, folder), (s) => s.stop());
    await eventually('the note beside the old file', 5000, () => existsSync(join(folder, NOTE)));
  });
  after(() => started.run());

  test('a command without DATABASE_URL refuses with database_moved, naming the server’s database, and writes nothing', async () => {
    const r = await petstore(folder, ['keys', 'create', '--name', 'lost']);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /\(database_moved\)\n$/);
    assert.match(
      r.stderr,
      /\.\/data\/petstore\.db is the database from before a move: the server started here on \d{4}-\d{2}-\d{2} serves the same data from /,
    );
    const shown = engine.name === 'sqlite' ? target.url : target.url.replace(/^postgres(ql)?:\/\/[^@]*@/, '');
    assert.ok(r.stderr.includes(shown), `${r.stderr} names ${shown}`);
    assert.match(
      r.stderr,
      /Set DATABASE_URL to that database to run "keys create" on it \(or DATABASE_URL=sqlite:\.\/data\/petstore\.db to use the old file\)/,
    );
    const json = await petstore(folder, ['keys', 'list', '--json']);
    assert.equal(json.code, 1);
    assert.equal((JSON.parse(json.stdout) as { error: { code: string } }).error.code, 'database_moved');
    for (const args of [['migrate'], ['serve'], ['backup', join(folder, 'x.backup')], ['users', 'create', 'a@example.test']]) {
      const refused = await petstore(folder, args);
      assert.equal(refused.code, 1, `${args.join(' ')}: ${refused.stderr}`);
      assert.match(refused.stderr, /database_moved/);
    }
    const keys = await petstore(folder, ['keys', 'list', '--json'], { DATABASE_URL: `sqlite:./data/petstore.db` });
    assert.equal((JSON.parse(keys.stdout) as unknown[]).length, oldKeys, 'nothing was written to the old file');
  });

  test('with DATABASE_URL the command runs on the server’s database, and its key works there', async () => {
    const r = await petstore(folder, ['keys', 'create', '--json'], { DATABASE_URL: target.url });
    assert.equal(r.code, 0, r.stderr);
    const { key } = JSON.parse(r.stdout) as { key: string };
    const res = await fetch(`${server.url}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
  });

  test('the old file named by DATABASE_URL is used; serving it again removes the note', async () => {
    const old = { DATABASE_URL: 'sqlite:./data/petstore.db' };
    assert.equal((await petstore(folder, ['keys', 'list'], old)).code, 0);
    const note = JSON.parse(readFileSync(join(folder, NOTE), 'utf8')) as { databaseUrl: string; since: string };
    assert.ok(Date.parse(note.since) > 0, JSON.stringify(note));
    const again = await startServer(old, 20_000, undefined, folder);
    try {
      await eventually('the note removed', 5000, () => !existsSync(join(folder, NOTE)));
      assert.equal((await petstore(folder, ['keys', 'list'])).code, 0, 'commands here use the file again');
    } finally {
      await again.stop();
    }
  });
});

test('a server started beside ./data/petstore.db on another project’s database leaves no note', async () => {
  const started = cleanup();
  try {
    const folder = started.add(mkdtempSync(join(tmpdir(), 'petstore-not-moved-')), (dir) => rmSync(dir, { recursive: true, force: true }));
    assert.equal((await petstore(folder, ['migrate'])).code, 0);
    // Another database (a test's, another backup's), with a default project of its own.
    const other = started.add(await freshDatabase('sqlite', { onDisk: true }), (d) => d.drop());
    assert.equal((await petstore(folder, ['migrate'], { DATABASE_URL: other.url })).code, 0);
    started.add(await startServer({ DATABASE_URL: other.url }, 20_000, undefined, folder), (s) => s.stop());
    await sleep(1500);
    assert.equal(existsSync(join(folder, NOTE)), false);
    assert.equal((await petstore(folder, ['keys', 'list'])).code, 0);
  } finally {
    await started.run();
  }
});
