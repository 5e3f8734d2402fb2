import type { FeatureMigrations } from '../storage/migrations.js';

export const keyMigrations: FeatureMigrations = {
  feature: 'keys',
  sqlite: [
    {
      version: 1,
      name: 'API keys, stored as hashes',
      sql: `
        CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          name TEXT,
          secret_hash BLOB NOT NULL UNIQUE,
          hint TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          revoked_at INTEGER
        );
        CREATE INDEX api_keys_project ON api_keys(project_id);`,
    },
    { version: 2, name: 'key bans', sql: 'ALTER TABLE api_keys ADD COLUMN banned_until INTEGER;' },
    { version: 3, name: 'key last use', sql: 'ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER;' },
    {
      version: 4,
      name: 'key scope and expiry',
      sql: `
        ALTER TABLE api_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'write';
        ALTER TABLE api_keys ADD COLUMN expires_at INTEGER;`,
    },
    {
      version: 5,
      name: 'which key replaced a rolled key',
      kind: 'expand',
      sql: `
        ALTER TABLE api_keys ADD COLUMN replaced_by TEXT;
        CREATE INDEX api_keys_replaced_by ON api_keys(replaced_by);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'API keys, stored as hashes',
      sql: `
        CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          name TEXT,
          secret_hash BYTEA NOT NULL UNIQUE,
          hint TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          revoked_at TIMESTAMPTZ
        );
        CREATE INDEX api_keys_project ON api_keys(project_id);`,
    },
    { version: 2, name: 'key bans', sql: 'ALTER TABLE api_keys ADD COLUMN banned_until TIMESTAMPTZ;' },
    { version: 3, name: 'key last use', sql: 'ALTER TABLE api_keys ADD COLUMN last_used_at TIMESTAMPTZ;' },
    {
      version: 4,
      name: 'key scope and expiry',
      sql: `
        ALTER TABLE api_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'write';
        ALTER TABLE api_keys ADD COLUMN expires_at TIMESTAMPTZ;`,
    },
    {
      version: 5,
      name: 'which key replaced a rolled key',
      kind: 'expand',
      sql: `
        ALTER TABLE api_keys ADD COLUMN replaced_by TEXT;
        CREATE INDEX api_keys_replaced_by ON api_keys(replaced_by);`,
    },
  ],
};
