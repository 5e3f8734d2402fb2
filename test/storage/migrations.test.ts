import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppStorage } from '../../src/features.js';
import { MIGRATIONS } from '../../src/features.js';
import { openSqlite, type SqliteDb } from '../../src/storage/sqlite/database.js';
import { migrateSqlite } from '../../src/storage/sqlite/migrate.js';
import { LEGACY_VERSIONS } from '../../src/storage/migrations.js';
import { openRepositories } from '../helpers/repositories.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';

/** One engine's schema in comparable terms: `table.column` → type and nullability, plus keys and indexes. */
interface Schema {
  columns: Map<string, { type: string; notNull: boolean }>;
  primaryKeys: Set<string>;
  uniques: Set<string>;
  foreignKeys: Set<string>;
  indexes: Set<string>;
}

/**
 * How a SQLite column type reads in PostgreSQL. SQLite stores times as epoch
 * milliseconds and flags as 0/1; PostgreSQL uses its own types for those.
 */
function postgresTypeFor(column: string, sqliteType: string): string {
  const name = column.split('.')[1] ?? '';
  if (sqliteType === 'INTEGER' && (name === 'at' || name.endsWith('_at') || name.endsWith('_until'))) return 'timestamp with time zone';
  if (
    sqliteType === 'INTEGER' &&
    [
      'orders.complete',
      'users.admin',
      'webhook_endpoints.enabled',
      'invitations.vouched',
      'passkeys.backed_up',
      'projects.production_protected',
    ].includes(column)
  )
    return 'boolean';
  const plain: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', BLOB: 'bytea' };
  return plain[sqliteType] ?? `no PostgreSQL equivalent for ${sqliteType}`;
}

function sqliteSchema(db: SqliteDb): Schema {
  const schema: Schema = { columns: new Map(), primaryKeys: new Set(), uniques: new Set(), foreignKeys: new Set(), indexes: new Set() };
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  for (const { name: table } of tables) {
    const cols = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string; notnull: number; pk: number }[];
    for (const c of cols) {
      schema.columns.set(`${table}.${c.name}`, {
        type: postgresTypeFor(`${table}.${c.name}`, c.type),
        notNull: c.notnull === 1 || c.pk > 0,
      });
    }
    const pk = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    schema.primaryKeys.add(`${table}(${pk.join(',')})`);
    const indexes = db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number; origin: string; partial: number }[];
    for (const ix of indexes) {
      const columns = (db.prepare(`PRAGMA index_info(${ix.name})`).all() as { name: string }[]).map((c) => c.name).join(',');
      if (ix.origin === 'u') schema.uniques.add(`${table}(${columns})`);
      if (ix.origin === 'c') schema.indexes.add(`${ix.name} ON ${table}(${columns})${ix.partial ? ' partial' : ''}`);
    }
    const fks = db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { table: string; from: string; to: string }[];
    for (const fk of fks) schema.foreignKeys.add(`${table}(${fk.from}) -> ${fk.table}(${fk.to})`);
  }
  return schema;
}

