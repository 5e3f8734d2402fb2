import type { FeatureMigrations } from '../../storage/migrations.js';
import { migrateSqlite } from '../../storage/sqlite/migrate.js';
import { RestoreRefused } from './refusals.js';
import { ident, sqliteSchema, type Schema, type TableShape } from '../file/schema.js';

/** The rows a new database is seeded with, and the check that a target holds nothing else (a restore writes only into an empty one). */

/** The rows of a table as its text columns hold them, in an order of their own: what "the same rows" is compared on. */
export const fingerprint = (rows: unknown[][]) =>
  rows
    .map((r) => JSON.stringify(r))
    .sort()
    .join('\n');

/** A table a newly migrated database has rows in: its text columns, and those rows by them. */
export interface Seeded {
  columns: string[];
  rows: string;
}

/**
 * A database as this release creates it, migrated in memory: its schema, and the rows it already holds (the
 * `default` project), per table. A target holding those very rows there (compared on their text columns:
 * slug, plan…) and nothing elsewhere is "only migrated", and those rows give way to the backup's. A project
 * made by hand in their place is data.
 */
export async function newDatabase(migrations: readonly FeatureMigrations[]): Promise<{ schema: Schema; seeded: Map<string, Seeded> }> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(':memory:');
  try {
    migrateSqlite(db, migrations);
    const schema = sqliteSchema(db);
    const seeded = new Map<string, Seeded>();
    for (const t of schema.tables) {
      const n = (db.prepare(`SELECT COUNT(*) AS n FROM ${ident(t.name)}`).get() as { n: number }).n;
      if (n === 0) continue;
      const columns = t.columns.filter((c) => c.kind === 'text').map((c) => c.name);
      const rows =
        columns.length === 0
          ? []
          : (db
              .prepare(`SELECT ${columns.map(ident).join(', ')} FROM ${ident(t.name)}`)
              .raw(true)
              .all() as unknown[][]);
      seeded.set(t.name, { columns, rows: columns.length === 0 ? String(n) : fingerprint(rows) });
    }
    return { schema, seeded };
  } finally {
    db.close();
  }
}

export const seededRows = async (migrations: readonly FeatureMigrations[]) => (await newDatabase(migrations)).seeded;

/** Throws database_not_empty when a table holds rows other than those a new database is seeded with. */
export async function checkEmpty(
  tables: readonly TableShape[],
  seeded: Map<string, Seeded>,
  count: (table: string) => Promise<number>,
  textRows: (table: string, columns: string[]) => Promise<unknown[][]>,
): Promise<void> {
  const full: string[] = [];
  for (const t of tables) {
    const n = await count(t.name);
    if (n === 0) continue;
    const seed = seeded.get(t.name);
    const same = seed && (seed.columns.length === 0 ? String(n) : fingerprint(await textRows(t.name, seed.columns))) === seed.rows;
    if (!same) full.push(t.name);
  }
  if (full.length > 0) throw notEmpty(full);
}

export const notEmpty = (tables: string[]) =>
  new RestoreRefused(
    'database_not_empty',
    `The database already holds data (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}). Restore into a new database, or one that was only migrated; nothing was written.`,
  );
