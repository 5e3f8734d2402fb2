import type { SqliteDb } from './sqlite/database.js';
import type { GroupCommit } from './sqlite/group-commit.js';
import type { PgDatabase } from './postgres/database.js';

/** One SQLite connection; writes that need a durable commit go through `writes` (group commit). */
export interface SqliteDatabase {
  engine: 'sqlite';
  sqlite: SqliteDb;
  writes: GroupCommit;
}

/** A PostgreSQL pool that fails fast with StorageUnavailableError while the server is unreachable. */
export interface PostgresDatabase {
  engine: 'postgres';
  pg: PgDatabase;
}

/**
 * The database a capability's repositories are built on. Each capability
 * picks its implementation by `engine`; storage/ knows no capability.
 */
export type Database = SqliteDatabase | PostgresDatabase;
