import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS_TABLE, SchemaTooNewError, type FeatureMigrations, type Migration } from '../../src/storage/migrations.js';
import { openStorage, type Storage } from '../../src/storage/open.js';
import { VERSION } from '../../src/version.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { rowsOf } from '../helpers/storage-sql.js';

/*
 * Expand and contract (docs/upgrading.md) on a capability of the test's own, on both engines: what
 * serve and migrate apply, what waits for --contract, what a new database gets, the release recorded
 * with each migration, the backup hook, and the refusal of a schema newer than the build.
 */

const m = (version: number, kind: Migration['kind'], sql: string, name = `step ${String(version)}`): Migration => ({
  version,
  name,
  sql,
  kind,
});
const fixture = (...ms: Migration[]): FeatureMigrations[] => [{ feature: 'upgrade_fixture', sqlite: ms, postgres: ms }];

const V1 = m(1, 'expand', 'CREATE TABLE upgrade_fixture (id INTEGER PRIMARY KEY, old_name TEXT)');
const V2 = m(2, 'expand', 'ALTER TABLE upgrade_fixture ADD COLUMN name TEXT');
const V3 = m(3, 'contract', 'ALTER TABLE upgrade_fixture DROP COLUMN old_name');
const V4 = m(4, 'expand', 'CREATE TABLE upgrade_fixture_more (id INTEGER PRIMARY KEY)');

const recorded = (s: Storage) =>
  rowsOf<{ version: number | string; release: string | null }>(s, `SELECT version, release FROM ${MIGRATIONS_TABLE} ORDER BY version`).then(
    (rows) => rows.map((r) => [Number(r.version), r.release]),
  );

