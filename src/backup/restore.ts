import type { Statement } from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from '../storage/database.js';
import type { FeatureMigrations } from '../storage/migrations.js';
import type { SqliteDb } from '../storage/sqlite/database.js';
import { migrateSqlite } from '../storage/sqlite/migrate.js';
import { MalformedBackup, type BackupHeader, type SequenceValue, type TableStart, type Value } from './format.js';
import type { Standing } from './progress.js';
import { readBackup, type VerifiedBackup } from './reader.js';
import type { ReleaseFacts } from './release.js';
import { ident, postgresSchema, SCHEMA_RECORDS, sqliteSchema, type ColumnKind, type Schema, type TableShape } from './schema.js';
import { closeClient, postgresClient } from './snapshot.js';
import type { BackupSummary } from './writer.js';
import { corrupt, invalid, RestoreRefused } from './refusals.js';
import { checkValues, placeholder, toPostgres, toSqlite } from './values.js';

export { RestoreRefused, type RestoreRefusalCode } from './refusals.js';

/** The release's migrations, the tables left out of backups (rows there do not make the target "not empty") and the checks. */
export type RestoreOptions = ReleaseFacts;

/** The largest id either engine holds. */
const MAX_ID = (1n << 63n) - 1n;
/** A counter restored must leave at least this many ids: past it every insert of the table fails. */
const ID_ROOM = 1n << 32n;

function checkCounter(table: string, value: bigint): void {
  if (value > MAX_ID - ID_ROOM)
    throw invalid(table, `its id counter is at ${value.toString()}, too near the largest id (${MAX_ID.toString()}) to go on`);
}

/** What a constraint the engine enforced says about the rows, in words (never the driver's message). */
function breachOf(err: unknown): string | undefined {
  const code = String((err as { code?: unknown }).code ?? '');
  if (/^SQLITE_CONSTRAINT_(PRIMARYKEY|UNIQUE|ROWID)$/.test(code) || code === '23505')
    return 'two rows have the same id (or another value that must be unique)';
  if (code === 'SQLITE_CONSTRAINT_CHECK' || code === '23514') return 'a value is outside what its column allows';
  if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502') return 'a value is missing where one is required';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return 'a row refers to one that is not there';
  if (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23')) return 'a row breaks a rule of its table';
  if (code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG' || code.startsWith('22'))
    return 'a value is of the wrong type or out of range';
  return undefined;
}

/** Runs what writes `table`'s rows: a constraint it breaks refuses the restore as backup_invalid, naming the table. */
async function naming<T>(table: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const breach = err instanceof RestoreRefused || err instanceof MalformedBackup ? undefined : breachOf(err);
    const named = (err as { table?: unknown }).table;
    if (breach) throw invalid(typeof named === 'string' && named !== '' ? named : table, breach);
    throw err;
  }
}

async function verify(file: string): Promise<VerifiedBackup> {
  try {
    return await readBackup(file);
  } catch (err) {
    if (err instanceof MalformedBackup) throw corrupt(err.message);
    throw err;
  }
}

function checkVersion(header: BackupHeader, migrations: readonly FeatureMigrations[]): void {
  const latest = new Map(migrations.map((f) => [f.feature, Math.max(0, ...f.sqlite.map((m) => m.version))]));
  const unknown = header.migrations.filter((m) => m.version > (latest.get(m.feature) ?? 0));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      'backup_too_new',
      `The backup comes from a newer release (schema ${String(header.schemaVersion)}; this release does not know ${unknown
        .map((m) => `${m.feature} ${String(m.version)}`)
        .join(', ')}). Restore it with that release or a later one.`,
    );
  }
}

/** The release's migrations the backup's source had not applied: it comes from an older schema when there are any. */
function missingMigrations(header: BackupHeader, migrations: readonly FeatureMigrations[]): string[] {
  const applied = new Set(header.migrations.map((m) => `${m.feature} ${String(m.version)}`));
  return migrations.flatMap((f) => f.sqlite.map((m) => `${f.feature} ${String(m.version)}`)).filter((m) => !applied.has(m));
}

/**
 * The target's table for each table of the backup, each column of the backup found in it (the schema's own
 * records, which backups no longer carry, skipped). A table or column the target does not have is not damage
 * (every checksum held): from an older schema, a part a later migration removed (`backup_too_old`); from this
 * one, a table or column added by hand to the source database (`backup_invalid`).
 */
