import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import {
  FORMAT_VERSION,
  FRAME_OVERHEAD,
  MAGIC,
  MalformedBackup,
  RunningHash,
  decodeRows,
  BackupHeaderSchema,
  SequencesSchema,
  TableEndSchema,
  TableStartSchema,
  TrailerSchema,
  type BackupHeader,
  type FrameKind,
  type SequenceValue,
  type TableStart,
  type Value,
} from './format.js';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value as Values } from '@sinclair/typebox/value';

/** Reads a backup file frame by frame, checking each frame's checksum; never holds more than one frame. */
class FrameReader {
  private readonly fd: number;
  private readonly size: number;
  private at = 0;
  readonly whole = new RunningHash();

  constructor(file: string) {
    this.fd = openSync(file, 'r');
    this.size = fstatSync(this.fd).size;
  }

  /** Payloads are read into one buffer, reused: decoding copies what it keeps. */
  private scratch = Buffer.allocUnsafe(0);

  private read(n: number, reuse = false): Buffer {
    if (this.at + n > this.size) throw new MalformedBackup('the file ends early (truncated)');
    if (reuse && this.scratch.length < n) this.scratch = Buffer.allocUnsafe(Math.max(n, 2 * 1024 * 1024));
    const b = reuse ? this.scratch.subarray(0, n) : Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const r = readSync(this.fd, b, got, n - got, this.at + got);
      if (r === 0) throw new MalformedBackup('the file ends early (truncated)');
      got += r;
    }
    this.at += n;
    return b;
  }

  magic(): void {
    const m = this.read(MAGIC.length);
    if (!m.equals(MAGIC)) throw new MalformedBackup('not a Petstore backup (its first bytes are not the format marker)');
    this.whole.update(m);
  }

  next(): { kind: FrameKind; payload: Buffer } {
    const head = this.read(5);
    const length = head.readUInt32BE(1);
    // A damaged length must not make us allocate what the file cannot hold.
    if (this.at + length + 32 > this.size) throw new MalformedBackup('a frame runs past the end of the file (truncated or damaged)');
    const payload = this.read(length, true);
    const sum = this.read(32);
    if (!createHash('sha256').update(head).update(payload).digest().equals(sum)) {
      throw new MalformedBackup(`a checksum does not match at byte ${String(this.at - length - FRAME_OVERHEAD)} (damaged)`);
    }
    this.whole.update(head);
    this.whole.update(payload);
    this.whole.update(sum);
    return { kind: head.toString('ascii', 0, 1) as FrameKind, payload };
  }

  get bytes(): number {
    return this.size;
  }

  /** How far it has read. */
  get position(): number {
    return this.at;
  }

  get ended(): boolean {
    return this.at === this.size;
  }

  close(): void {
    closeSync(this.fd);
  }
}

function parse<S extends TSchema>(schema: S, payload: Buffer): Static<S> {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new MalformedBackup('a frame does not hold the JSON it should');
  }
  if (!Values.Check(schema, value)) throw new MalformedBackup('a frame does not hold what the format says');
  return value;
}

/** What restore gets as it reads: the header, then each table's start, rows and end, then the sequences. */
export interface BackupVisitor {
  header?(header: BackupHeader): void;
  table?(table: TableStart): void;
  /** `at`: the bytes of the file read so far. */
  rows?(table: TableStart, rows: Value[][], at: number): void | Promise<void>;
  sequences?(sequences: SequenceValue[]): void | Promise<void>;
}

export interface VerifiedBackup {
  header: BackupHeader;
  tables: Record<string, number>;
  sequences: SequenceValue[];
  bytes: number;
  sha256: string;
}

/**
 * Reads the whole file in order, checks every frame's checksum, the structure, each
 * table's row count and the checksum of the whole, and calls the visitor as it goes.
 * Throws MalformedBackup at the first problem.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<VerifiedBackup> {
  const reader = new FrameReader(file);
  try {
    reader.magic();
    const first = reader.next();
    if (first.kind !== 'H') throw new MalformedBackup('the header is missing');
    const header = parse(BackupHeaderSchema, first.payload);
    if (header.format !== FORMAT_VERSION)
      throw new MalformedBackup(`format version ${String(header.format)} is not one this release reads`);
    visitor.header?.(header);
    const tables: Record<string, number> = {};
    let sequences: SequenceValue[] | null = null;
    const expected = [...header.tables];
    for (;;) {
      const beforeFrame = reader.whole.hex();
      const { kind, payload } = reader.next();
      if (kind === 'T') {
        const table = parse(TableStartSchema, payload);
        const planned = expected.shift();
        if (!planned || planned.name !== table.name || planned.columns.join(',') !== table.columns.join(','))
          throw new MalformedBackup(`table ${table.name} is not the one the header announces next`);
        visitor.table?.(table);
        let count = 0;
        for (;;) {
          const f = reader.next();
          if (f.kind === 'R') {
            const rows = decodeRows(f.payload, table.columns.length);
            count += rows.length;
            await visitor.rows?.(table, rows, reader.position);
          } else if (f.kind === 'E') {
            const end = parse(TableEndSchema, f.payload);
            if (end.name !== table.name || end.rows !== count)
              throw new MalformedBackup(`table ${table.name} does not hold the rows it says`);
            tables[table.name] = count;
            break;
          } else throw new MalformedBackup(`an unexpected frame inside table ${table.name}`);
        }
      } else if (kind === 'S') {
        if (expected.length > 0) throw new MalformedBackup(`table ${expected[0]?.name ?? ''} is missing`);
        sequences = parse(SequencesSchema, payload);
        await visitor.sequences?.(sequences);
      } else if (kind === 'Z') {
        const trailer = parse(TrailerSchema, payload);
        if (sequences === null) throw new MalformedBackup('the sequences are missing');
        if (trailer.sha256 !== beforeFrame) throw new MalformedBackup('the checksum of the whole file does not match (damaged)');
        if (JSON.stringify(trailer.tables) !== JSON.stringify(tables))
          throw new MalformedBackup('the row counts of the trailer do not match');
        if (!reader.ended) throw new MalformedBackup('there are bytes after the end of the backup');
        return { header, tables, sequences, bytes: reader.bytes, sha256: reader.whole.hex() };
      } else throw new MalformedBackup(`an unexpected frame ${kind}`);
    }
  } finally {
    reader.close();
  }
}

/** A header larger than this is not one a backup writes (it lists tables and migrations). */
const MAX_HEADER_BYTES = 1024 * 1024;

/** The header of a backup file, its checksum verified; null when the file is not a backup (or not readable). Reads the header alone. */
export function readHeader(file: string): BackupHeader | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const start = Buffer.alloc(MAGIC.length + 5);
    if (readSync(fd, start, 0, start.length, 0) !== start.length || !start.subarray(0, MAGIC.length).equals(MAGIC)) return null;
    const head = start.subarray(MAGIC.length);
    const length = head.readUInt32BE(1);
    if (head.toString('ascii', 0, 1) !== 'H' || length > MAX_HEADER_BYTES) return null;
    const rest = Buffer.alloc(length + 32);
    if (readSync(fd, rest, 0, rest.length, start.length) !== rest.length) return null;
    const payload = rest.subarray(0, length);
    if (!createHash('sha256').update(head).update(payload).digest().equals(rest.subarray(length))) return null;
    return parse(BackupHeaderSchema, payload);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
