import type { Store } from './store.js';
import { openSqliteStore } from './sqlite/store.js';

/** Opens the store named by DATABASE_URL, applying pending migrations unless told not to. */
export async function openStore(databaseUrl: string, options: { migrate?: boolean } = {}): Promise<Store> {
  const migrate = options.migrate ?? true;
  if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl, { migrate });
  throw new Error(`DATABASE_URL: unsupported database ${databaseUrl.split(':')[0] ?? ''} (this build supports sqlite:)`);
}
