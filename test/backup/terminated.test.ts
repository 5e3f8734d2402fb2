import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { after, before, test } from 'node:test';
import { BackupSourceError, writeBackup } from '../../src/backup/file/writer.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { runCli } from '../helpers/processes.js';

/** A PostgreSQL backup whose connection the server ends part way (pg_terminate_backend): said as such, as JSON with --json. */
describeEachEngine(
  'a backup whose connection PostgreSQL ends',
  () => {
    let db: FreshDatabase;
    let admin: pg.Client;
    let dir: string;
    before(async () => {
      db = await freshDatabase('postgres');
      assert.equal((await runCli(['migrate'], db.url)).code, 0);
      admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      // Enough rows that reading them takes a while (a table of the operator's: a backup takes every table).
      await admin.query(`CREATE TABLE filler AS SELECT g AS id, repeat('x', 200) AS pad FROM generate_series(1, 300000) g`);
      dir = mkdtempSync(join(tmpdir(), 'petstore-terminated-backup-'));
    });
    after(async () => {
      await admin.end();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Ends the backup's connection once it reads rows through its cursor; resolves with how many it ended. */
    async function terminateWhenReading(timeoutMs = 20_000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'petstore-backup' AND query ILIKE 'FETCH%'`,
        );
        if ((rowCount ?? 0) > 0) return rowCount ?? 0;
        await new Promise((r) => setTimeout(r, 10));
      }
      return 0;
    }

    test('in the writer: a BackupSourceError that says the database ended the connection, and no file', async () => {
      let ended = false;
      const backup = writeBackup(db.url, join(dir, 'nightly.backup'), {
        leaveOut: new Set(),
        now: new Date(),
        progress: () => {
          if (ended) return;
          ended = true;
          void admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'petstore-backup'`,
          );
        },
      });
      await assert.rejects(backup, (err: unknown) => {
        assert.ok(err instanceof BackupSourceError, String(err));
        assert.equal(err.stage, 'read');
        assert.match(
          err.message,
          /^the database ended the backup's connection while it was being read \(terminating connection due to administrator command\); nothing was written/,
        );
        return true;
      });
      assert.deepEqual(readdirSync(dir), []);
    });

    test('petstore backup --json: exit 1 with the JSON error on stdout saying the connection was ended; plain: one line', async () => {
      for (const json of [true, false]) {
        const file = join(dir, `cli-${String(json)}.backup`);
        const [r, ended] = await Promise.all([runCli(['backup', file, ...(json ? ['--json'] : [])], db.url), terminateWhenReading()]);
        assert.equal(ended, 1, 'the backup was caught reading');
        assert.equal(r.code, 1, r.stdout + r.stderr);
        const expected =
          /^cannot back up postgres:\/\/[^ ]+: the database ended the backup's connection while it was being read \(terminating connection due to administrator command\); nothing was written: run it again once the database accepts connections$/;
        if (json) {
          assert.equal(r.stderr.replace(/^petstore: warning: SECRETS_KEY.*\n/m, ''), '');
          const { error } = JSON.parse(r.stdout) as { error: { code: string; message: string } };
          assert.equal(error.code, 'backup_not_written');
          assert.match(error.message, expected);
        } else {
          const lines = r.stderr.trim().split('\n');
          assert.equal(lines.length, 1, r.stderr);
          assert.match(lines[0]?.replace(/^petstore: /, '').replace(/ \(backup_not_written\)$/, '') ?? '', expected);
          assert.match(lines[0] ?? '', / \(backup_not_written\)$/);
        }
        assert.deepEqual(readdirSync(dir), [], 'nothing written');
      }
    });

    test('a database that cannot be opened: the JSON error with --json too', async () => {
      const missing = new URL(db.url);
      missing.pathname = '/petstore_test_no_such_database';
      const r = await runCli(['backup', join(dir, 'x.backup'), '--json'], missing.toString());
      assert.equal(r.code, 1, r.stderr);
      const { error } = JSON.parse(r.stdout) as { error: { code: string; message: string } };
      assert.equal(error.code, 'backup_not_written');
      assert.match(
        error.message,
        /^cannot open the database postgres:\/\/.*petstore_test_no_such_database: .*does not exist; nothing was written$/,
      );
    });
  },
  { only: ['postgres'] },
);