describeEachEngine('expand and contract', (engine) => {
  let db: FreshDatabase;
  const opened: Storage[] = [];
  const open = async (migrations: FeatureMigrations[], options: Partial<Parameters<typeof openStorage>[1]> = {}) => {
    const s = await openStorage(db.url, { migrations, poolSize: 2, ...options });
    opened.push(s);
    return s;
  };
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
  });
  after(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    await db.drop();
  });

  test('a new database gets every migration, contract ones included, each recorded with this release', async () => {
    const fresh = await freshDatabase(engine.name, { onDisk: true });
    try {
      const s = await openStorage(fresh.url, { migrations: fixture(V1, V2, V3), poolSize: 1 });
      try {
        assert.deepEqual(
          s.migrated?.applied.map((x) => [x.version, x.kind]),
          [
            [1, 'expand'],
            [2, 'expand'],
            [3, 'contract'],
          ],
        );
        assert.equal(s.migrated?.isNew, true);
        assert.deepEqual(await recorded(s), [
          [1, VERSION],
          [2, VERSION],
          [3, VERSION],
        ]);
      } finally {
        await s.close();
      }
    } finally {
      await fresh.drop();
    }
  });

  test('on a database in use, serve and migrate apply expand migrations; a contract one waits, and later expand ones still run', async () => {
    await (await open(fixture(V1), { release: '1.0.5' })).close();
    let called: number[] = [];
    const s = await open(fixture(V1, V2, V3, V4), {
      beforeMigrating: async (apply) => {
        called = apply.map((x) => x.version);
      },
    });
    assert.deepEqual(called, [2, 4], 'the backup hook is told what will be applied, before it is');
    assert.deepEqual(
      s.migrated?.applied.map((x) => x.version),
      [2, 4],
    );
    assert.deepEqual(
      s.migrated?.waiting.map((x) => [x.version, x.kind]),
      [[3, 'contract']],
    );
    // The column the contract migration drops is still there for the release before.
    await rowsOf(s, 'INSERT INTO upgrade_fixture (id, old_name, name) VALUES (1, ?, ?)', ['old', 'new']);
    const state = await s.schema();
    assert.deepEqual(
      state.migrations.map((x) => [x.version, x.applied]),
      [
        [1, true],
        [2, true],
        [3, false],
        [4, true],
      ],
    );
    assert.equal(state.databaseVersion, VERSION);
    assert.deepEqual(await recorded(s), [
      [1, '1.0.5'],
      [2, VERSION],
      [4, VERSION],
    ]);
  });

  test('nothing to apply: the backup hook is not called; --contract applies what waits', async () => {
    let calls = 0;
    const hook = async () => void calls++;
    const again = await open(fixture(V1, V2, V3, V4), { beforeMigrating: hook });
    assert.deepEqual(again.migrated?.applied, []);
    assert.equal(calls, 0);
    const contracted = await open(fixture(V1, V2, V3, V4), { contract: true, beforeMigrating: hook });
    assert.deepEqual(
      contracted.migrated?.applied.map((x) => x.version),
      [3],
    );
    assert.equal(calls, 1);
    assert.deepEqual(
      (await contracted.schema()).migrations.filter((x) => !x.applied),
      [],
    );
  });

  test('a failing backup hook stops the migration: nothing is applied', async () => {
    const V5 = m(5, 'expand', 'CREATE TABLE upgrade_fixture_five (id INTEGER PRIMARY KEY)');
    await assert.rejects(
      open(fixture(V1, V2, V3, V4, V5), {
        beforeMigrating: () => Promise.reject(new Error('disk full')),
      }),
      /no backup could be written to BACKUP_DIR before migrating \(disk full\); nothing was migrated/,
    );
    const s = await open(fixture(V1, V2, V3, V4, V5), { migrate: false });
    assert.equal((await s.schema()).migrations.find((x) => x.version === 5)?.applied, false);
  });

  test('a build that does not know a recorded migration refuses: schema_too_new with both versions; a running instance keeps working', async () => {
    const running = await open(fixture(V1, V2, V3, V4));
    // A newer release adds a migration while this instance runs.
    const newer = await open(fixture(V1, V2, V3, V4, m(6, 'expand', 'CREATE TABLE upgrade_fixture_six (id INTEGER PRIMARY KEY)')), {
      release: '9.1.0',
    });
    assert.deepEqual(
      newer.migrated?.applied.map((x) => x.version),
      [6],
    );
    const state = await running.schema();
    assert.deepEqual(
      state.unknown.map((x) => [x.version, x.release]),
      [[6, '9.1.0']],
    );
    assert.equal(state.databaseVersion, '9.1.0');
    assert.deepEqual(await rowsOf(running, 'SELECT name FROM upgrade_fixture WHERE id = 1'), [{ name: 'new' }]);

    for (const options of [
      {},
      { migrate: true, contract: true },
      { beforeMigrating: async () => assert.fail('no backup: nothing is applied') },
    ]) {
      const refused = await open(fixture(V1, V2, V3, V4), options).then(
        () => assert.fail('opened a database a newer release migrated'),
        (err: unknown) => err,
      );
      assert.ok(refused instanceof SchemaTooNewError, String(refused));
      assert.equal(refused.message.split('\n').length, 1);
      assert.match(refused.message, /^schema_too_new: /);
      assert.match(refused.message, /Petstore 9\.1\.0/);
      assert.match(refused.message, new RegExp(`this build is Petstore ${VERSION.replace(/\./g, '\\.')}`));
      assert.match(refused.message, /upgrade_fixture 6 "step 6"/);
    }
  });

  test('a migrations table as 1.0.0 left it (no release column) is read and completed in place', async () => {
    const old = await freshDatabase(engine.name, { onDisk: true });
    try {
      const bare = await openStorage(old.url, { migrations: fixture(V1), migrate: false, poolSize: 1 });
      const at = engine.name === 'sqlite' ? Date.now() : new Date();
      const type = engine.name === 'sqlite' ? 'INTEGER' : 'TIMESTAMPTZ';
      await rowsOf(
        bare,
        `CREATE TABLE ${MIGRATIONS_TABLE} (feature TEXT NOT NULL, version ${engine.name === 'sqlite' ? 'INTEGER' : 'BIGINT'} NOT NULL, name TEXT NOT NULL, applied_at ${type} NOT NULL, PRIMARY KEY (feature, version))`,
      );
      await rowsOf(bare, V1.sql);
      await rowsOf(
        bare,
        `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at) VALUES ('upgrade_fixture', 1, 'step 1', ?)`,
        [at],
      );
      const before = await bare.schema();
      assert.deepEqual(
        before.migrations.map((x) => [x.version, x.applied, x.release]),
        [[1, true, null]],
      );
      assert.equal(before.databaseVersion, null);
      await bare.close();
      const s = await openStorage(old.url, { migrations: fixture(V1, V2), poolSize: 1 });
      try {
        assert.equal(s.migrated?.isNew, false);
        assert.deepEqual(await recorded(s), [
          [1, null],
          [2, VERSION],
        ]);
      } finally {
        await s.close();
      }
    } finally {
      await old.drop();
    }
  });
});

test('schema_too_new names a release to run only when the one that recorded the migration is newer than this build', () => {
  const state = (release: string | null) => ({
    migrations: [],
    unknown: [{ feature: 'deploys', version: 99, name: 'from elsewhere', release }],
    isNew: false,
    databaseVersion: release,
  });
  const newer = new SchemaTooNewError(state('9.0.0'), '1.1.0').message;
  assert.match(newer, /^schema_too_new: the database's schema is from Petstore 9\.0\.0 .*: run 9\.0\.0 or later/);
  for (const release of ['1.0.0', '1.1.0', null]) {
    const message = new SchemaTooNewError(state(release), '1.1.0').message;
    assert.match(message, /^schema_too_new: the database has deploys 99 "from elsewhere", which this build does not know/, message);
    assert.doesNotMatch(message, /or later/, message);
    assert.match(message, /this build is Petstore 1\.1\.0: run the build that migrated the database, or restore a backup/);
    assert.equal(message.split('\n').length, 1);
  }
  assert.match(
    new SchemaTooNewError(state('1.0.0'), '1.1.0').message,
    /recorded as applied by Petstore 1\.0\.0, a release that does not have it/,
  );
  assert.match(new SchemaTooNewError(state(null), '1.1.0').message, /which no release recorded/);
});
