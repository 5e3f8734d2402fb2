import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/storage/sqlite/database.js';
import { ReadCache } from '../../src/storage/sqlite/read-cache.js';
import { openRepositories, type Repositories } from '../helpers/repositories.js';

/** The next event-loop turn: the read cache asks SQLite about other connections' commits once per turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SQLite read cache: never older than the last commit before the turn began', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  let other: Database.Database;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-read-cache-'));
    file = join(dir, 'db.sqlite');
    db = openSqlite(`sqlite:${file}`);
    db.exec('CREATE TABLE t (v TEXT NOT NULL)');
    other = openSqlite(`sqlite:${file}`);
  });
  after(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A cached read of the table on `db` that counts how often it really reads. */
  function cachedRead(budget = 1 << 20) {
    const cache = new ReadCache<string>(db, budget, (v) => v.length);
    const select = db.prepare("SELECT group_concat(v, ',') FROM t").pluck();
    let reads = 0;
    return {
      get: (key = 'all') =>
        cache.get(key, () => {
          reads += 1;
          return (select.get() as string | null) ?? '';
        }),
      reads: () => reads,
    };
  }

  test('repeated reads with no commit in between are served from memory', () => {
    const r = cachedRead();
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
    assert.equal(r.get(), 'a');
    assert.equal(r.get(), 'a');
    assert.equal(r.get(), 'a');
    assert.equal(r.reads(), 1);
  });

  test("a commit on the cache's own connection is seen at the next read", () => {
    const r = cachedRead();
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
    assert.equal(r.get(), 'a');
    db.prepare('INSERT INTO t VALUES (?)').run('b');
    assert.equal(r.get(), 'a,b');
    db.transaction(() => db.prepare('UPDATE t SET v = ? WHERE v = ?').run('c', 'a'))();
    assert.equal(r.get(), 'c,b');
    assert.equal(r.reads(), 3);
  });

  test('a commit by another connection (another process, the CLI) is seen from the next event-loop turn on', async () => {
    const r = cachedRead();
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
    await nextTurn();
    assert.equal(r.get(), 'a');
    other.prepare('INSERT INTO t VALUES (?)').run('x');
    await nextTurn();
    assert.equal(r.get(), 'a,x');
    other.prepare('DELETE FROM t WHERE v = ?').run('a');
    await nextTurn();
    assert.equal(r.get(), 'x');
    assert.equal(r.get(), 'x');
    assert.equal(r.reads(), 3);
  });

  test("within one turn another connection's commit is read once, at the turn's first read", async () => {
    const r = cachedRead();
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
    await nextTurn();
    other.prepare('INSERT INTO t VALUES (?)').run('x');
    // The first read of a turn asks SQLite; requests read later in the turn arrived before it began.
    assert.equal(r.get(), 'a,x');
    other.prepare('INSERT INTO t VALUES (?)').run('y');
    assert.equal(r.get(), 'a,x');
    // A commit on the cache's own connection is always seen at once.
    db.prepare('INSERT INTO t VALUES (?)').run('z');
    assert.equal(r.get(), 'a,x,y,z');
    await nextTurn();
    other.prepare('DELETE FROM t WHERE v = ?').run('z');
    assert.equal(r.get(), 'a,x,y');
    assert.equal(r.reads(), 3);
  });

  test('a change made by a statement that returns rows (get, all, iterate) or by exec is seen at the next read', () => {
    const r = cachedRead();
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
    assert.equal(r.get(), 'a');
    assert.equal(db.prepare('INSERT INTO t VALUES (?) RETURNING v').pluck().get('b'), 'b');
    assert.equal(r.get(), 'a,b');
    assert.deepEqual(db.prepare('UPDATE t SET v = upper(v) WHERE v = ? RETURNING v').pluck().all('a'), ['A']);
    assert.equal(r.get(), 'A,b');
    const deleting = db.prepare('DELETE FROM t WHERE v = ? RETURNING v').pluck().iterate('b');
    assert.equal(deleting.next().value, 'b');
    assert.equal(deleting.next().done, true);
    assert.equal(r.get(), 'A');
    db.exec("UPDATE t SET v = 'e'");
    assert.equal(r.get(), 'e');
    assert.equal(r.reads(), 5);
  });

  test('on a connection not opened by openSqlite, its own changes are found by asking SQLite', () => {
    const plain = new Database(file);
    try {
      const cache = new ReadCache<string>(plain, 1 << 20, (v) => v.length);
      const select = plain.prepare("SELECT group_concat(v, ',') FROM t").pluck();
      const read = () => cache.get('all', () => (select.get() as string | null) ?? '');
      plain.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
      assert.equal(read(), 'a');
      plain.prepare('INSERT INTO t VALUES (?)').run('p');
      assert.equal(read(), 'a,p');
    } finally {
      plain.close();
    }
  });

  test('an uncommitted write elsewhere changes nothing; its rollback neither', () => {
    const r = cachedRead();
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('a')");
    assert.equal(r.get(), 'a');
    other.exec('BEGIN IMMEDIATE');
    other.prepare('INSERT INTO t VALUES (?)').run('pending');
    assert.equal(r.get(), 'a');
    other.exec('ROLLBACK');
    assert.equal(r.get(), 'a');
    assert.equal(r.reads(), 1);
  });

  test('the budget bounds what is kept: oldest results go first; a result larger than the budget is not kept', () => {
    db.exec("DELETE FROM t; INSERT INTO t VALUES ('abcdefgh')");
    // Each entry costs its key (2 characters) plus 8 characters of value.
    const r = cachedRead(25);
    r.get('k1');
    r.get('k2');
    assert.equal(r.reads(), 2);
    r.get('k3'); // 30 > 25: k1 is dropped
    r.get('k2');
    r.get('k3');
    assert.equal(r.reads(), 3);
    r.get('k1');
    assert.equal(r.reads(), 4);
    const tiny = cachedRead(5);
    tiny.get('k1');
    tiny.get('k1');
    assert.equal(tiny.reads(), 2);
  });
});

