import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { openSqlite, migrateSqlite, type SqliteDb } from '../src/storage/sqlite/database.js';
import { SQLITE_MIGRATIONS } from '../src/storage/sqlite/migrations.js';
import { POSTGRES_MIGRATIONS } from '../src/storage/postgres/migrations.js';
import { openStore } from '../src/storage/open.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from './helpers/engines.js';

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
  if (sqliteType === 'INTEGER' && (name.endsWith('_at') || name.endsWith('_until'))) return 'timestamp with time zone';
  if (sqliteType === 'INTEGER' && column === 'orders.complete') return 'boolean';
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
    const indexes = db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number; origin: string }[];
    for (const ix of indexes) {
      const columns = (db.prepare(`PRAGMA index_info(${ix.name})`).all() as { name: string }[]).map((c) => c.name).join(',');
      if (ix.origin === 'u') schema.uniques.add(`${table}(${columns})`);
      if (ix.origin === 'c') schema.indexes.add(`${ix.name} ON ${table}(${columns})`);
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
    const columns = /\(([^)]*)\)$/.exec(ix.indexdef)?.[1]?.replace(/\s/g, '') ?? ix.indexdef;
    schema.indexes.add(`${ix.indexname} ON ${ix.tablename}(${columns})`);
  }
  return schema;
}

describe('migrations', () => {
  test('both engines have the same migration versions, names and order, numbered from 1 without gaps', () => {
    const versions = (list: { version: number; name: string }[]) => list.map((m) => `${String(m.version)} ${m.name}`);
    assert.deepEqual(versions(POSTGRES_MIGRATIONS), versions(SQLITE_MIGRATIONS));
    assert.deepEqual(
      SQLITE_MIGRATIONS.map((m) => m.version),
      SQLITE_MIGRATIONS.map((_, i) => i + 1),
    );
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
      const stores = await Promise.all(Array.from({ length: 5 }, () => openStore(db.url, { poolSize: 2 })));
      try {
        const latest = SQLITE_MIGRATIONS.at(-1)?.version;
        for (const s of stores) assert.equal(await s.schemaVersion(), latest);
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        try {
          const rows = await client.query<{ version: string }>('SELECT version::text FROM schema_migrations ORDER BY version');
          assert.deepEqual(
            rows.rows.map((r) => Number(r.version)),
            POSTGRES_MIGRATIONS.map((m) => m.version),
          );
        } finally {
          await client.end();
        }
      } finally {
        for (const s of stores) await s.close();
      }
    });

    test('the latest schema is the same on both engines: tables, columns, types, nullability, keys, indexes, seed row', async () => {
      const lite = openSqlite('sqlite::memory:');
      migrateSqlite(lite);
      const store = await openStore(db.url, { poolSize: 1 });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        assert.equal(await store.schemaVersion(), SQLITE_MIGRATIONS.at(-1)?.version);
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
      const store = await openStore(db.url, { poolSize: 1 });
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
