import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Database } from '../../storage/database.js';
import type { FeatureMigrations } from '../../storage/migrations.js';
import { openStorage } from '../../storage/open.js';
import { sqlitePath } from '../../storage/sqlite/database.js';
import { RestoreRefused } from './refusals.js';
import { closeClient, postgresClient } from '../file/snapshot.js';

const sizeOf = (path: string) => statSync(path, { throwIfNoEntry: false })?.size;

/**
 * The SQLite file a restore is to create: its absolute path when no database is there yet (no file, or an
 * empty one without a write-ahead log), else null (a database to restore into in place, or not SQLite).
 */
export function newSqliteFile(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:') return null;
  const file = resolve(path);
  const main = statSync(file, { throwIfNoEntry: false });
  if (main && (!main.isFile() || main.size > 0)) return null;
  return (sizeOf(`${file}-wal`) ?? 0) > 0 ? null : file;
}

/** Whether the PostgreSQL database holds no table yet; false when it cannot be asked (opening it then says why). */
export async function postgresIsNew(databaseUrl: string): Promise<boolean> {
  let client;
  try {
    client = await postgresClient(databaseUrl, 10_000);
  } catch {
    return false;
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_catalog.pg_tables WHERE schemaname = current_schema()',
    );
    return rows[0]?.n === 0;
  } catch {
    return false;
  } finally {
    await closeClient(client);
  }
}

/** Removes a SQLite database's file and its side files. */
function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

/** File systems without hard links: the new database is renamed into place instead. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EXDEV']);

/** Puts the complete database at `file`: never over a database that appeared there meanwhile. */
function publish(built: string, file: string): void {
  const appeared = () =>
    new RestoreRefused(
      'database_not_empty',
      `A database was created at ${file} while the restore ran (a server or command started on it?). Nothing was written there; restore into a new database.`,
    );
  const present = sizeOf(file);
  if (present === undefined) {
    try {
      linkSync(built, file);
      unlinkSync(built);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') throw appeared();
      if (!NO_LINKS.has(code)) throw err;
      if (sizeOf(file) !== undefined) throw appeared();
      renameSync(built, file);
    }
  } else {
    // The empty file that was there (a new database, as an empty PostgreSQL database is one) is replaced.
    if (present !== 0 || (sizeOf(`${file}-wal`) ?? 0) > 0) throw appeared();
    renameSync(built, file);
  }
  try {
    const dir = openSync(dirname(file), constants.O_RDONLY);
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // A folder some systems cannot open or flush: the new name stands, as the file system keeps it.
  }
}

/**
 * Restores into a new SQLite database at `file` (nothing there, or an empty file): the database is made
 * beside it under a name nobody can guess, migrated, loaded by `restore`, closed, and only then put at
 * `file`. A restore that is refused, fails or is killed leaves no database there, and a refused one removes
 * what it made (the folder too, when it made it): nothing is left behind.
 */
export async function restoreIntoNewFile<T>(
  file: string,
  migrations: readonly FeatureMigrations[],
  restore: (target: { databaseUrl: string; database: Database }) => Promise<T>,
): Promise<T> {
  const madeFolder = mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const built = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString('hex')}.restoring`);
  const databaseUrl = `sqlite:${built}`;
  try {
    const storage = await openStorage(databaseUrl, { migrations, poolSize: 1 });
    let result: T;
    try {
      result = await restore({ databaseUrl, database: storage.database });
    } finally {
      await storage.close();
    }
    publish(built, file);
    return result;
  } catch (err) {
    removeDatabase(built);
    // The folders it made, from the deepest, each only while empty.
    if (madeFolder !== undefined)
      for (let dir = dirname(file); dir.startsWith(madeFolder); dir = dirname(dir)) {
        try {
          rmdirSync(dir);
        } catch {
          break;
        }
      }
    throw err;
  }
}