describe('pet pages and pets read through the cache stay exact across connections', () => {
  let dir: string;
  let a: Repositories;
  let b: Repositories;
  let projectId: number;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-read-cache-store-'));
    const url = `sqlite:${join(dir, 'petstore.db')}`;
    a = await openRepositories(url);
    b = await openRepositories(url);
    projectId = (await a.projects.create('cache', 'free', { perMinute: 60, perDay: 1000 }, new Date())).id;
  });
  after(async () => {
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (store: Repositories, status?: 'sold') =>
    (JSON.parse((await store.pets.listJson(projectId, { limit: 50, status })).json) as { name: string }[]).map((p) => p.name);

  test('a pet created by this process or by another one is in the next page read, and readable by id', async () => {
    const now = new Date();
    assert.deepEqual(await names(a), []);
    await a.pets.create(projectId, { name: 'own', categoryId: 1n, status: 'sold' }, now);
    assert.deepEqual(await names(a), ['own']);
    assert.deepEqual(await names(a, 'sold'), ['own']);
    const created = await b.pets.create(projectId, { name: 'other', categoryId: 2n, status: 'sold' }, now);
    assert.equal(created.kind, 'created');
    assert.deepEqual(await names(a), ['own', 'other']);
    assert.deepEqual(await names(a, 'sold'), ['own', 'other']);
    const id = created.kind === 'created' ? created.pet.id : 0n;
    assert.equal(await a.pets.getJson(projectId, id + 1n), null);
    await b.pets.create(projectId, { name: 'third', categoryId: 3n, status: 'available' }, now);
    assert.match((await a.pets.getJson(projectId, id + 1n)) ?? '', /"name":"third"/);
    assert.deepEqual(await names(a, 'sold'), ['own', 'other']);
  });
});
