import type pg from 'pg';
import type { SqliteDb } from '../../storage/sqlite/database.js';
import { MIGRATIONS_TABLE } from '../../storage/migrations.js';

/** How a column's values are carried and converted between engines. */
export type ColumnKind = 'int' | 'text' | 'bytes' | 'bool' | 'time' | 'real';

export interface TableShape {
  name: string;
  columns: { name: string; kind: ColumnKind }[];
  /** PostgreSQL: the serial column whose sequence hands out ids; SQLite: the rowid alias of an AUTOINCREMENT table. */
  serial: string | null;
}

/**
 * The schema's own records of its migrations, which no backup carries as rows (the header lists the migrations
 * instead): the migrations table, and `schema_migrations`, where releases before capabilities owned their
 * migrations recorded one global version (left in place for them; its versions are in the migrations table too).
 * A restore skips them in a backup that has them.
 */
export const SCHEMA_RECORDS: ReadonlySet<string> = new Set([MIGRATIONS_TABLE, 'schema_migrations']);

/**
 * The tables of a migrated database, read from the database itself (so a table a
 * capability adds is seen without being listed anywhere), in an order where each
 * table comes after those its foreign keys refer to, the schema's records left out (SCHEMA_RECORDS).
 */
export interface Schema {
  tables: TableShape[];
}

function inDependencyOrder(tables: TableShape[], refs: Map<string, Set<string>>): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableShape[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const dep of [...(refs.get(name) ?? [])].sort()) if (dep !== name && byName.has(dep)) visit(dep, path);
    done.add(name);
    const table = byName.get(name);
    if (table) out.push(table);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t.name, new Set());
  return out;
}

function sqliteKind(declared: string): ColumnKind {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'int';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'text';
  if (t === '' || t.includes('BLOB')) return 'bytes';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  return 'int';
}

export function sqliteSchema(db: SqliteDb): Schema {
  const rows = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`)
    .all()
    .filter((r) => !SCHEMA_RECORDS.has((r as { name: string }).name)) as { name: string; sql: string }[];
  const refs = new Map<string, Set<string>>();
  const tables = rows.map(({ name, sql }) => {
    const cols = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(name) as { name: string; type: string; pk: number }[];
    const fks = db.prepare(`SELECT "table" AS ref FROM pragma_foreign_key_list(?)`).all(name) as { ref: string }[];
    refs.set(name, new Set(fks.map((f) => f.ref)));
    const pk = cols.filter((c) => c.pk > 0);
    const serial = /\bAUTOINCREMENT\b/i.test(sql) && pk.length === 1 ? (pk[0]?.name ?? null) : null;
    return { name, columns: cols.map((c) => ({ name: c.name, kind: sqliteKind(c.type) })), serial };
  });
  return { tables: inDependencyOrder(tables, refs) };
}

function postgresKind(dataType: string): ColumnKind {
  if (['bigint', 'integer', 'smallint'].includes(dataType)) return 'int';
  if (dataType === 'bytea') return 'bytes';
  if (dataType === 'boolean') return 'bool';
  if (dataType === 'timestamp with time zone') return 'time';
  if (['double precision', 'real', 'numeric'].includes(dataType)) return 'real';
  return 'text';
}

export async function postgresSchema(client: pg.ClientBase): Promise<Schema> {
  const cols = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> ALL($1)
      ORDER BY c.table_name, c.ordinal_position`,
    [[...SCHEMA_RECORDS]],
  );
  const fks = await client.query<{ from_table: string; to_table: string }>(
    `SELECT f.relname AS from_table, t.relname AS to_table FROM pg_constraint c
       JOIN pg_class f ON f.oid = c.conrelid JOIN pg_class t ON t.oid = c.confrelid
      WHERE c.contype = 'f' AND f.relnamespace = current_schema()::regnamespace`,
  );
  const serials = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
  );
  const refs = new Map<string, Set<string>>();
  for (const f of fks.rows) {
    const set = refs.get(f.from_table) ?? new Set<string>();
    set.add(f.to_table);
    refs.set(f.from_table, set);
  }
  const tables = new Map<string, TableShape>();
  for (const c of cols.rows) {
    let t = tables.get(c.table_name);
    if (!t) tables.set(c.table_name, (t = { name: c.table_name, columns: [], serial: null }));
    t.columns.push({ name: c.column_name, kind: postgresKind(c.data_type) });
  }
  for (const s of serials.rows) {
    const t = tables.get(s.table_name);
    if (t) t.serial = s.column_name;
  }
  return { tables: inDependencyOrder([...tables.values()], refs) };
}

/** A quoted identifier (table and column names come from the schema, never from the file alone). */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;