function match(
  header: BackupHeader,
  schema: Schema,
  migrations: readonly FeatureMigrations[],
): Map<string, { shape: TableShape; kinds: ColumnKind[] }> {
  const out = new Map<string, { shape: TableShape; kinds: ColumnKind[] }>();
  const unknown = (table: string, column?: string) => {
    const missing = missingMigrations(header, migrations);
    const part = column === undefined ? `table ${table}` : `column ${table}.${column}`;
    if (missing.length === 0)
      return invalid(
        table,
        `this release's schema has no ${column === undefined ? 'such table' : `column ${column}`} (made by hand in the source database?): drop it there and back up again`,
      );
    return new RestoreRefused(
      'backup_too_old',
      `The backup comes from an older schema (schema ${String(header.schemaVersion)}; it lacks ${missing.slice(0, 3).join(', ')}${
        missing.length > 3 ? ', …' : ''
      }) and holds the ${part}, which a later migration removed from this release's schema. Nothing was written; restore it with the release that wrote it, then upgrade to this one.`,
    );
  };
  for (const t of header.tables) {
    if (SCHEMA_RECORDS.has(t.name)) continue;
    const shape = schema.tables.find((s) => s.name === t.name);
    if (!shape) throw unknown(t.name);
    const kinds = t.columns.map((c) => {
      const col = shape.columns.find((s) => s.name === c);
      if (!col) throw unknown(t.name, c);
      return col.kind;
    });
    out.set(t.name, { shape, kinds });
  }
  return out;
}

/** The rows of a table as its text columns hold them, in an order of their own: what "the same rows" is compared on. */
const fingerprint = (rows: unknown[][]) =>
  rows
    .map((r) => JSON.stringify(r))
    .sort()
    .join('\n');

