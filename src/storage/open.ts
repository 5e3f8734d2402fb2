import type { Database } from './database.js';
import type { AppliedMigration, FeatureMigrations } from './migrations.js';
import { guard as sqliteGuard, openSqlite } from './sqlite/database.js';
import { GroupCommit } from './sqlite/group-commit.js';
import { appliedSqlite, migrateSqlite } from './sqlite/migrate.js';
import { StorageOpenError } from './open-error.js';

export { StorageOpenError };

export interface OpenOptions {
  /** Every capability's migrations, in the order of the composition root. */
  migrations: readonly FeatureMigrations[];
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** Most connections kept to PostgreSQL (default 10); SQLite uses one. */
  poolSize?: number;
}

/** An open database with what the service asks of it as a whole. */
export interface Storage {
  readonly database: Database;
  readonly engine: Database['engine'];
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The capability migrations recorded as applied, in the order they were applied. */
  applied(): Promise<AppliedMigration[]>;
  close(): Promise<void>;
}

function openSqliteStorage(databaseUrl: string, options: OpenOptions): Storage {
  const sqlite = openSqlite(databaseUrl);
  try {
    if (options.migrate ?? true) migrateSqlite(sqlite, options.migrations);
  } catch (err) {
    sqlite.close();
    throw err;
  }
  const ping = sqlite.prepare('SELECT 1');
  const writes = new GroupCommit(sqlite);
  return {
    database: { engine: 'sqlite', sqlite, writes },
    engine: 'sqlite',
    ping: () => sqliteGuard(() => void ping.get()),
    applied: () => sqliteGuard(() => appliedSqlite(sqlite)),
    close: async () => {
      writes.flush();
      sqlite.close();
    },
  };
}

async function openPostgresStorage(databaseUrl: string, options: OpenOptions): Promise<Storage> {
  // Loaded only for PostgreSQL: the driver adds about 3 MB to the heap of a process that does not use it.
  const [{ PgDatabase, guard: pgGuard }, { appliedPostgres, migratePostgres }] = await Promise.all([
    import('./postgres/database.js'),
    import('./postgres/migrate.js'),
  ]);
  const pg = new PgDatabase(databaseUrl, options.poolSize ?? 10);
  try {
    if (options.migrate ?? true) await migratePostgres(pg.pool, options.migrations);
  } catch (err) {
    await pg.end();
    throw err;
  }
  return {
    database: { engine: 'postgres', pg },
    engine: 'postgres',
    ping: async () => void (await pg.query('SELECT 1')),
    applied: () => pgGuard(() => appliedPostgres(pg.pool)),
    close: () => pg.end(),
  };
}

/** Opens the database named by DATABASE_URL (`sqlite:…` or `postgres://…`), migrating it first unless told not to. */
export async function openStorage(databaseUrl: string, options: OpenOptions): Promise<Storage> {
  try {
    if (databaseUrl.startsWith('sqlite:')) return openSqliteStorage(databaseUrl, options);
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) return await openPostgresStorage(databaseUrl, options);
  } catch (err) {
    throw new StorageOpenError(databaseUrl, err);
  }
  throw new StorageOpenError(
    databaseUrl,
    new Error(`unsupported database ${databaseUrl.split(':')[0] ?? ''} (use sqlite: or postgres://)`),
  );
}
