import { Type, type Static } from '@sinclair/typebox';
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
const INITIAL_BYTES = 64 * 1024;

export const TableStartSchema = Type.Object({ name: Type.String({ minLength: 1 }), columns: Type.Array(Type.String({ minLength: 1 })) });
export type TableStart = Static<typeof TableStartSchema>;

/**
 * Who wrote a backup: `scheduled` (BACKUP_DIR's schedule), `before-migrating` (a release about to migrate),
 * `command` (`petstore backup`). Files without it come from an earlier release.
 */
export const BackupOriginSchema = Type.Union([Type.Literal('scheduled'), Type.Literal('before-migrating'), Type.Literal('command')]);
export type BackupOrigin = Static<typeof BackupOriginSchema>;

export const BackupHeaderSchema = Type.Object({
  format: Type.Integer(),
  /** The number of migrations the source database had applied (they are only ever appended). */
  schemaVersion: Type.Integer({ minimum: 0 }),
  migrations: Type.Array(Type.Object({ feature: Type.String(), version: Type.Integer({ minimum: 1 }) })),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  createdAt: Type.String(),
  origin: Type.Optional(BackupOriginSchema),
  tables: Type.Array(TableStartSchema),
});
export type BackupHeader = Static<typeof BackupHeaderSchema>;

export const TableEndSchema = Type.Object({ name: Type.String(), rows: Type.Integer({ minimum: 0 }) });

/** A serial column's sequence (PostgreSQL) or an AUTOINCREMENT table's counter (SQLite): the last id handed out. */
export const SequencesSchema = Type.Array(Type.Object({ table: Type.String(), value: Type.String({ pattern: '^-?\\d{1,19}$' }) }));
export type SequenceValue = Static<typeof SequencesSchema>[number];

export const TrailerSchema = Type.Object({
  tables: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type Trailer = Static<typeof TrailerSchema>;

/** A frame as its three parts: kind and length, payload, checksum (written one after the other, not copied together). */
export function frameParts(kind: FrameKind, payload: Buffer): [Buffer, Buffer, Buffer] {
  const head = Buffer.alloc(5);
  head.write(kind, 0, 'ascii');
  head.writeUInt32BE(payload.length, 1);
  return [head, payload, createHash('sha256').update(head).update(payload).digest()];
}

export const frameBytes = (kind: FrameKind, payload: Buffer): Buffer => Buffer.concat(frameParts(kind, payload));

export const jsonPayload = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

/** Encodes rows into an `R` payload: a row count, then each row's values in column order. */
export class RowsEncoder {
  private buf = Buffer.allocUnsafe(INITIAL_BYTES);
  // The first 4 bytes are the row count, written by take().
  private size = 4;
  rows = 0;

  get bytes(): number {
    return this.size;
  }

  add(row: readonly Value[]): void {
    for (const v of row) this.value(v);
    this.rows++;
  }

  take(): Buffer {
    this.buf.writeUInt32BE(this.rows, 0);
    const payload = Buffer.from(this.buf.subarray(0, this.size));
    this.size = 4;
    this.rows = 0;
    // A large value grew the buffer: give the memory back.
    if (this.buf.length > 64 * INITIAL_BYTES) this.buf = Buffer.allocUnsafe(INITIAL_BYTES);
    return payload;
  }

  /** Room for `n` more bytes; returns where they start. */
  private room(n: number): number {
    if (this.size + n > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.size + n));
      this.buf.copy(grown, 0, 0, this.size);
      this.buf = grown;
    }
    const at = this.size;
    this.size += n;
    return at;
  }

  private value(v: Value): void {
    if (v === null) {
      this.buf[this.room(1)] = TAG.null;
    } else if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)) || v instanceof Micros) {
      const at = this.room(9);
      this.buf[at] = v instanceof Micros ? TAG.micros : TAG.int;
      this.buf.writeBigInt64BE(v instanceof Micros ? v.us : BigInt(v), at + 1);
    } else if (typeof v === 'number') {
      const at = this.room(9);
      this.buf[at] = TAG.real;
      this.buf.writeDoubleBE(v, at + 1);
    } else if (typeof v === 'boolean') {
      const at = this.room(2);
      this.buf[at] = TAG.bool;
      this.buf[at + 1] = v ? 1 : 0;
    } else if (Buffer.isBuffer(v)) {
      const at = this.room(5 + v.length);
      this.buf[at] = TAG.bytes;
      this.buf.writeUInt32BE(v.length, at + 1);
      v.copy(this.buf, at + 5);
    } else {
      const length = Buffer.byteLength(v, 'utf8');
      const at = this.room(5 + length);
      this.buf[at] = TAG.text;
      this.buf.writeUInt32BE(length, at + 1);
      this.buf.write(v, at + 5, length, 'utf8');
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
