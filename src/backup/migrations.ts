import type { FeatureMigrations } from '../storage/migrations.js';

export const backupMigrations: FeatureMigrations = {
  feature: 'backup',
  sqlite: [
    {
      version: 1,
      name: 'the lease of scheduled backups (one instance writes them at a time)',
      sql: `
        CREATE TABLE backup_lease (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          holder TEXT NOT NULL,
          lease_until INTEGER NOT NULL
        );`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'the lease of scheduled backups (one instance writes them at a time)',
      sql: `
        CREATE TABLE backup_lease (
          id BIGINT PRIMARY KEY CHECK (id = 1),
          holder TEXT NOT NULL,
          lease_until TIMESTAMPTZ NOT NULL
        );`,
    },
  ],
};
