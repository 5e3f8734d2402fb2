import type { Statement } from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from '../storage/database.js';
import type { FeatureMigrations } from '../storage/migrations.js';
import type { SqliteDb } from '../storage/sqlite/database.js';
import { migrateSqlite } from '../storage/sqlite/migrate.js';
import { MalformedBackup, Micros, type BackupHeader, type SequenceValue, type TableStart, type Value } from './format.js';
import type { Standing } from './progress.js';
import { readBackup, type VerifiedBackup } from './reader.js';
import type { ReleaseFacts } from './release.js';
import { ident, postgresSchema, sqliteSchema, type ColumnKind, type Schema, type TableShape } from './schema.js';
import { closeClient, postgresClient } from './snapshot.js';
import type { BackupSummary } from './writer.js';

export type RestoreRefusalCode = 'database_not_empty' | 'backup_corrupt' | 'backup_too_new' | 'backup_invalid';

/** A restore that did not start: nothing was written. */
export class RestoreRefused extends Error {
  constructor(
    readonly code: RestoreRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** The release's migrations, the tables left out of backups (rows there do not make the target "not empty") and the checks. */
export type RestoreOptions = ReleaseFacts;

/**
 * A file whose checksums hold but whose rows are not a database this release can run on (made by hand, or
 * edited with the checksums recomputed: they are not a signature). Named by table; nothing was written.
 */
const invalid = (table: string, breach: string) =>
  new RestoreRefused(
    'backup_invalid',
    `The backup does not hold a valid database: table ${table}: ${breach}. Nothing was written; restore from another copy.`,
  );

/** The largest id either engine holds. */
const MAX_ID = (1n << 63n) - 1n;
/** A counter restored must leave at least this many ids: past it every insert of the table fails. */
const ID_ROOM = 1n << 32n;

function checkCounter(table: string, value: bigint): void {
  if (value > MAX_ID - ID_ROOM)
    throw invalid(table, `its id counter is at ${value.toString()}, too near the largest id (${MAX_ID.toString()}) to go on`);
}

/** Whether `v` can be stored in a column of `kind` (the value itself, not a text that looks like one). */
function fits(v: Value, kind: ColumnKind): boolean {
  if (v === null) return true;
  switch (kind) {
    case 'int':
      return typeof v === 'bigint' || typeof v === 'boolean' || v instanceof Micros || (typeof v === 'number' && Number.isInteger(v));
    case 'time':
      return typeof v === 'bigint' || v instanceof Micros || (typeof v === 'number' && Number.isInteger(v));
    case 'bool':
      return typeof v === 'boolean' || v === 0n || v === 1n;
    case 'real':
      return typeof v === 'number' || typeof v === 'bigint';
    case 'text':
      return typeof v === 'string';
    case 'bytes':
      return Buffer.isBuffer(v) || typeof v === 'string';
  }
}

function checkValues(t: TableStart, kinds: ColumnKind[], rows: Value[][]): void {
  for (const row of rows)
    for (let i = 0; i < row.length; i++) {
      const kind = kinds[i] ?? 'text';
      if (!fits(row[i] ?? null, kind)) throw invalid(t.name, `its column ${t.columns[i] ?? ''} holds a value that is not ${ARTICLE[kind]}`);
    }
}

const ARTICLE: Record<ColumnKind, string> = {
  int: 'an integer',
  time: 'a time',
  bool: 'true or false',
  real: 'a number',
  text: 'text',
  bytes: 'bytes',
};

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

const corrupt = (detail: string) =>
  new RestoreRefused('backup_corrupt', `The backup is damaged or incomplete: ${detail}. Nothing was written; restore from another copy.`);

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

/** The target's table for each table of the backup, each column of the backup found in it. */
function match(header: BackupHeader, schema: Schema): Map<string, { shape: TableShape; kinds: ColumnKind[] }> {
  const out = new Map<string, { shape: TableShape; kinds: ColumnKind[] }>();
  for (const t of header.tables) {
    const shape = schema.tables.find((s) => s.name === t.name);
    if (!shape) throw corrupt(`it has a table ${t.name} this release's schema does not have`);
    const kinds = t.columns.map((c) => {
      const col = shape.columns.find((s) => s.name === c);
      if (!col) throw corrupt(`its table ${t.name} has a column ${c} this release's schema does not have`);
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
 * The rows a newly migrated database already holds (the `default` project), per table: a target holding
 * those very rows there (compared on their text columns: slug, plan…) and nothing elsewhere is "only
 * migrated", and those rows give way to the backup's. A project made by hand in their place is data.
 */
async function seededRows(migrations: readonly FeatureMigrations[]): Promise<Map<string, Seeded>> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(':memory:');
  try {
    migrateSqlite(db, migrations);
    const seeded = new Map<string, Seeded>();
    for (const t of sqliteSchema(db).tables) {
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
    return seeded;
  } finally {
    db.close();
  }
}

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

function toSqlite(v: Value): unknown {
  if (v instanceof Micros) return v.us / 1000n;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  return v;
}

function toPostgres(v: Value, kind: ColumnKind): unknown {
  if (v === null) return null;
  switch (kind) {
    case 'time':
      // SQLite keeps epoch milliseconds, PostgreSQL microseconds.
      if (v instanceof Micros) return v.us.toString();
      return typeof v === 'bigint' ? (v * 1000n).toString() : String(Math.round(Number(v) * 1000));
    case 'bool':
      return typeof v === 'boolean' ? v : typeof v === 'bigint' ? v !== 0n : Boolean(v);
    case 'int':
      return v instanceof Micros ? (v.us / 1000n).toString() : typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
    case 'bytes':
      return Buffer.isBuffer(v) ? v : Buffer.from(String(v), 'utf8');
    case 'real':
      return Number(v instanceof Micros ? v.us : v);
    default:
      return Buffer.isBuffer(v) ? v.toString('utf8') : v instanceof Micros ? v.us.toString() : String(v);
  }
}

function placeholder(n: number, kind: ColumnKind): string {
  switch (kind) {
    case 'time':
      return `(TIMESTAMPTZ 'epoch' + $${String(n)}::int8 * INTERVAL '1 microsecond')`;
    case 'int':
      return `$${String(n)}::int8`;
    case 'bool':
      return `$${String(n)}::boolean`;
    case 'bytes':
      return `$${String(n)}::bytea`;
    default:
      return `$${String(n)}`;
  }
}

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
  const tables = match(verified.header, schema);
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
    const tables = match(verified.header, schema);
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
 * Loads a backup into an empty database of either engine: the whole file is read
 * and every checksum verified first; then, in one transaction, the target is
 * checked empty and every row written (each value checked against its column, every
 * constraint and the release's restore checks held), and serial sequences are set past every
 * restored id. Refusals leave the target as it was.
 */
export async function restoreBackup(
  target: { databaseUrl: string; database: Database },
  file: string,
  options: RestoreOptions,
  progress?: (s: Standing) => void,
): Promise<BackupSummary> {
  const verified = await verify(file);
  checkVersion(verified.header, options.migrations);
  const totalRows = Object.values(verified.tables).reduce((a, b) => a + b, 0);
  let rows = 0;
  const onRows: OnRows | undefined = progress
    ? (t, n, at) => {
        rows += n;
        progress({ table: t.name, rows, totalRows, bytes: at, done: verified.bytes > 0 ? at / verified.bytes : null });
      }
    : undefined;
  const restore = async () => {
    if (target.database.engine === 'sqlite') await restoreSqlite(target.database.sqlite, file, verified, options, onRows);
    else await restorePostgres(target.databaseUrl, file, verified, options, onRows);
  };
  try {
    await restore();
  } catch (err) {
    // The file changed between the check and the restore: the transaction was rolled back.
    if (err instanceof MalformedBackup) throw corrupt(err.message);
    throw err;
  }
  return summary(file, verified);
}
