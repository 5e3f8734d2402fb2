import type { Database } from '../../storage/database.js';
import { sqlFor } from '../../storage/sql.js';

/** The one row that says which instance writes scheduled backups, until when. */
export interface BackupLease {
  /** Takes the lease when it is free, expired or already `holder`'s; true when taken. */
  take(holder: string, until: Date, now: Date): Promise<boolean>;
  release(holder: string): Promise<void>;
}

export function openBackupLease(database: Database): BackupLease {
  const sql = sqlFor(database);
  return {
    take: async (holder, until, now) =>
      (await sql.run(
        `INSERT INTO backup_lease (id, holder, lease_until) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, lease_until = excluded.lease_until
         WHERE backup_lease.lease_until < ? OR backup_lease.holder = ?`,
        [holder, until, now, holder],
      )) === 1,
    release: async (holder) => {
      await sql.run('UPDATE backup_lease SET lease_until = ? WHERE holder = ?', [new Date(0), holder]);
    },
  };
}
