import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../src/storage/database.js';
import { GroupCommit } from '../../src/storage/sqlite/group-commit.js';
import { CAPPED_LOCK_WAIT_MS, flag, int, sqlFor, time } from '../../src/storage/sql.js';

/** A PostgreSQL database that records the statements it is sent. */
function recordingPostgres() {
  const sent: { text: string; params: unknown[] }[] = [];
  const pg = {
    query: (text: string, params: unknown[]) => {
      sent.push({ text, params });
      return Promise.resolve({ rows: [{ n: 1n }], rowCount: 3 });
    },
  };
  return { database: { engine: 'postgres', pg } as unknown as Database, sent };
}

describe('sqlFor', () => {
  test('PostgreSQL gets ? rewritten to $1, $2, … in order, with the parameters unchanged', async () => {
    const { database, sent } = recordingPostgres();
    const sql = sqlFor(database);
    const at = new Date(0);
    assert.equal(await sql.run('UPDATE t SET a = ?, b = ? WHERE c = ? AND d = ?', [1, 'x', at, true]), 3);
    assert.deepEqual(sent[0], { text: 'UPDATE t SET a = $1, b = $2 WHERE c = $3 AND d = $4', params: [1, 'x', at, true] });
    assert.deepEqual(await sql.one('SELECT n FROM t WHERE id = ?', [5]), { n: 1n });
    assert.equal(sent[1]?.text, 'SELECT n FROM t WHERE id = $1');
    await sql.all('SELECT 1');
    assert.deepEqual(sent[2], { text: 'SELECT 1', params: [] });
    // The same text rewritten twice gives the same statement (it is cached, and numbering restarts per statement).
    await sql.run('UPDATE t SET a = ?, b = ? WHERE c = ? AND d = ?', [2, 'y', at, false]);
    assert.equal(sent[3]?.text, 'UPDATE t SET a = $1, b = $2 WHERE c = $3 AND d = $4');
  });

  test('SQLite keeps ?, stores Date as epoch milliseconds and booleans as 0/1, and reads integers as bigint', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    try {
      const sql = sqlFor({ engine: 'sqlite', sqlite } as unknown as Database);
      await sql.run('CREATE TABLE t (id INTEGER PRIMARY KEY, at INTEGER, ok INTEGER, big INTEGER)');
      assert.equal(await sql.run('INSERT INTO t (at, ok, big) VALUES (?, ?, ?)', [new Date(1234), true, 9223372036854775807n]), 1);
      const row = await sql.one<{ id: bigint; at: bigint; ok: bigint; big: bigint }>('SELECT * FROM t WHERE id = ?', [1]);
      assert.deepEqual(row, { id: 1n, at: 1234n, ok: 1n, big: 9223372036854775807n });
      assert.equal(await sql.one('SELECT * FROM t WHERE id = ?', [2]), null);
      assert.equal((await sql.all('SELECT * FROM t')).length, 1);
      assert.equal(time(row?.at ?? null)?.getTime(), 1234);
    } finally {
      sqlite.close();
    }
  });

  test('insertCapped on PostgreSQL: one transaction that locks the parent row first (waiting for it up to CAPPED_LOCK_WAIT_MS), counts in a later statement, then inserts', async () => {
    const sent: string[] = [];
    let count = 1n;
    const client = {
      query: (q: string | { text: string }) => {
        const text = typeof q === 'string' ? q : q.text;
        sent.push(text);
        return Promise.resolve({ rows: text.startsWith('SELECT COUNT') ? [{ n: count }] : [{ id: 7n }], rowCount: 1 });
      },
    };
    const pg = {
      query: () => Promise.reject(new Error('a statement outside the transaction')),
      transaction: async (fn: (c: typeof client) => Promise<unknown>) => {
        sent.push('BEGIN');
        const result = await fn(client);
        sent.push('COMMIT');
        return result;
      },
    };
    const sql = sqlFor({ engine: 'postgres', pg } as unknown as Database);
    const capped = {
      parent: { table: 'projects', id: 3 },
      count: ['SELECT COUNT(*) AS n FROM c WHERE p = ?', [3]] as const,
      limit: 2,
      insert: ['INSERT INTO c (p) VALUES (?) RETURNING id', [3]] as const,
      then: (row: { id: bigint }) => [['INSERT INTO d (c) VALUES (?)', [row.id]] as const],
    };
    assert.deepEqual(await sql.insertCapped(capped), { id: 7n });
    assert.deepEqual(sent, [
      'BEGIN',
      `SET LOCAL statement_timeout = ${String(CAPPED_LOCK_WAIT_MS)}`,
      'SELECT 1 FROM projects WHERE id = $1 FOR NO KEY UPDATE',
      'SET LOCAL statement_timeout TO DEFAULT',
      'SELECT COUNT(*) AS n FROM c WHERE p = $1',
      'INSERT INTO c (p) VALUES ($1) RETURNING id',
      'INSERT INTO d (c) VALUES ($1)',
      'COMMIT',
    ]);
    sent.length = 0;
    count = 2n;
    assert.equal(await sql.insertCapped(capped), 'at_limit');
    assert.deepEqual(sent, [
      'BEGIN',
      `SET LOCAL statement_timeout = ${String(CAPPED_LOCK_WAIT_MS)}`,
      'SELECT 1 FROM projects WHERE id = $1 FOR NO KEY UPDATE',
      'SET LOCAL statement_timeout TO DEFAULT',
      'SELECT COUNT(*) AS n FROM c WHERE p = $1',
      'COMMIT',
    ]);
  });

  test('insertCapped on SQLite: concurrent inserts stop at the limit; a row not inserted skips what follows it', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    try {
      const sql = sqlFor({ engine: 'sqlite', sqlite, writes: new GroupCommit(sqlite) } as unknown as Database);
      await sql.run('CREATE TABLE c (id INTEGER PRIMARY KEY, name TEXT UNIQUE)');
      await sql.run('CREATE TABLE d (c INTEGER)');
      const add = (name: string) =>
        sql.insertCapped<{ id: bigint }>({
          parent: { table: 'unused', id: 1 },
          count: ['SELECT COUNT(*) AS n FROM c', []],
          limit: 3,
          insert: ['INSERT INTO c (name) VALUES (?) ON CONFLICT (name) DO NOTHING RETURNING id', [name]],
          then: (row) => [['INSERT INTO d (c) VALUES (?)', [row.id]]],
        });
      const results = await Promise.all(['a', 'a', 'b', 'c', 'd', 'e'].map(add));
      assert.deepEqual(results, [{ id: 1n }, null, { id: 2n }, { id: 3n }, 'at_limit', 'at_limit']);
      assert.deepEqual(await sql.all('SELECT c FROM d ORDER BY c'), [{ c: 1n }, { c: 2n }, { c: 3n }]);
    } finally {
      sqlite.close();
    }
  });

  test('column readers take either engine’s representation', () => {
    assert.equal(int(5n), 5);
    assert.equal(int(5), 5);
    assert.equal(time(1234n).getTime(), 1234);
    const d = new Date(99);
    assert.equal(time(d), d);
    assert.equal(time(null), null);
    assert.deepEqual([flag(1n), flag(0n), flag(true), flag(false), flag(2)], [true, false, true, false, true]);
  });
});
