import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { sqlitePath } from '../../storage/sqlite/database.js';

/**
 * Why a backup may not be written where it was asked to go. `database`, `wal`, `shm`, `journal`: the SQLite
 * database itself or one of its side files (replacing one destroys the database under a server that has it
 * open); `folder`, `device`, `fifo`, `socket`, `special`: a path that is not a regular file (a rename would
 * put a regular file in place of a device node, and a folder cannot be replaced); `exists`: a regular file,
 * replaced only when asked to (`--force`).
 */
export type TargetProblem = 'database' | 'wal' | 'shm' | 'journal' | 'folder' | 'device' | 'fifo' | 'socket' | 'special' | 'exists';

/** SQLite's files beside a database: the write-ahead log, its shared memory index, the rollback journal. */
const SIDE_FILES = [
  ['-wal', 'wal'],
  ['-shm', 'shm'],
  ['-journal', 'journal'],
] as const;

const WHAT: Record<Exclude<TargetProblem, 'exists'>, string> = {
  database: 'it is the database itself',
  wal: "it is the database's write-ahead log (-wal)",
  shm: "it is the database's shared-memory index (-shm)",
  journal: "it is the database's rollback journal (-journal)",
  folder: 'it is a folder',
  device: 'it is a device, not a regular file',
  fifo: 'it is a named pipe (FIFO), not a regular file',
  socket: 'it is a socket, not a regular file',
  special: 'it is not a regular file',
};

/** A target refused before anything was written, with why in words. */
export interface TargetRefusal {
  problem: TargetProblem;
  reason: string;
}

const statOrNull = (path: string, follow: boolean): Stats | null => {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return null;
  }
};

const realOrNull = (path: string): string | null => {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
};

const sameFile = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;

/** The kind of a path that is not a regular file, or null for a regular file. */
function notRegular(st: Stats): Exclude<TargetProblem, 'exists' | 'database' | 'wal' | 'shm' | 'journal'> | null {
  if (st.isFile()) return null;
  if (st.isDirectory()) return 'folder';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'device';
  if (st.isFIFO()) return 'fifo';
  if (st.isSocket()) return 'socket';
  return 'special';
}

/**
 * The SQLite database's file and side files that `file` would be or replace: compared by device and inode
 * where they exist (a hard link, a symbolic link, another spelling of the path), and by real path where they
 * do not yet (a `-wal` written there would be read as the database's log at its next open).
 */
function sqliteClash(databaseUrl: string, file: string): Exclude<TargetProblem, 'exists'> | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:') return null;
  const database = resolve(path);
  const databaseReal = join(realOrNull(dirname(database)) ?? dirname(database), basename(database));
  const target = statOrNull(file, true);
  const targetReal = realOrNull(file) ?? join(realOrNull(dirname(file)) ?? dirname(file), basename(file));
  const candidates: [string, Exclude<TargetProblem, 'exists'>][] = [
    ['', 'database'],
    ...SIDE_FILES.map(([suffix, problem]): [string, Exclude<TargetProblem, 'exists'>] => [suffix, problem]),
  ];
  for (const [suffix, problem] of candidates) {
    if (targetReal === databaseReal + suffix || resolve(file) === database + suffix) return problem;
    const existing = statOrNull(database + suffix, true);
    if (target && existing && sameFile(target, existing)) return problem;
  }
  return null;
}

/**
 * Whether a backup may be written to `file` (an absolute path) for the database at `databaseUrl`: never the
 * SQLite database or its side files, never a path that exists and is not a regular file (followed through
 * symbolic links), and an existing regular file only with `force`. Null when it may.
 */
export function targetRefusal(databaseUrl: string, file: string, force: boolean): TargetRefusal | null {
  const clash = sqliteClash(databaseUrl, file);
  if (clash) return { problem: clash, reason: `${WHAT[clash]} (DATABASE_URL ${databaseUrl}): write the backup to another file` };
  const link = statOrNull(file, false);
  if (link === null) return null;
  // A symbolic link is judged by what it points to; one that points nowhere is replaced like a file.
  const st = link.isSymbolicLink() ? (statOrNull(file, true) ?? link) : link;
  const kind = st.isSymbolicLink() ? null : notRegular(st);
  if (kind) return { problem: kind, reason: `${WHAT[kind]}: a backup is written to a regular file` };
  if (!force) return { problem: 'exists', reason: 'it already exists; nothing was written' };
  return null;
}
