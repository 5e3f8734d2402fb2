import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { runCli, tempDatabase } from '../helpers/processes.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describeEachEngine('the backup file', (engine) => {
  let dir: string;
  let db: FreshDatabase;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-backup-file-'));
    db = await freshDatabase(engine.name, { onDisk: true });
    assert.equal((await runCli(['migrate'], db.url)).code, 0);
  });
  after(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a link planted at the old partial name is never followed: the file it points to is untouched, the backup is 0600', async () => {
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'the planter wants this overwritten');
    const file = join(dir, 'nightly.backup');
    symlinkSync(victim, join(dir, '.nightly.backup.partial'));
    const r = await runCli(['backup', file, '--json'], db.url);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(victim, 'utf8'), 'the planter wants this overwritten');
    assert.ok(lstatSync(file).isFile(), 'the backup is a file of its own, not the link');
    assert.equal(mode(file), 0o600);
    assert.ok(readFileSync(file).subarray(0, 15).equals(Buffer.from('PETSTORE-BACKUP')));
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.endsWith('.partial') && n !== '.nightly.backup.partial'),
      [],
      'no partial file is left',
    );
  });

  test('a folder that does not exist: one line naming it, exit 1 backup_not_written, not the usage text; with --json on stdout', async () => {
    const r = await runCli(['backup', join(dir, 'missing', 'x.backup')], db.url);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /the folder .*missing does not exist.*\(backup_not_written\)$/m);
    assert.doesNotMatch(r.stderr, /Usage:/);
    const json = await runCli(['backup', join(dir, 'missing', 'x.backup'), '--json'], db.url);
    assert.equal(json.code, 1, json.stderr);
    assert.equal(json.stderr, '');
    const { error } = JSON.parse(json.stdout) as { error: { code: string; message: string } };
    assert.equal(error.code, 'backup_not_written');
    assert.match(error.message, /^cannot write .*x\.backup: the folder .*missing does not exist/);
  });

  test('without SECRETS_KEY the backup warns, in one line, that the generated key travels in it', async () => {
    const r = await runCli(['backup', join(dir, 'warned.backup')], db.url, { SECRETS_KEY: '' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^petstore: warning: SECRETS_KEY is not set: .*travels in this backup/);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    const keyed = await runCli(['backup', join(dir, 'keyed.backup')], db.url, { SECRETS_KEY: 'a secrets key of sixteen or more' });
    assert.equal(keyed.code, 0, keyed.stderr);
    assert.equal(keyed.stderr, '');
  });
});

describe('files the service creates', () => {
  test('a database restore or migrate makes is 0600, and so are its -wal and -shm', async () => {
    const previous = process.umask(0o022);
    const source = tempDatabase('petstore-mode-');
    const made = tempDatabase('petstore-mode-', { file: false });
    try {
      assert.equal((await runCli(['migrate'], source.url)).code, 0);
      const file = join(source.dir, 'x.backup');
      assert.equal((await runCli(['backup', file], source.url)).code, 0);
      const r = await runCli(['restore', file], made.url);
      assert.equal(r.code, 0, r.stderr);
      const path = made.url.slice('sqlite:'.length);
      assert.equal(mode(path), 0o600, 'the database restore created');
      const migrated = tempDatabase('petstore-mode-', { file: false });
      try {
        assert.equal((await runCli(['migrate'], migrated.url)).code, 0);
        assert.equal(mode(migrated.url.slice('sqlite:'.length)), 0o600, 'the database migrate created');
      } finally {
        migrated.cleanup();
      }
      // WAL files exist while a connection is open: open one and look.
      const { openSqlite } = await import('../../src/storage/sqlite/database.js');
      const open = openSqlite(made.url);
      try {
        open.prepare('SELECT COUNT(*) FROM projects').get();
        for (const side of ['-wal', '-shm']) {
          assert.ok(existsSync(path + side), side);
          assert.equal(mode(path + side), 0o600, side);
        }
      } finally {
        open.close();
      }
    } finally {
      process.umask(previous);
      source.cleanup();
      made.cleanup();
    }
  });

  test('BACKUP_DIR that is a file, or cannot be created, stops the start with one line (no stack)', async () => {
    const db = tempDatabase('petstore-backupdir-');
    try {
      assert.equal((await runCli(['migrate'], db.url)).code, 0);
      const file = join(db.dir, 'not-a-folder');
      writeFileSync(file, 'an operator file');
      for (const backupDir of [file, join(file, 'below')]) {
        const r = await runCli(['serve'], db.url, { BACKUP_DIR: backupDir, PORT: '0', HOST: '127.0.0.1' });
        assert.equal(r.code, 1, r.stderr);
        const lines = r.stderr.split('\n').filter((l) => l.startsWith('petstore:'));
        assert.equal(lines.length, 1, r.stderr);
        assert.match(lines[0] ?? '', /BACKUP_DIR .* is not a folder/);
        assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack');
      }
      assert.equal(readFileSync(file, 'utf8'), 'an operator file');
    } finally {
      db.cleanup();
    }
  });

  test('a full disk is reported as such, in one line (not as the database failing)', async (t) => {
    const mount = mkdtempSync(join(tmpdir(), 'petstore-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4k', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      rmSync(mount, { recursive: true, force: true });
      t.skip('no permission to mount a small tmpfs here');
      return;
    }
    const db = tempDatabase('petstore-full-db-');
    try {
      assert.equal((await runCli(['migrate'], db.url)).code, 0);
      const r = await runCli(['backup', join(mount, 'x.backup')], db.url, { SECRETS_KEY: 'a secrets key of sixteen or more' });
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, /the disk is full \(ENOSPC\)/);
      assert.doesNotMatch(r.stderr, /cannot open the database/);
      assert.deepEqual(readdirSync(mount), [], 'the partial file is removed');
    } finally {
      execFileSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
      db.cleanup();
    }
  });
});
