import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { targetRefusal } from '../../src/backup/file/target.js';

/** The guard itself, on paths made for each case (no database is opened: the rule is about paths and files). */
describe('where a backup may be written', () => {
  let dir: string;
  let database: string;
  let url: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-target-'));
    mkdirSync(join(dir, 'data'));
    database = join(dir, 'data', 'petstore.db');
    writeFileSync(database, 'the live database');
    writeFileSync(`${database}-wal`, 'its log');
    url = `sqlite:${database}`;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const problem = (file: string, force = false, databaseUrl = url) => targetRefusal(databaseUrl, file, force)?.problem ?? null;

  test('the SQLite database itself, however it is named: the same path, another spelling, a symbolic link, a hard link; with or without --force', () => {
    symlinkSync(database, join(dir, 'link-to-db'));
    linkSync(database, join(dir, 'hard-link-to-db'));
    symlinkSync(join(dir, 'data'), join(dir, 'data-link'));
    for (const file of [
      database,
      join(dir, 'data', '..', 'data', 'petstore.db'),
      join(dir, 'link-to-db'),
      join(dir, 'hard-link-to-db'),
      join(dir, 'data-link', 'petstore.db'),
    ]) {
      assert.equal(problem(file), 'database', file);
      assert.equal(problem(file, true), 'database', `${file} with --force`);
    }
    // A relative DATABASE_URL names the same file.
    const relative = `sqlite:${join(dir, 'data', '.', 'petstore.db')}`;
    assert.equal(problem(database, true, relative), 'database');
    assert.match(
      targetRefusal(url, database, true)?.reason ?? '',
      /^it is the database itself \(DATABASE_URL sqlite:.*\): write the backup to another file$/,
    );
  });

  test('its -wal, -shm and -journal, whether they exist now or not', () => {
    assert.equal(problem(`${database}-wal`, true), 'wal', 'the log, which exists');
    assert.equal(problem(`${database}-shm`, true), 'shm', 'the index, which does not exist now');
    assert.equal(problem(`${database}-journal`, true), 'journal');
    assert.equal(problem(join(dir, 'data-link', 'petstore.db-journal'), true), 'journal', 'through a linked folder');
    symlinkSync(`${database}-wal`, join(dir, 'link-to-wal'));
    assert.equal(problem(join(dir, 'link-to-wal'), true), 'wal');
    assert.match(targetRefusal(url, `${database}-wal`, true)?.reason ?? '', /write-ahead log/);
  });

  test('anything that exists and is not a regular file, followed through links: a folder, a device, a FIFO, a socket', async () => {
    assert.equal(problem(dir, true), 'folder');
    assert.equal(problem('/dev/null', true), 'device');
    assert.equal(problem('/dev/full', true), 'device');
    symlinkSync('/dev/null', join(dir, 'link-to-device'));
    assert.equal(problem(join(dir, 'link-to-device'), true), 'device');
    symlinkSync(dir, join(dir, 'link-to-folder'));
    assert.equal(problem(join(dir, 'link-to-folder'), true), 'folder');
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    assert.equal(problem(join(dir, 'pipe'), true), 'fifo');
    const socket = join(dir, 'socket');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      assert.equal(problem(socket, true), 'socket');
    } finally {
      server.close();
    }
    assert.match(targetRefusal(url, '/dev/full', true)?.reason ?? '', /^it is a device, not a regular file/);
  });

  test('an existing regular file only with --force; a new name, and a link that points nowhere, are fine', () => {
    const existing = join(dir, 'yesterday.backup');
    writeFileSync(existing, 'an older backup');
    assert.equal(problem(existing), 'exists');
    assert.equal(problem(existing, true), null);
    assert.equal(problem(join(dir, 'new.backup')), null);
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    assert.equal(problem(join(dir, 'dangling')), 'exists', 'the link itself exists');
    assert.equal(problem(join(dir, 'dangling'), true), null);
  });

  test('PostgreSQL: no file is the database, the file rules still hold', () => {
    const postgres = 'postgres://postgres@127.0.0.1:5432/x';
    assert.equal(problem(database, true, postgres), null, 'a file named like a SQLite database is a file like any other');
    assert.equal(problem(database, false, postgres), 'exists');
    assert.equal(problem('/dev/null', true, postgres), 'device');
    assert.equal(problem(dir, true, postgres), 'folder');
  });
});
