import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { backupName } from './schedule/schedule.js';
import { writeBackup, type BackupSummary } from './file/writer.js';

/**
 * The backup written into BACKUP_DIR before a release migrates a database that holds data: the same file
 * as a scheduled backup (`petstore-<UTC time>.backup`), so going back is a restore of the newest one there
 * (docs/upgrading.md), and the schedule counts it as its latest.
 */
export async function backupBeforeMigrating(
  databaseUrl: string,
  dir: string,
  leaveOut: ReadonlySet<string>,
  now = new Date(),
): Promise<BackupSummary> {
  mkdirSync(dir, { recursive: true });
  return writeBackup(databaseUrl, join(dir, backupName(now)), { leaveOut, now, origin: 'before-migrating' });
}
