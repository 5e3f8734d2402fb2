import type { FeatureMigrations } from '../storage/migrations.js';

export const petMigrations: FeatureMigrations = {
  feature: 'pets',
  sqlite: [
    {
      version: 1,
      name: 'pets and idempotency keys',
      sql: `
        CREATE TABLE pets (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          name TEXT NOT NULL,
          category_id INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
          created_at INTEGER NOT NULL
        );
        CREATE INDEX pets_project_id ON pets(project_id, id);
        CREATE INDEX pets_project_status_id ON pets(project_id, status, id);

        CREATE TABLE idempotency_keys (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          key TEXT NOT NULL,
          request_hash TEXT NOT NULL,
          pet_id INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (project_id, key)
        );
        CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'pets and idempotency keys',
      sql: `
        CREATE TABLE pets (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          name TEXT NOT NULL,
          category_id BIGINT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX pets_project_id ON pets(project_id, id);
        CREATE INDEX pets_project_status_id ON pets(project_id, status, id);

        CREATE TABLE idempotency_keys (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          key TEXT NOT NULL,
          request_hash TEXT NOT NULL,
          pet_id BIGINT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          PRIMARY KEY (project_id, key)
        );
        CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);`,
    },
  ],
};
