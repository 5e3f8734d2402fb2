// A backup's values checked against their target columns and converted for each engine.
import { Micros, type TableStart, type Value } from '../file/format.js';
import { invalid } from './refusals.js';
import type { ColumnKind } from '../file/schema.js';

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

export function checkValues(t: TableStart, kinds: ColumnKind[], rows: Value[][]): void {
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

export function toSqlite(v: Value): unknown {
  if (v instanceof Micros) return v.us / 1000n;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  return v;
}

export function toPostgres(v: Value, kind: ColumnKind): unknown {
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

export function placeholder(n: number, kind: ColumnKind): string {
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
