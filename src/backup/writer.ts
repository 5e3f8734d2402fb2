import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  FORMAT_VERSION,
  MAGIC,
  RowsEncoder,
  RunningHash,
  frameParts,
  jsonPayload,
  type BackupHeader,
  type BackupOrigin,
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

/** Where a backup stands while it is written: the table being read, what is done, what is estimated in all. */
export interface BackupProgress {
  table: string;
  rows: number;
  bytes: number;
  /** Rows of every table together, estimated when the backup starts (0: unknown). */
  totalRows: number;
}

export interface BackupOptions {
  /** Tables the capabilities leave out (see Feature.backupLeavesOut). */
  leaveOut: ReadonlySet<string>;
  now: Date;
  /** Who writes it (in the header): scheduled ones and those before migrating are the ones BACKUP_DIR's retention may remove. */
  origin?: BackupOrigin;
  /** Told after each batch of rows. */
  progress?(p: BackupProgress): void;
  /** PostgreSQL: how long the database may stay silent before the backup fails (snapshot.ts SILENCE_MS by default). */
  silenceMs?: number;
}

/** The file could not be written (its folder is missing, the disk is full…): the database is not at fault. */
export class BackupFileError extends Error {
  readonly code: string;
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const code = (cause as { code?: string }).code ?? '';
    super(`cannot write ${file}: ${fileProblem(code, file) ?? (cause instanceof Error ? cause.message : String(cause))}`, { cause });
    this.name = 'BackupFileError';
    this.code = code;
  }
}

function fileProblem(code: string, file: string): string | undefined {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk is full (${code}); nothing was written`;
    case 'ENOENT':
      return `the folder ${dirname(file)} does not exist`;
    case 'ENOTDIR':
      return `${dirname(file)} is not a folder`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `no permission to write in ${dirname(file)} (${code})`;
    case 'EISDIR':
      return 'it is a folder';
    default:
      return undefined;
  }
}

/** Runs a file system call, its failure a BackupFileError. */
function onDisk<T>(file: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new BackupFileError(file, err);
  }
}

/**
 * Writes a consistent snapshot of the database at `databaseUrl` to `file`. The file
 * appears only once complete (written beside it, flushed to disk, then renamed),
 * so a failed backup never leaves a file that looks like one. The partial file has
 * a name nobody can guess and is created new (never through a link someone planted), readable by its owner only.
 */
export async function writeBackup(databaseUrl: string, file: string, options: BackupOptions): Promise<BackupSummary> {
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString('hex')}.partial`);
  const fd = onDisk(file, () => openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600));
  const whole = new RunningHash();
  let bytes = 0;
  const write = (b: Buffer) => {
    let at = 0;
    while (at < b.length) at += onDisk(file, () => writeSync(fd, b, at, b.length - at));
    whole.update(b);
    bytes += b.length;
  };
  const frame = (kind: FrameKind, payload: Buffer) => {
    for (const part of frameParts(kind, payload)) write(part);
  };
  let snapshot: Awaited<ReturnType<typeof openSnapshot>> | undefined;
  try {
    snapshot = await openSnapshot(databaseUrl, options.silenceMs);
    const tables = snapshot.schema.tables.filter((t) => !options.leaveOut.has(t.name));
    const header: BackupHeader = {
      format: FORMAT_VERSION,
      schemaVersion: snapshot.migrations.length,
      migrations: snapshot.migrations,
      engine: snapshot.engine,
      createdAt: options.now.toISOString(),
      ...(options.origin ? { origin: options.origin } : {}),
      tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })),
    };
    write(MAGIC);
    frame('H', jsonPayload(header));
    const counts: Record<string, number> = {};
    const totalRows = options.progress ? await snapshot.estimateRows(tables) : 0;
    let done = 0;
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
        options.progress?.({ table: table.name, rows: done + rows, bytes, totalRows });
      }
      if (encoder.rows > 0) frame('R', encoder.take());
      frame('E', jsonPayload({ name: table.name, rows }));
      counts[table.name] = rows;
      done += rows;
    }
    frame('S', jsonPayload(await snapshot.sequences(tables)));
    const trailer: Trailer = { tables: counts, sha256: whole.hex() };
    frame('Z', jsonPayload(trailer));
    onDisk(file, () => {
      fsyncSync(fd);
      closeSync(fd);
      renameSync(partial, file);
    });
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
