import type { Store } from './store.js';
import { openPostgresStore } from './postgres/store.js';
import { openSqliteStore } from './sqlite/store.js';

export interface OpenOptions {
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** Most connections kept to PostgreSQL (default 10); SQLite uses one. */
  poolSize?: number;
}

/** Opens the store named by DATABASE_URL: `sqlite:…` or `postgres://…`. */
export async function openStore(databaseUrl: string, options: OpenOptions = {}): Promise<Store> {
  const migrate = options.migrate ?? true;
  if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl, { migrate });
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgresStore(databaseUrl, { migrate, poolSize: options.poolSize ?? 10 });
  throw new Error(`DATABASE_URL: unsupported database ${databaseUrl.split(':')[0] ?? ''} (use sqlite: or postgres://)`);
}
