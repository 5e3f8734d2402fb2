import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, linkSync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
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
import { tracing, type SpanOptions } from '../../telemetry/tracing.js';
import { targetRefusal, type TargetProblem, type TargetRefusal } from './target.js';

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
  /** Replace the file when it exists and is a regular file (never the database, its side files, or anything else). */
  force?: boolean;
}

/** The file could not be written (its folder is missing, the disk is full…, or the target is refused): the database is not at fault. */
export class BackupFileError extends Error {
  /** The system's error code (`ENOSPC`…), '' for a refused target. */
  readonly code: string;
  /** Why the target was refused before anything was written; null when writing failed. */
  readonly problem: TargetProblem | null;
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const refusal = isRefusal(cause) ? cause : null;
    const code = refusal ? '' : ((cause as { code?: string }).code ?? '');
    const reason = refusal?.reason ?? fileProblem(code, file) ?? (cause instanceof Error ? cause.message : String(cause));
    super(`cannot write ${file}: ${reason}`, refusal ? {} : { cause });
    this.name = 'BackupFileError';
    this.code = code;
    this.problem = refusal?.problem ?? null;
  }
}

/**
 * The database failed the backup: it could not be opened (`open`), or it stopped answering or ended the
 * connection while being read (`read`: a restart, `pg_terminate_backend`). Nothing was written.
 */
export class BackupSourceError extends Error {
  constructor(
    readonly stage: 'open' | 'read',
    cause: unknown,
  ) {
    super(stage === 'open' ? reasonOf(cause) : readProblem(cause), { cause });
    this.name = 'BackupSourceError';
  }
}

const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** SQLSTATEs of a connection the server ended: an administrator (`pg_terminate_backend`), a shutdown, a crash. */
const ENDED = new Set(['57P01', '57P02', '57P03']);

function readProblem(cause: unknown): string {
  const code = String((cause as { code?: unknown }).code ?? '');
  const reason = reasonOf(cause);
  if (ENDED.has(code) || /terminat|not queryable|ECONNRESET/i.test(`${code} ${reason}`))
    return `the database ended the backup's connection while it was being read (${reason}); nothing was written: run it again once the database accepts connections`;
  return `reading the database failed part way (${reason}); nothing was written`;
}

const isRefusal = (value: unknown): value is TargetRefusal =>
  typeof value === 'object' && value !== null && 'problem' in value && 'reason' in value && !(value instanceof Error);

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
    throw err instanceof BackupFileError ? err : new BackupFileError(file, err);
  }
}

/** Refuses a target `targetRefusal` refuses (target.ts), before anything is written and again before the rename. */
function checkTarget(databaseUrl: string, file: string, force: boolean): void {
  const refusal = targetRefusal(databaseUrl, file, force);
  if (refusal) throw new BackupFileError(file, refusal);
}

/** Codes of a file system that has no hard links: the complete file is renamed into place instead. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EXDEV']);

/**
 * Puts the complete partial file at `file`. Without `force`, by a hard link, which fails when a file
 * appeared there meanwhile (nothing is ever replaced that was not asked for), then the partial name is
 * removed; where links are not supported, and with `force`, by a rename once the target is checked again.
 * The folder is flushed so the new name survives a crash.
 */
function publish(databaseUrl: string, partial: string, file: string, force: boolean): void {
  let linked = false;
  if (!force) {
    try {
      linkSync(partial, file);
      linked = true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') checkTarget(databaseUrl, file, false);
      if (!NO_LINKS.has(code)) throw new BackupFileError(file, err);
    }
  }
  if (linked) unlinkSync(partial);
  else {
    checkTarget(databaseUrl, file, force);
    renameSync(partial, file);
  }
  try {
    const dir = openSync(dirname(file), constants.O_RDONLY);
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // A folder some systems cannot open or flush: the rename stands, as the file system keeps it.
  }
}

/**
 * Writes a consistent snapshot of the database at `databaseUrl` to `file`. The file
 * appears only once complete (written beside it, flushed to disk, then linked or renamed into place),
 * so a failed backup never leaves a file that looks like one. The partial file has
 * a name nobody can guess and is created new (never through a link someone planted), readable by its owner only.
 * The target is refused before anything is written when it is the SQLite database or one of its side files,
 * when it exists and is not a regular file, and when it exists at all unless `force` (target.ts).
 */
export function writeBackup(databaseUrl: string, file: string, options: BackupOptions): Promise<BackupSummary> {
  const t = tracing();
  if (!t.enabled) return write(databaseUrl, file, options);
  return t.inSpan('backup', backupSpan(databaseUrl, options), async (span) => {
    const summary = await write(databaseUrl, file, options);
    span.setAttributes({
      'petstore.backup.bytes': summary.bytes,
      'petstore.backup.tables': Object.keys(summary.tables).length,
      'petstore.backup.rows': Object.values(summary.tables).reduce((a, b) => a + b, 0),
    });
    return summary;
  });
}

/**
 * A backup's span (scheduled, before migrating, or `petstore backup`: the CLI installs no telemetry today): the engine, what
 * asked for it and where it goes (a local file, the only destination there is), then its size; failures
 * marked. A child of the span active as it starts, if any; else a trace of its own.
 */
function backupSpan(databaseUrl: string, options: BackupOptions): SpanOptions {
  return {
    kind: 'internal',
    attributes: {
      'db.system': databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgresql',
      'petstore.backup.origin': options.origin,
      'petstore.backup.destination': 'file',
    },
  };
}

async function write(databaseUrl: string, file: string, options: BackupOptions): Promise<BackupSummary> {
  const force = options.force ?? false;
  checkTarget(databaseUrl, file, force);
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
    snapshot = await openSnapshot(databaseUrl, options.silenceMs).catch((err: unknown) => {
      throw new BackupSourceError('open', err);
    });
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
    });
    onDisk(file, () => publish(databaseUrl, partial, file, force));
    return { file, bytes, sha256: whole.hex(), schemaVersion: header.schemaVersion, tables: counts };
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(partial, { force: true });
    if (err instanceof BackupFileError || err instanceof BackupSourceError) throw err;
    // A connection lost between statements makes the next one say only that it is not queryable: the server's reason instead.
    throw new BackupSourceError('read', snapshot?.connectionError() ?? err);
  } finally {
    await snapshot?.close();
  }
}
