import { sqliteKeys } from '../../keys/sqlite.js';
import { sqliteOrders } from '../../orders/sqlite.js';
import { sqlitePets } from '../../pets/sqlite.js';
import { sqliteProjects } from '../../projects/sqlite.js';
import type { Store } from '../store.js';
import { currentVersion, guard, migrateSqlite, openSqlite } from './database.js';
import { GroupCommit } from './group-commit.js';

export function openSqliteStore(databaseUrl: string, options: { migrate: boolean }): Store {
  const db = openSqlite(databaseUrl);
  if (options.migrate) migrateSqlite(db);
  const ping = db.prepare('SELECT 1');
  const writes = new GroupCommit(db);
  return {
    engine: 'sqlite',
    projects: sqliteProjects(db),
    keys: sqliteKeys(db),
    pets: sqlitePets(db, writes),
    orders: sqliteOrders(db),
    ping: () => guard(() => void ping.get()),
    schemaVersion: () => guard(() => currentVersion(db)),
    close: async () => {
      writes.flush();
      db.close();
    },
  };
}
