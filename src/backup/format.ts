import { createHash, type Hash } from 'node:crypto';

/**
 * The backup file (docs/operations.md, "The backup format"): MAGIC, then frames.
 * A frame is a kind byte, a 4-byte big-endian payload length, the payload and the
 * SHA-256 of those three. Frames in order: one `H` (header, JSON), then per table
 * `T` (JSON {name, columns}), any number of `R` (rows), `E` (JSON {name, rows});
 * then `S` (sequences, JSON) and last `Z` (trailer, JSON {tables, sha256} where
 * sha256 is that of every byte before the trailer frame).
 */
export const MAGIC = Buffer.from('PETSTORE-BACKUP\n', 'ascii');
export const FORMAT_VERSION = 1;
export const FRAME_OVERHEAD = 1 + 4 + 32;

export type FrameKind = 'H' | 'T' | 'R' | 'E' | 'S' | 'Z';

/** A microsecond instant (PostgreSQL's timestamptz). SQLite stores times as epoch-millisecond integers. */
export class Micros {
  constructor(readonly us: bigint) {}
}

/** A column value as the file carries it, whatever engine it came from. */
export type Value = null | bigint | number | string | Buffer | boolean | Micros;

const TAG = { null: 0, int: 1, text: 2, bytes: 3, bool: 4, micros: 5, real: 6 } as const;

export interface TableStart {
  name: string;
  columns: string[];
}

export interface BackupHeader {
  format: number;
  /** The number of migrations the source database had applied (they are only ever appended). */
  schemaVersion: number;
  migrations: { feature: string; version: number }[];
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  tables: TableStart[];
}

/** A serial column's sequence (PostgreSQL) or an AUTOINCREMENT table's counter (SQLite): the last id handed out. */
export interface SequenceValue {
  table: string;
  value: string;
}

export interface Trailer {
  tables: Record<string, number>;
  sha256: string;
}

export function frameBytes(kind: FrameKind, payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(kind, 0, 'ascii');
  head.writeUInt32BE(payload.length, 1);
  const sum = createHash('sha256').update(head).update(payload).digest();
  return Buffer.concat([head, payload, sum]);
}

export const jsonPayload = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

/** Encodes rows into an `R` payload: a row count, then each row's values in column order. */
export class RowsEncoder {
  private parts: Buffer[] = [];
  private size = 0;
  rows = 0;

  get bytes(): number {
    return this.size;
  }

  add(row: readonly Value[]): void {
    for (const v of row) this.value(v);
    this.rows++;
  }

  take(): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.rows, 0);
    const payload = Buffer.concat([count, ...this.parts]);
    this.parts = [];
    this.size = 0;
    this.rows = 0;
    return payload;
  }

  private push(b: Buffer): void {
    this.parts.push(b);
    this.size += b.length;
  }

  private tagged(tag: number, size: number): Buffer {
    const b = Buffer.alloc(1 + size);
    b[0] = tag;
    this.push(b);
    return b;
  }

  private value(v: Value): void {
    if (v === null) this.tagged(TAG.null, 0);
    else if (typeof v === 'bigint') this.tagged(TAG.int, 8).writeBigInt64BE(v, 1);
    else if (typeof v === 'number') {
      if (Number.isInteger(v)) this.tagged(TAG.int, 8).writeBigInt64BE(BigInt(v), 1);
      else this.tagged(TAG.real, 8).writeDoubleBE(v, 1);
    } else if (typeof v === 'boolean') this.tagged(TAG.bool, 1).writeUInt8(v ? 1 : 0, 1);
    else if (v instanceof Micros) this.tagged(TAG.micros, 8).writeBigInt64BE(v.us, 1);
    else if (Buffer.isBuffer(v)) {
      this.tagged(TAG.bytes, 4).writeUInt32BE(v.length, 1);
      this.push(v);
    } else {
      const text = Buffer.from(v, 'utf8');
      this.tagged(TAG.text, 4).writeUInt32BE(text.length, 1);
      this.push(text);
    }
  }
}

/** A payload that does not decode as the format says. */
export class MalformedBackup extends Error {}

/** Decodes an `R` payload of rows with `columns` values each. */
export function decodeRows(payload: Buffer, columns: number): Value[][] {
  const need = (at: number, n: number) => {
    if (at + n > payload.length) throw new MalformedBackup('a rows frame ends inside a value');
  };
  need(0, 4);
  const count = payload.readUInt32BE(0);
  let at = 4;
  const rows: Value[][] = [];
  for (let r = 0; r < count; r++) {
    const row: Value[] = [];
    for (let c = 0; c < columns; c++) {
      need(at, 1);
      const tag = payload[at++];
      switch (tag) {
        case TAG.null:
          row.push(null);
          break;
        case TAG.int:
          need(at, 8);
          row.push(payload.readBigInt64BE(at));
          at += 8;
          break;
        case TAG.real:
          need(at, 8);
          row.push(payload.readDoubleBE(at));
          at += 8;
          break;
        case TAG.micros:
          need(at, 8);
          row.push(new Micros(payload.readBigInt64BE(at)));
          at += 8;
          break;
        case TAG.bool:
          need(at, 1);
          row.push(payload[at++] === 1);
          break;
        case TAG.text:
        case TAG.bytes: {
          need(at, 4);
          const n = payload.readUInt32BE(at);
          at += 4;
          need(at, n);
          const slice = payload.subarray(at, at + n);
          row.push(tag === TAG.text ? slice.toString('utf8') : Buffer.from(slice));
          at += n;
          break;
        }
        default:
          throw new MalformedBackup(`unknown value tag ${String(tag)}`);
      }
    }
    rows.push(row);
  }
  if (at !== payload.length) throw new MalformedBackup('a rows frame has bytes after its last row');
  return rows;
}

/** SHA-256 of everything written so far, readable at any point without ending it. */
export class RunningHash {
  private readonly hash: Hash = createHash('sha256');
  update(b: Buffer): void {
    this.hash.update(b);
  }
  hex(): string {
    return this.hash.copy().digest('hex');
  }
}
