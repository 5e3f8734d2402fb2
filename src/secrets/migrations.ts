import type { FeatureMigrations } from '../storage/migrations.js';

export const secretMigrations: FeatureMigrations = {
  feature: 'secrets',
  sqlite: [
    {
      version: 1,
      name: 'keys generated on first start',
      sql: `
        CREATE TABLE secrets (
          name TEXT PRIMARY KEY,
          value BLOB NOT NULL,
          created_at INTEGER NOT NULL
        );`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'keys generated on first start',
      sql: `
        CREATE TABLE secrets (
          name TEXT PRIMARY KEY,
          value BYTEA NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );`,
    },
  ],
};
