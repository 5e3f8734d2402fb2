import type { Database } from '../../storage/database.js';
import { MalformedBackup } from '../file/format.js';
import type { OnRows, Standing } from '../progress.js';
import type { VerifiedBackup } from '../file/reader.js';
import type { ReleaseFacts } from '../release.js';
import type { BackupSummary } from '../file/writer.js';
import { corrupt } from './refusals.js';
import { checkVersion, match, verify } from './checks.js';
import { restorePostgres } from './postgres.js';
import { restoreSqlite } from './sqlite.js';
import { newDatabase } from './seeded.js';

export { RestoreRefused, type RestoreRefusalCode } from './refusals.js';

/** The release's migrations, the tables left out of backups (rows there do not make the target "not empty") and the checks. */
export type RestoreOptions = ReleaseFacts;

function summary(file: string, verified: VerifiedBackup): BackupSummary {
  return { file, bytes: verified.bytes, sha256: verified.sha256, schemaVersion: verified.header.schemaVersion, tables: verified.tables };
}

/**
 * Checks a backup before anything is created or written: the whole file read and every checksum verified,
 * its schema not newer than this release's (`backup_too_new`), and, for a target the restore is to create
 * (`newTarget`), each of its tables and columns in the schema this release creates.
 */
export async function verifyBackup(file: string, options: RestoreOptions, newTarget = false): Promise<VerifiedBackup> {
  const verified = await verify(file);
  checkVersion(verified.header, options.migrations);
  if (newTarget) match(verified.header, (await newDatabase(options.migrations)).schema, options.migrations);
  return verified;
}

/**
 * Loads a backup into an empty database of either engine: the whole file is read
 * and every checksum verified first (unless `verified` by verifyBackup already); then, in one transaction, the target is
 * checked empty and every row written (each value checked against its column, every
 * constraint and the release's restore checks held), and serial sequences are set past every
 * restored id. Refusals leave the target as it was.
 */
export async function restoreBackup(
  target: { databaseUrl: string; database: Database },
  file: string,
  options: RestoreOptions,
  progress?: (s: Standing) => void,
  verified?: VerifiedBackup,
): Promise<BackupSummary> {
  const checked = verified ?? (await verifyBackup(file, options));
  const totalRows = Object.values(checked.tables).reduce((a, b) => a + b, 0);
  let rows = 0;
  const onRows: OnRows | undefined = progress
    ? (t, n, at) => {
        rows += n;
        progress({ table: t.name, rows, totalRows, bytes: at, done: checked.bytes > 0 ? at / checked.bytes : null });
      }
    : undefined;
  const restore = async () => {
    if (target.database.engine === 'sqlite') await restoreSqlite(target.database.sqlite, file, checked, options, onRows);
    else await restorePostgres(target.databaseUrl, file, checked, options, onRows);
  };
  try {
    await restore();
  } catch (err) {
    // The file changed between the check and the restore: the transaction was rolled back.
    if (err instanceof MalformedBackup) throw corrupt(err.message);
    throw err;
  }
  return summary(file, checked);
}
