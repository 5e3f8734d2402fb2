import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  FORMAT_VERSION,
  MAGIC,
  RowsEncoder,
  RunningHash,
  frameParts,
  jsonPayload,
  type BackupHeader,
  type FrameKind,
  type Trailer,
} from './format.js';
import { openSnapshot } from './snapshot.js';

/** A rows frame is closed past this many bytes (one larger value makes a frame of its own size). */
const FRAME_BYTES = 1024 * 1024;

/** What `petstore backup --json` prints. */
export interface BackupSummary {
  file: string;
  bytes: number;
  sha256: string;
  schemaVersion: number;
  tables: Record<string, number>;
}

export interface BackupOptions {
  /** Tables the capabilities leave out (see Feature.backupLeavesOut). */
  leaveOut: ReadonlySet<string>;
  now: Date;
}

/**
 * Writes a consistent snapshot of the database at `databaseUrl` to `file`. The file
 * appears only once complete (written beside it, flushed to disk, then renamed),
 * so a failed backup never leaves a file that looks like one.
 */
export async function writeBackup(databaseUrl: string, file: string, options: BackupOptions): Promise<BackupSummary> {
  const partial = join(dirname(file), `.${basename(file)}.partial`);
  const fd = openSync(partial, 'w', 0o600);
  const whole = new RunningHash();
  let bytes = 0;
  const write = (b: Buffer) => {
    let at = 0;
    while (at < b.length) at += writeSync(fd, b, at, b.length - at);
    whole.update(b);
    bytes += b.length;
  };
  const frame = (kind: FrameKind, payload: Buffer) => {
    for (const part of frameParts(kind, payload)) write(part);
  };
  let snapshot: Awaited<ReturnType<typeof openSnapshot>> | undefined;
  try {
    snapshot = await openSnapshot(databaseUrl);
    const tables = snapshot.schema.tables.filter((t) => !options.leaveOut.has(t.name));
    const header: BackupHeader = {
      format: FORMAT_VERSION,
      schemaVersion: snapshot.migrations.length,
      migrations: snapshot.migrations,
      engine: snapshot.engine,
      createdAt: options.now.toISOString(),
      tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })),
    };
    write(MAGIC);
    frame('H', jsonPayload(header));
    const counts: Record<string, number> = {};
    for (const table of tables) {
      frame('T', jsonPayload({ name: table.name, columns: table.columns.map((c) => c.name) }));
      const encoder = new RowsEncoder();
      let rows = 0;
      for await (const batch of snapshot.rows(table)) {
        for (const row of batch) {
          encoder.add(row);
          rows++;
          if (encoder.bytes >= FRAME_BYTES) frame('R', encoder.take());
        }
      }
      if (encoder.rows > 0) frame('R', encoder.take());
      frame('E', jsonPayload({ name: table.name, rows }));
      counts[table.name] = rows;
    }
    frame('S', jsonPayload(await snapshot.sequences(tables)));
    const trailer: Trailer = { tables: counts, sha256: whole.hex() };
    frame('Z', jsonPayload(trailer));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
    return { file, bytes, sha256: whole.hex(), schemaVersion: header.schemaVersion, tables: counts };
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await snapshot?.close();
  }
}
