import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MIGRATIONS_TABLE } from '../../src/storage/migrations.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { rowsOf } from '../helpers/storage-sql.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

interface Ready {
  status: string;
  version: string;
  schema: { status: string; databaseVersion: string | null; applied: number; pending: number };
}

/*
 * /readyz tells a load balancer and an operator which release answers and what it makes of the schema:
 * a newer release migrating the database does not take a running instance out of service.
 */
describeEachEngine('/readyz: the release and the schema', (engine) => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const ready = async () => {
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<Ready>();
  };
  const count = async () => (await rowsOf<{ n: number | string }>(h.storage, `SELECT count(*) AS n FROM ${MIGRATIONS_TABLE}`))[0]?.n;

  test('the version from package.json; the schema current, migrated by this release', async () => {
    const body = await ready();
    assert.equal(body.status, 'ready');
    assert.equal(body.version, PACKAGE_VERSION);
    assert.deepEqual(body.schema, { status: 'current', databaseVersion: PACKAGE_VERSION, applied: Number(await count()), pending: 0 });
  });

  test('a migration this release does not know (a newer one migrated the database): still ready, the schema "newer"', async () => {
    const at = engine.name === 'sqlite' ? Date.now() : new Date();
    await rowsOf(
      h.storage,
      `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at, release) VALUES ('pets', 99, 'later', ?, '9.0.0')`,
      [at],
    );
    try {
      const body = await ready();
      assert.equal(body.status, 'ready');
      assert.equal(body.schema.status, 'newer');
      assert.equal(body.schema.databaseVersion, '9.0.0');
      assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth })).statusCode, 200, 'it keeps serving');
    } finally {
      await rowsOf(h.storage, `DELETE FROM ${MIGRATIONS_TABLE} WHERE feature = 'pets' AND version = 99`);
    }
  });

  test('a migration of this release not recorded: the schema "pending"', async () => {
    const [row] = await rowsOf<Record<string, unknown>>(
      h.storage,
      `SELECT * FROM ${MIGRATIONS_TABLE} WHERE feature = 'backup' AND version = 1`,
    );
    await rowsOf(h.storage, `DELETE FROM ${MIGRATIONS_TABLE} WHERE feature = 'backup' AND version = 1`);
    try {
      const body = await ready();
      assert.equal(body.schema.status, 'pending');
      assert.equal(body.schema.pending, 1);
    } finally {
      await rowsOf(h.storage, `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at, release) VALUES (?, ?, ?, ?, ?)`, [
        row?.feature,
        row?.version,
        row?.name,
        row?.applied_at,
        row?.release,
      ]);
    }
    assert.equal((await ready()).schema.status, 'current');
  });
});