/** A table a newly migrated database has rows in: its text columns, and those rows by them. */
interface Seeded {
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

const seededRows = async (migrations: readonly FeatureMigrations[]) => (await newDatabase(migrations)).seeded;

/** Throws database_not_empty when a table holds rows other than those a new database is seeded with. */
async function checkEmpty(
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

const notEmpty = (tables: string[]) =>
  new RestoreRefused(
    'database_not_empty',
    `The database already holds data (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}). Restore into a new database, or one that was only migrated; nothing was written.`,
  );

/** Most parameters in one INSERT (PostgreSQL allows 65535). */
const MAX_PARAMS = 30_000;
/** Most bytes of values in one INSERT, so deploy files go a few at a time. */
const MAX_BYTES = 16 * 1024 * 1024;

function summary(file: string, verified: VerifiedBackup): BackupSummary {
  return { file, bytes: verified.bytes, sha256: verified.sha256, schemaVersion: verified.header.schemaVersion, tables: verified.tables };
}

/** Told after each batch of rows written: the table, how many, and how far into the file. */
type OnRows = (table: TableStart, rows: number, at: number) => void;

async function restoreSqlite(
  db: SqliteDb,
  file: string,
  verified: VerifiedBackup,
  options: RestoreOptions,
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

function highest(recorded: SequenceValue[], table: string, max: bigint | null): bigint {
  const seq = recorded.find((s) => s.table === table);
  const fromFile = seq && /^-?\d+$/.test(seq.value) ? BigInt(seq.value) : 0n;
  const inTable = max ?? 0n;
  return fromFile > inTable ? fromFile : inTable;
}

async function insertPostgres(client: pg.Client, t: TableStart, kinds: ColumnKind[], rows: Value[][]): Promise<void> {
  const columns = t.columns.map(ident).join(', ');
  let batch: unknown[] = [];
  let values: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (values.length === 0) return;
    await client.query(`INSERT INTO ${ident(t.name)} (${columns}) VALUES ${values.join(', ')}`, batch);
    batch = [];
    values = [];
    bytes = 0;
  };
  for (const row of rows) {
    if (batch.length + row.length > MAX_PARAMS) await flush();
    const marks = row.map((v, i) => {
      batch.push(toPostgres(v, kinds[i] ?? 'text'));
      if (Buffer.isBuffer(v)) bytes += v.length;
      return placeholder(batch.length, kinds[i] ?? 'text');
    });
    values.push(`(${marks.join(', ')})`);
    if (bytes >= MAX_BYTES) await flush();
  }
  await flush();
}

async function restorePostgres(
  databaseUrl: string,
  file: string,
  verified: VerifiedBackup,
  options: RestoreOptions,
  onRows?: OnRows,
): Promise<void> {
  const seeded = await seededRows(options.migrations);
  const client = await postgresClient(databaseUrl);
  try {
    await client.query('BEGIN');
    const schema = await postgresSchema(client);
    const tables = match(verified.header, schema, options.migrations);
    const candidates = schema.tables.filter((t) => !options.leaveOut.has(t.name));
    // Locked, so nothing lands in them between the check and the commit.
    if (candidates.length > 0) await client.query(`LOCK TABLE ${candidates.map((t) => ident(t.name)).join(', ')} IN EXCLUSIVE MODE`);
    await checkEmpty(
      candidates,
      seeded,
      async (name) => Number((await client.query<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${ident(name)}`)).rows[0]?.n ?? 0),
      async (name, columns) =>
        (await client.query<unknown[]>({ text: `SELECT ${columns.map(ident).join(', ')} FROM ${ident(name)}`, rowMode: 'array' })).rows,
    );
    for (const t of [...candidates].reverse()) if (seeded.has(t.name)) await client.query(`DELETE FROM ${ident(t.name)}`);
    await readBackup(file, {
      rows: (t, rows, at) =>
        naming(t.name, async () => {
          if (SCHEMA_RECORDS.has(t.name)) return onRows?.(t, rows.length, at);
          const kinds = tables.get(t.name)?.kinds ?? [];
          checkValues(t, kinds, rows);
          await insertPostgres(client, t, kinds, rows);
          onRows?.(t, rows.length, at);
        }),
      sequences: async (recorded) => {
        for (const t of schema.tables) {
          if (!t.serial || !tables.has(t.name)) continue;
          const serial = t.serial;
          await naming(t.name, async () => {
            const max =
              (await client.query<{ m: bigint | null }>(`SELECT MAX(${ident(serial)})::int8 AS m FROM ${ident(t.name)}`)).rows[0]?.m ??
              null;
            const value = highest(recorded, t.name, max);
            if (value <= 0n) return;
            checkCounter(t.name, value);
            await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, true)', [ident(t.name), serial, value.toString()]);
          });
        }
      },
    });
    for (const check of options.checks) if ((await client.query(check.sql)).rows.length > 0) throw invalid(check.table, check.breach);
    // Deferred constraints, if a table has any, are checked here.
    await naming('a deferred constraint', () => client.query('COMMIT'));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await closeClient(client);
  }
}

/**
 * Checks a backup before anything is created or written: the whole file read and every checksum verified,
 * its schema not newer than this release's (`backup_too_new`), and, for a target the restore is to create
 * (`newTarget`), each of its tables and columns in the schema this release creates.
 */
export async function verifyBackup(file: string, options: RestoreOptions, newTarget = false): Promise<VerifiedBackup> {
  const verified = await verify(file);
  checkVersion(verified.header, options.migrations);
  if (newTarget) match(verified.header, (await newDatabase(options.migrations)).schema, options.migrations);
  return verified;
}

/**
 * Loads a backup into an empty database of either engine: the whole file is read
 * and every checksum verified first (unless `verified` by verifyBackup already); then, in one transaction, the target is
 * checked empty and every row written (each value checked against its column, every
 * constraint and the release's restore checks held), and serial sequences are set past every
 * restored id. Refusals leave the target as it was.
 */
export async function restoreBackup(
  target: { databaseUrl: string; database: Database },
  file: string,
  options: RestoreOptions,
  progress?: (s: Standing) => void,
  verified?: VerifiedBackup,
): Promise<BackupSummary> {
  const checked = verified ?? (await verifyBackup(file, options));
  const totalRows = Object.values(checked.tables).reduce((a, b) => a + b, 0);
  let rows = 0;
  const onRows: OnRows | undefined = progress
    ? (t, n, at) => {
        rows += n;
        progress({ table: t.name, rows, totalRows, bytes: at, done: checked.bytes > 0 ? at / checked.bytes : null });
      }
    : undefined;
  const restore = async () => {
    if (target.database.engine === 'sqlite') await restoreSqlite(target.database.sqlite, file, checked, options, onRows);
    else await restorePostgres(target.databaseUrl, file, checked, options, onRows);
  };
  try {
    await restore();
  } catch (err) {
    // The file changed between the check and the restore: the transaction was rolled back.
    if (err instanceof MalformedBackup) throw corrupt(err.message);
    throw err;
  }
  return summary(file, checked);
}
