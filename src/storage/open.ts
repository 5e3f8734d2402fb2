import cluster from 'node:cluster';
import { VERSION } from '../version.js';
import type { Database } from './database.js';
import {
  runPlan,
  SchemaTooNewError,
  type AppliedMigration,
  type FeatureMigrations,
  type MigrationRun,
  type PlannedMigration,
  type SchemaState,
} from './migrations.js';
import { guard as sqliteGuard, openSqlite } from './sqlite/database.js';
import { GroupCommit } from './sqlite/group-commit.js';
import { appliedSqlite, migrateSqlite, stateSqlite } from './sqlite/migrate.js';
import { BackupBeforeMigratingError, StorageOpenError } from './open-error.js';

export { StorageOpenError };

export interface OpenOptions {
  /** Every capability's migrations, in the order of the composition root. */
  migrations: readonly FeatureMigrations[];
  /** Apply pending migrations first (default true): baseline and expand ones (docs/upgrading.md). */
  migrate?: boolean;
  /** Apply contract migrations too (`migrate --contract`). */
  contract?: boolean;
  /** The release recorded with each migration applied (default: this build's). */
  release?: string;
  /**
   * Called before a database that already holds data is migrated, with what will be applied (never when
   * nothing is pending, nor on a new database): the backup into BACKUP_DIR. Migrating waits for it.
   */
  beforeMigrating?(apply: PlannedMigration[]): Promise<void>;
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
  /** The database's migrations as this build sees them, read now (an instance keeps serving after a newer release migrates). */
  schema(): Promise<SchemaState>;
  /** What opening applied and left waiting; null when it did not migrate. */
  readonly migrated: MigrationRun | null;
  close(): Promise<void>;
}

/**
 * Migrates unless told not to: refuses a schema newer than this build, and calls `beforeMigrating` when
 * there is something to apply to a database that holds data, then applies it (the runner checks again
 * under its lock: another instance may have migrated meanwhile).
 */
async function migrateFirst(
  options: OpenOptions,
  state: () => SchemaState | Promise<SchemaState>,
  run: () => MigrationRun | Promise<MigrationRun>,
): Promise<MigrationRun | null> {
  if (!(options.migrate ?? true)) return null;
  if (options.beforeMigrating) {
    const now = await state();
    if (now.unknown.length > 0) throw new SchemaTooNewError(now, VERSION);
    const { apply } = runPlan(now, options.contract ?? false);
    if (apply.length > 0 && !now.isNew) {
      try {
        await options.beforeMigrating(apply);
      } catch (err) {
        throw new BackupBeforeMigratingError(err);
      }
    }
  }
  return run();
}

async function openSqliteStorage(databaseUrl: string, options: OpenOptions): Promise<Storage> {
  const sqlite = openSqlite(databaseUrl);
  let migrated: MigrationRun | null;
  try {
    migrated = await migrateFirst(
      options,
      () => stateSqlite(sqlite, options.migrations),
      () => migrateSqlite(sqlite, options.migrations, options),
    );
  } catch (err) {
    sqlite.close();
    throw err;
  }
  const ping = sqlite.prepare('SELECT 1');
  // Workers (WORKERS > 1) share the database file: a batch waits for another's lock without blocking its process.
  const writes = new GroupCommit(sqlite, { yieldOnBusy: cluster.isWorker });
  return {
    database: { engine: 'sqlite', sqlite, writes },
    engine: 'sqlite',
    ping: () => sqliteGuard(() => void ping.get()),
    applied: () => sqliteGuard(() => appliedSqlite(sqlite)),
    schema: () => sqliteGuard(() => stateSqlite(sqlite, options.migrations)),
    migrated,
    close: async () => {
      writes.flush();
      sqlite.close();
    },
  };
}

async function openPostgresStorage(databaseUrl: string, options: OpenOptions): Promise<Storage> {
  // Loaded only for PostgreSQL: the driver adds about 3 MB to the heap of a process that does not use it.
  const [{ PgDatabase, guard: pgGuard }, { appliedPostgres, migratePostgres, statePostgres }] = await Promise.all([
    import('./postgres/database.js'),
    import('./postgres/migrate.js'),
  ]);
  const pg = new PgDatabase(databaseUrl, options.poolSize ?? 10);
  const schema = () => pgGuard(() => statePostgres(pg.pool, options.migrations));
  let migrated: MigrationRun | null;
  try {
    migrated = await migrateFirst(options, schema, () => migratePostgres(pg.pool, options.migrations, options));
  } catch (err) {
    await pg.end();
    throw err;
  }
  return {
    database: { engine: 'postgres', pg },
    engine: 'postgres',
    ping: async () => void (await pg.query('SELECT 1')),
    applied: () => pgGuard(() => appliedPostgres(pg.pool)),
    schema,
    migrated,
    close: () => pg.end(),
  };
}

/**
 * Opens the database named by DATABASE_URL (`sqlite:…` or `postgres://…`), migrating it first unless told
 * not to. Rejects with SchemaTooNewError when a newer release has migrated it.
 */
export async function openStorage(databaseUrl: string, options: OpenOptions): Promise<Storage> {
  try {
    if (databaseUrl.startsWith('sqlite:')) return await openSqliteStorage(databaseUrl, options);
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) return await openPostgresStorage(databaseUrl, options);
  } catch (err) {
    // Each says in one line what to do; neither is about reaching the database.
    if (err instanceof SchemaTooNewError || err instanceof BackupBeforeMigratingError) throw err;
    throw new StorageOpenError(databaseUrl, err);
  }
  throw new StorageOpenError(
    databaseUrl,
    new Error(`unsupported database ${databaseUrl.split(':')[0] ?? ''} (use sqlite: or postgres://)`),
  );
}
