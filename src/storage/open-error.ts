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

function withoutPassword(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return databaseUrl.split(':')[0] ?? '';
  }
}
