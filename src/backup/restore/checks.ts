import type { FeatureMigrations } from '../../storage/migrations.js';
import { MalformedBackup, type BackupHeader, type SequenceValue } from '../file/format.js';
import { readBackup, type VerifiedBackup } from '../file/reader.js';
import { SCHEMA_RECORDS, type ColumnKind, type Schema, type TableShape } from '../file/schema.js';
import { corrupt, invalid, RestoreRefused } from './refusals.js';

/** What a restore checks of a backup and of what it writes: the file, its release, its schema, its counters, the constraints' breaches in words. */

/** The largest id either engine holds. */
export const MAX_ID = (1n << 63n) - 1n;
/** A counter restored must leave at least this many ids: past it every insert of the table fails. */
export const ID_ROOM = 1n << 32n;

export function checkCounter(table: string, value: bigint): void {
  if (value > MAX_ID - ID_ROOM)
    throw invalid(table, `its id counter is at ${value.toString()}, too near the largest id (${MAX_ID.toString()}) to go on`);
}

/** What a constraint the engine enforced says about the rows, in words (never the driver's message). */
export function breachOf(err: unknown): string | undefined {
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
export async function naming<T>(table: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const breach = err instanceof RestoreRefused || err instanceof MalformedBackup ? undefined : breachOf(err);
    const named = (err as { table?: unknown }).table;
    if (breach) throw invalid(typeof named === 'string' && named !== '' ? named : table, breach);
    throw err;
  }
}

export async function verify(file: string): Promise<VerifiedBackup> {
  try {
    return await readBackup(file);
  } catch (err) {
    if (err instanceof MalformedBackup) throw corrupt(err.message);
    throw err;
  }
}

export function checkVersion(header: BackupHeader, migrations: readonly FeatureMigrations[]): void {
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
export function missingMigrations(header: BackupHeader, migrations: readonly FeatureMigrations[]): string[] {
  const applied = new Set(header.migrations.map((m) => `${m.feature} ${String(m.version)}`));
  return migrations.flatMap((f) => f.sqlite.map((m) => `${f.feature} ${String(m.version)}`)).filter((m) => !applied.has(m));
}

/**
 * The target's table for each table of the backup, each column of the backup found in it (the schema's own
 * records, which backups no longer carry, skipped). A table or column the target does not have is not damage
 * (every checksum held): from an older schema, a part a later migration removed (`backup_too_old`); from this
 * one, a table or column added by hand to the source database (`backup_invalid`).
 */
export function match(
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

export function highest(recorded: SequenceValue[], table: string, max: bigint | null): bigint {
  const seq = recorded.find((s) => s.table === table);
  const fromFile = seq && /^-?\d+$/.test(seq.value) ? BigInt(seq.value) : 0n;
  const inTable = max ?? 0n;
  return fromFile > inTable ? fromFile : inTable;
}
