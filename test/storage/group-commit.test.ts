import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageUnavailableError } from '../../src/storage/unavailable.js';
import { openSqlite } from '../../src/storage/sqlite/database.js';
import { GroupCommit } from '../../src/storage/sqlite/group-commit.js';

describe('group commit of SQLite writes', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  let other: Database.Database;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-group-commit-'));
    file = join(dir, 'db.sqlite');
    db = openSqlite(`sqlite:${file}`);
    db.exec('CREATE TABLE t (v TEXT NOT NULL UNIQUE)');
    // A second connection sees only what is committed.
    other = new Database(file);
  });
  after(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: string) => () => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).lastInsertRowid;
  const committed = () => other.prepare('SELECT v FROM t ORDER BY v').pluck().all() as string[];

  test('writes of one turn share a transaction, and each settles only after its commit', async () => {
    const writes = new GroupCommit(db);
    const seenByOther: string[][] = [];
    const a = writes.run(insert('a'));
    const b = writes.run(() => {
      insert('b')();
      // Same transaction as "a", not yet committed: the other connection sees neither.
      seenByOther.push(committed());
      return 'b done';
    });
    let settled = false;
    void Promise.all([a, b]).then(() => (settled = true));
    await Promise.resolve();
    assert.equal(settled, false, 'nothing settles before the batch commits');
    assert.equal(await b, 'b done');
    assert.equal(typeof (await a), 'number');
    assert.deepEqual(seenByOther, [[]]);
    assert.deepEqual(committed(), ['a', 'b'], 'both are committed when their promises resolve');
  });

  test('a write that throws is undone alone; the rest of its batch commits', async () => {
    const writes = new GroupCommit(db);
    const results = await Promise.allSettled([
      writes.run(insert('c')),
      writes.run(() => {
        insert('d')();
        insert('c')(); // UNIQUE violation: "d" must be undone with it
      }),
      writes.run(insert('e')),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.match(String((results[1] as PromiseRejectedResult).reason), /UNIQUE/);
    assert.deepEqual(committed(), ['a', 'b', 'c', 'e']);
  });

  test('a one-statement write that fails (run without a savepoint) is undone alone; the rest of its batch commits', async () => {
    const writes = new GroupCommit(db);
    const multi = db.prepare('INSERT INTO t (v) VALUES (?), (?)');
    const results = await Promise.allSettled([
      writes.run(insert('s1'), { oneStatement: true }),
      // One statement inserting two rows; the second violates UNIQUE, so neither row may stay.
      writes.run(() => multi.run('s2', 's1'), { oneStatement: true }),
      writes.run(insert('s3'), { oneStatement: true }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(
      committed().filter((v) => v.startsWith('s')),
      ['s1', 's3'],
      'the failed statement left nothing behind',
    );
    db.exec("DELETE FROM t WHERE v LIKE 's%'");
  });

  test('when the batch cannot commit, every write fails as storage unavailable and none is kept', async () => {
    const writes = new GroupCommit(db);
    db.pragma('busy_timeout = 20');
    other.exec('BEGIN IMMEDIATE'); // holds the write lock
    try {
      const results = await Promise.allSettled([writes.run(insert('f')), writes.run(insert('g'))]);
      for (const r of results) {
        assert.equal(r.status, 'rejected');
        assert.ok((r as PromiseRejectedResult).reason instanceof StorageUnavailableError);
      }
    } finally {
      other.exec('ROLLBACK');
      db.pragma('busy_timeout = 5000');
    }
    assert.deepEqual(committed(), ['a', 'b', 'c', 'e']);
  });

  test('flush commits queued writes at once (the store calls it before closing)', async () => {
    const writes = new GroupCommit(db);
    const h = writes.run(insert('h'));
    writes.flush();
    assert.deepEqual(committed(), ['a', 'b', 'c', 'e', 'h']);
    await h;
  });
});
