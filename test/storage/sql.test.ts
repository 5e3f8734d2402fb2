import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../src/storage/database.js';
import { flag, int, sqlFor, time } from '../../src/storage/sql.js';

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
