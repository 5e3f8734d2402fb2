import assert from 'node:assert/strict';
import { test } from 'node:test';
import { leftOut } from '../../src/backup/coverage.js';
import { postgresSchema, sqliteSchema, type Schema } from '../../src/backup/file/schema.js';
import { FEATURES, openAppStorage } from '../../src/features.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';

async function migratedSchema(engine: 'sqlite' | 'postgres'): Promise<Schema> {
  const db = await freshDatabase(engine);
  const storage = await openAppStorage({ databaseUrl: db.url, databasePoolSize: 1 });
  try {
    const { database } = storage;
    if (database.engine === 'sqlite') return sqliteSchema(database.sqlite);
    const client = await database.pg.pool.connect();
    try {
      return await postgresSchema(client);
    } finally {
      client.release();
    }
  } finally {
    await storage.close();
    await db.drop();
  }
}

describeEachEngine('what backups cover', (engine) => {
  test('every table of the migrated schema is backed up or left out on purpose, and every exclusion names a table', async () => {
    const schema = await migratedSchema(engine.name);
    const tables = new Set(schema.tables.map((t) => t.name));
    const excluded = leftOut(FEATURES);
    for (const [table, { feature }] of excluded) assert.ok(tables.has(table), `${feature} leaves out ${table}, which does not exist`);
    // The backup reads its tables from the schema itself: what is not excluded is backed up. This pins the
    // exclusions, so leaving a table out is a decision someone makes here, with its reason in the feature.
    assert.deepEqual([...excluded.keys()].sort(), ['backup_lease', 'site_address', 'throttle_attempts']);
    for (const [table, { why }] of excluded) assert.ok(why.length > 20, `${table}: say why it is left out`);
  });

  test('tables come after the tables their foreign keys refer to, so a restore inserts them in file order', async () => {
    const schema = await migratedSchema(engine.name);
    const position = new Map(schema.tables.map((t, i) => [t.name, i]));
    for (const [before, after] of [
      ['projects', 'pets'],
      ['users', 'sessions'],
      ['deploy_blobs', 'deploy_files'],
      ['deploys', 'deploy_files'],
      ['events', 'webhook_deliveries'],
      ['webhook_deliveries', 'webhook_attempts'],
    ] as const) {
      assert.ok((position.get(before) ?? Infinity) < (position.get(after) ?? -1), `${before} before ${after}`);
    }
  });
});
