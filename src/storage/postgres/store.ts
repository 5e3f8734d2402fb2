import { postgresKeys } from '../../keys/postgres.js';
import { postgresOrders } from '../../orders/postgres.js';
import { postgresPets } from '../../pets/postgres.js';
import { postgresProjects } from '../../projects/postgres.js';
import type { Store } from '../store.js';
import { currentVersion, migratePostgres } from './migrate.js';
import { createPool, guard } from './pool.js';

/** Opens a connection pool to `postgres://…`, migrating first unless told not to. */
export async function openPostgresStore(databaseUrl: string, options: { migrate: boolean; poolSize: number }): Promise<Store> {
  const pool = createPool(databaseUrl, options.poolSize);
  try {
    if (options.migrate) await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    engine: 'postgres',
    projects: postgresProjects(pool),
    keys: postgresKeys(pool),
    pets: postgresPets(pool),
    orders: postgresOrders(pool),
    ping: () => guard(async () => void (await pool.query('SELECT 1'))),
    schemaVersion: () => guard(() => currentVersion(pool)),
    close: () => pool.end(),
  };
}
