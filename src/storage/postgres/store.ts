import { postgresKeys } from '../../keys/postgres.js';
import { postgresOrders } from '../../orders/postgres.js';
import { postgresPets } from '../../pets/postgres.js';
import { postgresProjects } from '../../projects/postgres.js';
import type { Store } from '../store.js';
import { guard, PgDatabase } from './database.js';
import { currentVersion, migratePostgres } from './migrate.js';

/** Opens a connection pool to `postgres://…`, migrating first unless told not to. */
export async function openPostgresStore(databaseUrl: string, options: { migrate: boolean; poolSize: number }): Promise<Store> {
  const db = new PgDatabase(databaseUrl, options.poolSize);
  try {
    if (options.migrate) await migratePostgres(db.pool);
  } catch (err) {
    await db.end();
    throw err;
  }
  return {
    engine: 'postgres',
    projects: postgresProjects(db),
    keys: postgresKeys(db),
    pets: postgresPets(db),
    orders: postgresOrders(db),
    ping: async () => void (await db.query('SELECT 1')),
    schemaVersion: () => guard(() => currentVersion(db.pool)),
    close: () => db.end(),
  };
}
