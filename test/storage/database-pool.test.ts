import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openRepositories } from '../helpers/repositories.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';

describe('DATABASE_POOL_SIZE', () => {
  test('defaults to 10, takes a whole number from 1 to 1000, and names itself when wrong', () => {
    assert.equal(loadConfig({}).databasePoolSize, 10);
    assert.equal(loadConfig({ DATABASE_POOL_SIZE: ' 25 ' }).databasePoolSize, 25);
    for (const bad of ['0', '-1', '1.5', 'ten', '1001']) {
      assert.throws(
        () => loadConfig({ DATABASE_POOL_SIZE: bad }),
        (err: unknown) =>
          err instanceof ConfigError && err.problems.length === 1 && (err.problems[0] ?? '').startsWith('DATABASE_POOL_SIZE:'),
        bad,
      );
    }
  });
});

describeEachEngine(
  'PostgreSQL pool',
  () => {
    let db: FreshDatabase;
    before(async () => {
      db = await freshPostgresDatabase();
    });
    after(() => db.drop());

    test('an instance never holds more connections than its pool size, and every request still completes', async () => {
      const store = await openRepositories(db.url, { poolSize: 3 });
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        const project = await store.projects.create('pool', 'free', { perMinute: 60, perDay: 1000 }, new Date());
        const created = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            store.pets.create(project.id, { name: `p${String(i)}`, categoryId: BigInt(i), status: 'available' }, new Date()),
          ),
        );
        assert.equal(new Set(created.map((r) => (r.kind === 'created' ? r.pet.id : null))).size, 60);
        const res = await admin.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'petstore'",
        );
        const open = Number(res.rows[0]?.n);
        assert.ok(open >= 1 && open <= 3, `${String(open)} connections open`);
      } finally {
        await admin.end();
        await store.close();
      }
    });
  },
  { only: ['postgres'] },
);
