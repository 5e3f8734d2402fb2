import { createHash } from 'node:crypto';
import {
  FRAME_OVERHEAD,
  MAGIC,
  RowsEncoder,
  decodeRows,
  frameBytes,
  jsonPayload,
  type BackupHeader,
  type SequenceValue,
  type Value,
} from '../../src/backup/file/format.js';

/** A backup file taken apart: what a crafted file is made from (its checksums recomputed when rebuilt). */
export interface BackupContents {
  header: BackupHeader;
  tables: { name: string; columns: string[]; rows: Value[][] }[];
  sequences: SequenceValue[];
}

export function parseBackup(bytes: Buffer): BackupContents {
  let at = MAGIC.length;
  let header: BackupHeader | undefined;
  const tables: BackupContents['tables'] = [];
  let sequences: SequenceValue[] = [];
  while (at < bytes.length) {
    const kind = bytes.toString('ascii', at, at + 1);
    const length = bytes.readUInt32BE(at + 1);
    const payload = bytes.subarray(at + 5, at + 5 + length);
    const json = () => JSON.parse(payload.toString('utf8')) as unknown;
    if (kind === 'H') header = json() as BackupHeader;
    else if (kind === 'T') {
      const t = json() as { name: string; columns: string[] };
      tables.push({ name: t.name, columns: t.columns, rows: [] });
    } else if (kind === 'R') {
      const t = tables[tables.length - 1];
      if (t) t.rows.push(...decodeRows(payload, t.columns.length));
    } else if (kind === 'S') sequences = json() as SequenceValue[];
    at += FRAME_OVERHEAD + length;
  }
  if (!header) throw new Error('no header');
  return { header, tables, sequences };
}

/** A well-formed backup file of `c`: every frame's checksum, the row counts and the whole file's checksum right. */
export function buildBackup(c: BackupContents): Buffer {
  const parts: Buffer[] = [MAGIC, frameBytes('H', jsonPayload(c.header))];
  const counts: Record<string, number> = {};
  for (const t of c.tables) {
    parts.push(frameBytes('T', jsonPayload({ name: t.name, columns: t.columns })));
    if (t.rows.length > 0) {
      const encoder = new RowsEncoder();
      for (const row of t.rows) encoder.add(row);
      parts.push(frameBytes('R', encoder.take()));
    }
    parts.push(frameBytes('E', jsonPayload({ name: t.name, rows: t.rows.length })));
    counts[t.name] = t.rows.length;
  }
  parts.push(frameBytes('S', jsonPayload(c.sequences)));
  const before = Buffer.concat(parts);
  const sha256 = createHash('sha256').update(before).digest('hex');
  return Buffer.concat([before, frameBytes('Z', jsonPayload({ tables: counts, sha256 }))]);
}

/** The table `name` of `c`, and the index of each of its columns. */
export function tableOf(c: BackupContents, name: string): { rows: Value[][]; col(column: string): number } {
  const t = c.tables.find((x) => x.name === name);
  if (!t) throw new Error(`no table ${name}`);
  return {
    rows: t.rows,
    col: (column) => {
      const i = t.columns.indexOf(column);
      if (i < 0) throw new Error(`no column ${name}.${column}`);
      return i;
    },
  };
}
