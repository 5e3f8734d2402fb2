import { StorageUnavailableError } from '../http/errors.js';
import type { Store } from './store.js';
import { openPostgresStore } from './postgres/store.js';
import { openSqliteStore } from './sqlite/store.js';

export interface OpenOptions {
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** Most connections kept to PostgreSQL (default 10); SQLite uses one. */
  poolSize?: number;
}

/** The database named by DATABASE_URL could not be opened or migrated. */
export class StoreOpenError extends Error {
  constructor(databaseUrl: string, cause: unknown) {
    const reason = cause instanceof StorageUnavailableError ? cause.cause : cause;
    super(`cannot open the database ${withoutPassword(databaseUrl)}: ${reason instanceof Error ? reason.message : String(reason)}`, {
      cause,
    });
    this.name = 'StoreOpenError';
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

/** Opens the store named by DATABASE_URL: `sqlite:…` or `postgres://…`. */
export async function openStore(databaseUrl: string, options: OpenOptions = {}): Promise<Store> {
  const migrate = options.migrate ?? true;
  try {
    if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl, { migrate });
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) return await openPostgresStore(databaseUrl, { migrate, poolSize: options.poolSize ?? 10 });
  } catch (err) {
    throw new StoreOpenError(databaseUrl, err);
  }
  throw new Error(`DATABASE_URL: unsupported database ${databaseUrl.split(':')[0] ?? ''} (use sqlite: or postgres://)`);
}
