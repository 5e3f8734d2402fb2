import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { createUnlimitedKey, runCli, startServer, type CliResult, type RunningServer } from '../helpers/processes.js';

/** The refusal `petstore backup … --json` printed: exit 1, `backup_not_written` on stdout, nothing on stderr. */
function refusal(r: CliResult): string {
  assert.equal(r.code, 1, `${r.stdout}${r.stderr}`);
  const { error } = JSON.parse(r.stdout) as { error: { code: string; message: string } };
  assert.equal(error.code, 'backup_not_written', error.message);
  return error.message;
}

async function createPet(server: RunningServer, key: string, name: string): Promise<bigint> {
  const res = await fetch(`${server.url}/v1/pets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return BigInt(((await res.json()) as { id: number }).id);
}

async function petNames(server: RunningServer, key: string): Promise<string[]> {
  const res = await fetch(`${server.url}/v1/pets?limit=100`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(res.status, 200);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
}

describeEachEngine('petstore backup never writes over what it must not', (engine) => {
  let db: FreshDatabase;
  let dir: string;
  let key: string;
  let server: RunningServer | undefined;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    dir = mkdtempSync(join(tmpdir(), 'petstore-live-target-'));
    key = await createUnlimitedKey(db.url, uniqueSlug('target'));
  });
  after(async () => {
    await server?.stop('SIGKILL');
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const partials = () => readdirSync(dir).filter((n) => n.endsWith('.partial'));

  if (engine.name === 'sqlite') {
    test('a server writing to the SQLite file: backing up onto that file (or its -wal, -shm, a link to it) is refused, and every write survives a restart', async () => {
      const file = db.url.slice('sqlite:'.length);
      server = await startServer({ DATABASE_URL: db.url });
      const written = ['Rex', 'Tom', 'Kit'];
      for (const name of written) await createPet(server, key, name);
      symlinkSync(file, join(dir, 'latest.db'));
      for (const target of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`, join(dir, 'latest.db')]) {
        for (const force of [[], ['--force']]) {
          const message = refusal(await runCli(['backup', target, ...force, '--json'], db.url));
          assert.match(message, /: it is the database('s| itself)/, `${target} ${force.join('')}`);
          assert.match(message, /write the backup to another file$/);
        }
      }
      const plain = await runCli(['backup', file], db.url);
      assert.equal(plain.code, 1);
      assert.match(
        plain.stderr,
        /^petstore: cannot write .*: it is the database itself \(DATABASE_URL sqlite:.*\): write the backup to another file \(backup_not_written\)$/m,
      );
      // The server kept its file: more writes, then a restart reads them all.
      for (const name of ['Max', 'Bob', 'Zed']) {
        await createPet(server, key, name);
        written.push(name);
      }
      assert.deepEqual(await server.stop(), { code: 0, signal: null });
      assert.ok(lstatSync(file).isFile());
      assert.ok(readFileSync(file).subarray(0, 16).equals(Buffer.from('SQLite format 3\0')), 'still a SQLite database');
      server = await startServer({ DATABASE_URL: db.url });
      assert.deepEqual(await petNames(server, key), written);
      assert.deepEqual(partials(), []);
      assert.deepEqual(
        readdirSync(join(file, '..')).filter((n) => n.endsWith('.partial')),
        [],
        'no partial file beside the database',
      );
    });
  }

  test('an existing file is replaced only with --force; a folder, a FIFO, a device (or a link to one) never', async () => {
    server ??= await startServer({ DATABASE_URL: db.url });
    const existing = join(dir, 'yesterday.backup');
    writeFileSync(existing, 'an operator file');
    const message = refusal(await runCli(['backup', existing, '--json'], db.url));
    assert.match(message, /: it already exists; nothing was written: pass --force to replace it$/);
    assert.equal(readFileSync(existing, 'utf8'), 'an operator file');
    const forced = await runCli(['backup', existing, '--force', '--json'], db.url);
    assert.equal(forced.code, 0, forced.stderr);
    assert.ok(readFileSync(existing).subarray(0, 15).equals(Buffer.from('PETSTORE-BACKUP')), 'replaced by the backup');

    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    assert.match(
      refusal(await runCli(['backup', folder, '--force', '--json'], db.url)),
      /: it is a folder: a backup is written to a regular file$/,
    );
    const fifo = join(dir, 'a-pipe');
    execFileSync('mkfifo', [fifo]);
    assert.match(refusal(await runCli(['backup', fifo, '--force', '--json'], db.url)), /: it is a named pipe \(FIFO\)/);
    assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO is still one');
    symlinkSync('/dev/null', join(dir, 'to-null'));
    assert.match(refusal(await runCli(['backup', join(dir, 'to-null'), '--force', '--json'], db.url)), /: it is a device/);
    assert.ok(lstatSync(join(dir, 'to-null')).isSymbolicLink(), 'the link is untouched');
    // A device node of the test's own (as root; where the container allows mknod), never the machine's.
    const device = join(dir, 'a-device');
    let made = false;
    try {
      execFileSync('mknod', [device, 'c', '1', '3'], { stdio: 'ignore' });
      made = true;
    } catch {
      // No permission to make device nodes: the link to /dev/null above stands for it.
    }
    if (made) {
      assert.match(refusal(await runCli(['backup', device, '--force', '--json'], db.url)), /: it is a device, not a regular file/);
      assert.ok(lstatSync(device).isCharacterDevice(), 'the device node is still one');
    }
    assert.deepEqual(partials(), [], 'a refused backup leaves nothing');
  });
});
