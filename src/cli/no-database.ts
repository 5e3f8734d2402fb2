import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { NoDatabaseError } from '../storage/open-error.js';

/** The database the configuration names when DATABASE_URL is not set. */
export const DEFAULT_DATABASE = 'data/petstore.db';

const named = () => process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';

/**
 * Refuses when the SQLite file the command would open does not exist: opening it would create an empty
 * database, and the command would answer from it instead of from the server's (only `serve`,
 * `migrate` and `restore` create one). A PostgreSQL database is never created by Petstore: the server
 * itself answers that it does not exist.
 */
export async function requireDatabase(databaseUrl: string, command: string): Promise<void> {
  if (!databaseUrl.startsWith('sqlite:')) return;
  const { sqlitePath } = await import('../storage/sqlite/database.js');
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:' || existsSync(path)) return;
  const where = resolve(path);
  throw new NoDatabaseError(
    named()
      ? `no database at ${where} (DATABASE_URL): "${command}" creates none: set DATABASE_URL to the server's database (the one petstore serve uses), or create this one with petstore migrate`
      : `no database at ${where} (the default ./${DEFAULT_DATABASE}, looked for in ${process.cwd()}): "${command}" creates none: run it in the folder the server runs in, or set DATABASE_URL to the server's database (with --local when signed in to a server)`,
  );
}
