import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { FeatureMigrations, Migration } from '../../src/storage/migrations.js';
import { MIGRATION_LOCK_WAIT_MS, MigrationLocksBusyError, migratePostgres } from '../../src/storage/postgres/migrate.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';

/*
 * A migration while the previous release serves (docs/upgrading.md): a table's lock held by a running
 * transaction makes the migration step back and try again, instead of waiting in the lock queue where
 * every query on that table would wait behind it, past the 900 ms bound requests have.
 */

const m = (version: number, sql: string): Migration => ({ version, name: `step ${String(version)}`, sql, kind: 'expand' });
const fixture = (...ms: Migration[]): FeatureMigrations[] => [{ feature: 'lock_fixture', sqlite: ms, postgres: ms }];
const V1 = m(1, 'CREATE TABLE lock_fixture (id BIGINT PRIMARY KEY, name TEXT); INSERT INTO lock_fixture VALUES (1, $$a$$)');
const V2 = m(
  2,
  'ALTER TABLE lock_fixture ADD COLUMN added TEXT;\nCREATE INDEX lock_fixture_added ON lock_fixture(added) -- trailing comment',
);
// The statement bound of the service's pool (src/storage/postgres/database.ts).
const REQUEST_BOUND_MS = 900;

describeEachEngine(
  'a migration waiting for a table in use',
  () => {
    let db: FreshDatabase;
    let pool: pg.Pool;
    let holder: pg.Client;
    let reader: pg.Client;

    before(async () => {
      db = await freshPostgresDatabase();
      pool = new pg.Pool({ connectionString: db.url, max: 2 });
      holder = new pg.Client({ connectionString: db.url });
      reader = new pg.Client({ connectionString: db.url, statement_timeout: REQUEST_BOUND_MS });
      await Promise.all([holder.connect(), reader.connect()]);
      await migratePostgres(pool, fixture(V1));
    });
    after(async () => {
      await Promise.allSettled([holder?.end(), reader?.end(), pool?.end()]);
      await db?.drop();
    });

    const columns = async () =>
      (
        await reader.query<{ column_name: string }>(
          "SELECT column_name FROM information_schema.columns WHERE table_name = 'lock_fixture' ORDER BY ordinal_position",
        )
      ).rows.map((r) => r.column_name);
    const recorded = async () =>
      (await reader.query<{ n: number }>("SELECT count(*)::int AS n FROM feature_migrations WHERE feature = 'lock_fixture'")).rows[0]?.n;

    test('a lock held longer than the budget: MigrationLocksBusyError, nothing applied, readers never wait out their bound', async () => {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM lock_fixture');
      let done = false;
      // Settled into a value at once: a rejection is looked at after the reads.
      const migrating = migratePostgres(pool, fixture(V1, V2), {}, 2000).then(
        () => undefined,
        (err: unknown) => err,
      );
      void migrating.finally(() => (done = true));
      // Reads of the table while the migration tries: each within the bound requests have.
      let reads = 0;
      while (!done) {
        await reader.query('SELECT * FROM lock_fixture');
        reads++;
        await new Promise((r) => setTimeout(r, 20));
      }
      const err = await migrating;
      assert.ok(err instanceof MigrationLocksBusyError, String(err));
      assert.match(err.message, /stayed in use by other transactions for 2 s .*nothing was migrated/);
      await holder.query('COMMIT');
      assert.ok(reads > 10, `${String(reads)} reads`);
      assert.deepEqual(await columns(), ['id', 'name']);
      assert.equal(await recorded(), 1);
    });

    test('the lock is released while it tries: the migration applies and is recorded, and no read waited out its bound', async () => {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM lock_fixture');
      let done = false;
      const migrating = migratePostgres(pool, fixture(V1, V2)).finally(() => (done = true));
      let reads = 0;
      const released = setTimeout(() => void holder.query('COMMIT'), 4 * MIGRATION_LOCK_WAIT_MS);
      try {
        while (!done) {
          await reader.query('SELECT * FROM lock_fixture');
          reads++;
          await new Promise((r) => setTimeout(r, 20));
        }
        const run = await migrating;
        assert.deepEqual(
          run.applied.map((a) => a.version),
          [2],
        );
      } finally {
        clearTimeout(released);
      }
      assert.ok(reads > 5, `${String(reads)} reads`);
      assert.deepEqual(await columns(), ['id', 'name', 'added']);
      assert.equal(await recorded(), 2);
    });
  },
  { only: ['postgres'] },
);
