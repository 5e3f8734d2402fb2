import type { Statement } from 'better-sqlite3';
import type { SqliteDb } from '../../storage/sqlite/database.js';
import { type TableStart } from '../file/format.js';
import type { OnRows } from '../progress.js';
import { readBackup, type VerifiedBackup } from '../file/reader.js';
import type { ReleaseFacts } from '../release.js';
import { ident, SCHEMA_RECORDS, sqliteSchema } from '../file/schema.js';
import { invalid } from './refusals.js';
import { checkCounter, highest, match, naming } from './checks.js';
import { checkEmpty, seededRows } from './seeded.js';
import { checkValues, toSqlite } from './values.js';

export async function restoreSqlite(
  db: SqliteDb,
  file: string,
  verified: VerifiedBackup,
  options: ReleaseFacts,
  onRows?: OnRows,
): Promise<void> {
  const schema = sqliteSchema(db);
  const tables = match(verified.header, schema, options.migrations);
  const seeded = await seededRows(options.migrations);
  db.exec('BEGIN IMMEDIATE');
  try {
    const candidates = schema.tables.filter((t) => !options.leaveOut.has(t.name));
    await checkEmpty(
      candidates,
      seeded,
      async (name) => (db.prepare(`SELECT COUNT(*) AS n FROM ${ident(name)}`).get() as { n: number }).n,
      async (name, columns) =>
        db
          .prepare(`SELECT ${columns.map(ident).join(', ')} FROM ${ident(name)}`)
          .raw(true)
          .all() as unknown[][],
    );
    // Checked before COMMIT (foreign_key_check), so the order rows arrive in does not matter.
    db.pragma('defer_foreign_keys = ON');
    for (const t of [...candidates].reverse()) if (seeded.has(t.name)) db.prepare(`DELETE FROM ${ident(t.name)}`).run();
    const inserts = new Map<string, Statement<unknown[]>>();
    const insertFor = (t: TableStart) => {
      let s = inserts.get(t.name);
      if (!s) {
        s = db.prepare(`INSERT INTO ${ident(t.name)} (${t.columns.map(ident).join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`);
        inserts.set(t.name, s);
      }
      return s;
    };
    await readBackup(file, {
      rows: (t, rows, at) =>
        naming(t.name, () => {
          if (SCHEMA_RECORDS.has(t.name)) return onRows?.(t, rows.length, at);
          checkValues(t, tables.get(t.name)?.kinds ?? [], rows);
          const insert = insertFor(t);
          for (const row of rows) insert.run(...row.map(toSqlite));
          onRows?.(t, rows.length, at);
        }),
      sequences: (recorded) => {
        for (const { shape } of [...tables.values()].filter((x) => x.shape.serial !== null)) {
          const column = shape.serial ?? '';
          const max = (
            db
              .prepare(`SELECT MAX(${ident(column)}) AS m FROM ${ident(shape.name)}`)
              .safeIntegers(true)
              .get() as { m: bigint | null }
          ).m;
          const value = highest(recorded, shape.name, max);
          if (value <= 0n) continue;
          checkCounter(shape.name, value);
          const changed = db.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(value, shape.name).changes;
          if (changed === 0) db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(shape.name, value);
        }
      },
    });
    const orphan = db.prepare('SELECT "table" AS t FROM pragma_foreign_key_check LIMIT 1').get() as { t: string } | undefined;
    if (orphan) throw invalid(orphan.t, 'a row refers to one that is not there');
    for (const check of options.checks) if (db.prepare(check.sql).get() !== undefined) throw invalid(check.table, check.breach);
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