async function postgresSchema(client: pg.Client): Promise<Schema> {
  const schema: Schema = { columns: new Map(), primaryKeys: new Set(), uniques: new Set(), foreignKeys: new Set(), indexes: new Set() };
  const cols = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
  );
  for (const c of cols.rows) schema.columns.set(`${c.table_name}.${c.column_name}`, { type: c.data_type, notNull: c.is_nullable === 'NO' });
  const constraints = await client.query<{ kind: string; table_name: string; columns: string; ref: string | null }>(
    `SELECT c.contype AS kind, t.relname AS table_name,
            (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num) AS columns,
            CASE WHEN c.contype = 'f' THEN (SELECT r.relname || '(' || string_agg(a.attname, ',' ORDER BY k.ord) || ')'
               FROM unnest(c.confkey) WITH ORDINALITY k(num, ord) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num
               JOIN pg_class r ON r.oid = c.confrelid GROUP BY r.relname) END AS ref
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'f')`,
  );
  for (const c of constraints.rows) {
    if (c.kind === 'p') schema.primaryKeys.add(`${c.table_name}(${c.columns})`);
    if (c.kind === 'u') schema.uniques.add(`${c.table_name}(${c.columns})`);
    if (c.kind === 'f') schema.foreignKeys.add(`${c.table_name}(${c.columns}) -> ${String(c.ref)}`);
  }
  const indexes = await client.query<{ indexname: string; tablename: string; indexdef: string }>(
    `SELECT i.indexname, i.tablename, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const ix of indexes.rows) {
    // `… USING btree (a, b)`, with ` WHERE (…)` after it when the index is partial.
    const columns = /USING \w+ \(([^)]*)\)/.exec(ix.indexdef)?.[1]?.replace(/\s/g, '') ?? ix.indexdef;
    schema.indexes.add(`${ix.indexname} ON ${ix.tablename}(${columns})${/\) WHERE /.test(ix.indexdef) ? ' partial' : ''}`);
  }
  return schema;
}

const TOTAL = MIGRATIONS.reduce((n, f) => n + f.sqlite.length, 0);

describe('migrations', () => {
  test('each capability has the same migration versions, names and order on both engines, numbered from 1 without gaps', () => {
    const versions = (list: { version: number; name: string }[]) => list.map((m) => `${String(m.version)} ${m.name}`);
    assert.equal(new Set(MIGRATIONS.map((f) => f.feature)).size, MIGRATIONS.length, 'one migration list per capability');
    for (const f of MIGRATIONS) {
      assert.deepEqual(versions(f.postgres), versions(f.sqlite), f.feature);
      assert.deepEqual(
        f.sqlite.map((m) => m.version),
        f.sqlite.map((_, i) => i + 1),
        f.feature,
      );
    }
  });

  /** The schema as the release before capability migrations created it: one global version per change. */
  const legacySql = (engine: 'sqlite' | 'postgres', version: number) =>
    (LEGACY_VERSIONS[version] ?? [])
      .map((m) => MIGRATIONS.find((f) => f.feature === m.feature)?.[engine].find((x) => x.version === m.version)?.sql ?? '')
      .join('\n');

  test('a SQLite database from before capability migrations is adopted: nothing is run twice and its data stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-legacy-'));
    try {
      const url = `sqlite:${join(dir, 'petstore.db')}`;
      const old = openSqlite(url);
      old.exec(legacySql('sqlite', 1));
      old.exec(legacySql('sqlite', 2));
      old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
      old.exec("INSERT INTO schema_migrations VALUES (1, 'one', 0), (2, 'key bans', 0)");
      old.exec("INSERT INTO pets (project_id, name, category_id, status, created_at) VALUES (1, 'Old', 7, 'sold', 0)");
      old.close();
      const repos = await openRepositories(url);
      try {
        assert.equal((await repos.storage.applied()).length, TOTAL);
        assert.deepEqual(
          (await repos.pets.list(1, { limit: 10 })).map((p) => p.name),
          ['Old'],
        );
      } finally {
        await repos.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachEngine(
  'migrations kept in step',
  () => {
    let db: FreshDatabase;
    before(async () => {
      db = await freshPostgresDatabase();
    });
    after(() => db.drop());

    test('several instances migrating one database at once: each succeeds, every version applied once', async () => {
      const stores = await Promise.all(Array.from({ length: 5 }, () => openAppStorage({ databaseUrl: db.url, databasePoolSize: 2 })));
      try {
        for (const s of stores) assert.equal((await s.applied()).length, TOTAL);
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        try {
          const rows = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM feature_migrations');
          assert.equal(Number(rows.rows[0]?.n), TOTAL);
        } finally {
          await client.end();
        }
      } finally {
        for (const s of stores) await s.close();
      }
    });

    test('the latest schema is the same on both engines: tables, columns, types, nullability, keys, indexes, seed row', async () => {
      const lite = openSqlite('sqlite::memory:');
      migrateSqlite(lite, MIGRATIONS);
      const store = await openAppStorage({ databaseUrl: db.url, databasePoolSize: 1 });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        assert.equal((await store.applied()).length, TOTAL);
        const expected = sqliteSchema(lite);
        const actual = await postgresSchema(client);
        assert.deepEqual(Object.fromEntries([...actual.columns].sort()), Object.fromEntries([...expected.columns].sort()));
        assert.deepEqual([...actual.primaryKeys].sort(), [...expected.primaryKeys].sort());
        assert.deepEqual([...actual.uniques].sort(), [...expected.uniques].sort());
        assert.deepEqual([...actual.foreignKeys].sort(), [...expected.foreignKeys].sort());
        assert.deepEqual([...actual.indexes].sort(), [...expected.indexes].sort());
        const seedLite = lite.prepare('SELECT id, slug, plan, per_minute, per_day FROM projects').all();
        const seedPg = (await client.query('SELECT id::int, slug, plan, per_minute::int, per_day::int FROM projects')).rows;
        assert.deepEqual(seedPg, seedLite);
      } finally {
        lite.close();
        await client.end();
        await store.close();
      }
    });

    test('int8 columns read as exact bigints through the store without changing pg parsers for anyone else', async () => {
      const store = await openRepositories(db.url, { poolSize: 1 });
      try {
        const project = await store.projects.create('int8', 'free', { perMinute: 60, perDay: 1000 }, new Date());
        const now = new Date();
        const created = await store.pets.create(project.id, { name: 'Max', categoryId: 2n ** 63n - 1n, status: 'sold' }, now);
        assert.equal(created.kind, 'created');
        const [pet] = await store.pets.list(project.id, { limit: 1 });
        assert.equal(pet?.categoryId, 9223372036854775807n);
        assert.equal(typeof pet?.id, 'bigint');
        assert.equal(pg.types.getTypeParser(20)('9223372036854775807'), '9223372036854775807');
      } finally {
        await store.close();
      }
    });
  },
  { only: ['postgres'] },
);
