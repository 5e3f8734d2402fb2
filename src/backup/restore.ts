import type { Statement } from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from '../storage/database.js';
import type { FeatureMigrations } from '../storage/migrations.js';
import type { SqliteDb } from '../storage/sqlite/database.js';
import { migrateSqlite } from '../storage/sqlite/migrate.js';
import { MalformedBackup, Micros, type BackupHeader, type SequenceValue, type TableStart, type Value } from './format.js';
import { readBackup, type VerifiedBackup } from './reader.js';
import { ident, postgresSchema, sqliteSchema, type ColumnKind, type Schema, type TableShape } from './schema.js';
import { postgresClient } from './snapshot.js';
import type { BackupSummary } from './writer.js';

export type RestoreRefusalCode = 'database_not_empty' | 'backup_corrupt' | 'backup_too_new';

/** A restore that did not start: nothing was written. */
export class RestoreRefused extends Error {
  constructor(
    readonly code: RestoreRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RestoreOptions {
  /** The release's migrations: a backup that has one it does not know is from a newer release. */
  migrations: readonly FeatureMigrations[];
  /** Tables left out of backups: rows there (a lease, a counter) do not make the target "not empty". */
  leaveOut: ReadonlySet<string>;
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

/**
 * The rows a newly migrated database already holds (the `default` project), per table: a target
 * holding just as many there and nothing elsewhere is "only migrated", and those rows give way to the backup's.
 */
async function seededCounts(migrations: readonly FeatureMigrations[]): Promise<Map<string, number>> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(':memory:');
  try {
    migrateSqlite(db, migrations);
    const counts = new Map<string, number>();
    for (const t of sqliteSchema(db).tables) {
      const n = (db.prepare(`SELECT COUNT(*) AS n FROM ${ident(t.name)}`).get() as { n: number }).n;
      if (n > 0) counts.set(t.name, n);
    }
    return counts;
  } finally {
    db.close();
  }
}

/** Tables whose rows make the target "not empty"; throws database_not_empty when there are any. */
function checkEmpty(counts: Map<string, number>, seeded: Map<string, number>): void {
  const full = [...counts].filter(([name, n]) => n > 0 && n !== (seeded.get(name) ?? 0)).map(([name]) => name);
  const extra = [...counts].filter(([name, n]) => n > 0 && !seeded.has(name)).map(([name]) => name);
  if (full.length > 0 || extra.length > 0) throw notEmpty([...new Set([...full, ...extra])]);
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

async function restoreSqlite(db: SqliteDb, file: string, verified: VerifiedBackup, options: RestoreOptions): Promise<void> {
  const schema = sqliteSchema(db);
  const tables = match(verified.header, schema);
  const seeded = await seededCounts(options.migrations);
  db.exec('BEGIN IMMEDIATE');
  try {
    const candidates = schema.tables.filter((t) => !options.leaveOut.has(t.name));
    const count = (name: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${ident(name)}`).get() as { n: number }).n;
    checkEmpty(new Map(candidates.map((t) => [t.name, count(t.name)])), seeded);
    // Checked at COMMIT, so the order rows arrive in does not matter.
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
      rows: (t, rows) => {
        const insert = insertFor(t);
        for (const row of rows) insert.run(...row.map(toSqlite));
      },
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
          const changed = db.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(value, shape.name).changes;
          if (changed === 0) db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(shape.name, value);
        }
      },
    });
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

async function restorePostgres(databaseUrl: string, file: string, verified: VerifiedBackup, options: RestoreOptions): Promise<void> {
  const seeded = await seededCounts(options.migrations);
  const client = await postgresClient(databaseUrl);
  try {
    await client.query('BEGIN');
    const schema = await postgresSchema(client);
    const tables = match(verified.header, schema);
    const candidates = schema.tables.filter((t) => !options.leaveOut.has(t.name));
    // Locked, so nothing lands in them between the check and the commit.
    if (candidates.length > 0) await client.query(`LOCK TABLE ${candidates.map((t) => ident(t.name)).join(', ')} IN EXCLUSIVE MODE`);
    const counts = new Map<string, number>();
    for (const t of candidates)
      counts.set(t.name, Number((await client.query<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${ident(t.name)}`)).rows[0]?.n ?? 0));
    checkEmpty(counts, seeded);
    for (const t of [...candidates].reverse()) if (seeded.has(t.name)) await client.query(`DELETE FROM ${ident(t.name)}`);
    await readBackup(file, {
      rows: (t, rows) => insertPostgres(client, t, tables.get(t.name)?.kinds ?? [], rows),
      sequences: async (recorded) => {
        for (const t of schema.tables) {
          if (!t.serial || !tables.has(t.name)) continue;
          const max =
            (await client.query<{ m: bigint | null }>(`SELECT MAX(${ident(t.serial)})::int8 AS m FROM ${ident(t.name)}`)).rows[0]?.m ??
            null;
          const value = highest(recorded, t.name, max);
          if (value <= 0n) continue;
          await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, true)', [ident(t.name), t.serial, value.toString()]);
        }
      },
    });
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * Loads a backup into an empty database of either engine: the whole file is read
 * and every checksum verified first; then, in one transaction, the target is
 * checked empty and every row written, and serial sequences are set past every
 * restored id. Refusals leave the target as it was.
 */
export async function restoreBackup(
  target: { databaseUrl: string; database: Database },
  file: string,
  options: RestoreOptions,
): Promise<BackupSummary> {
  const verified = await verify(file);
  checkVersion(verified.header, options.migrations);
  const restore = async () => {
    if (target.database.engine === 'sqlite') await restoreSqlite(target.database.sqlite, file, verified, options);
    else await restorePostgres(target.databaseUrl, file, verified, options);
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
