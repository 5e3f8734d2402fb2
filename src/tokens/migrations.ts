import type { FeatureMigrations } from '../storage/migrations.js';

export const tokenMigrations: FeatureMigrations = {
  feature: 'tokens',
  sqlite: [
    {
      version: 1,
      name: 'personal access tokens, stored as hashes',
      sql: `
        CREATE TABLE access_tokens (
          id TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id),
          name TEXT NOT NULL,
          scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
          projects TEXT,
          secret_hash BLOB NOT NULL UNIQUE,
          hint TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          revoked_at INTEGER,
          last_used_at INTEGER
        );
        CREATE INDEX access_tokens_user ON access_tokens(user_id);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'personal access tokens, stored as hashes',
      sql: `
        CREATE TABLE access_tokens (
          id TEXT PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users(id),
          name TEXT NOT NULL,
          scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
          projects TEXT,
          secret_hash BYTEA NOT NULL UNIQUE,
          hint TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          expires_at TIMESTAMPTZ NOT NULL,
          revoked_at TIMESTAMPTZ,
          last_used_at TIMESTAMPTZ
        );
        CREATE INDEX access_tokens_user ON access_tokens(user_id);`,
    },
  ],
};
