import { StorageUnavailableError } from './unavailable.js';

/** The database named by DATABASE_URL could not be opened or migrated. */
export class StorageOpenError extends Error {
  constructor(databaseUrl: string, cause: unknown) {
    const reason = cause instanceof StorageUnavailableError ? cause.cause : cause;
    super(`cannot open the database ${withoutPassword(databaseUrl)}: ${reason instanceof Error ? reason.message : String(reason)}`, {
      cause,
    });
    this.name = 'StorageOpenError';
  }
}

/** The database URL as a message may show it: its password replaced by `***`. */
export function withoutPassword(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return databaseUrl.split(':')[0] ?? '';
  }
}

/** No backup could be written into BACKUP_DIR before migrating: nothing was migrated. */
export class BackupBeforeMigratingError extends Error {
  constructor(cause: unknown) {
    super(
      `no backup could be written to BACKUP_DIR before migrating (${cause instanceof Error ? cause.message : String(cause)}); nothing was migrated: fix BACKUP_DIR, or unset it to migrate without a backup`,
      { cause },
    );
    this.name = 'BackupBeforeMigratingError';
  }
}

/** An operator command found no database where it looked, and creates none (only `serve`, `migrate` and `restore` do). */
export class NoDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoDatabaseError';
  }
}
