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
    {
      version: 2,
      name: 'ids numbered per project',
      // The table is rebuilt keyed by (project_id, id), clustered so a page is one range read;
      // every id already handed out is kept, and each project continues after its highest.
      sql: `
        CREATE TABLE pets_by_project (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          id INTEGER NOT NULL,
          name TEXT NOT NULL,
          category_id INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
          created_at INTEGER NOT NULL,
          PRIMARY KEY (project_id, id)
        ) WITHOUT ROWID;
        INSERT INTO pets_by_project (project_id, id, name, category_id, status, created_at)
          SELECT project_id, id, name, category_id, status, created_at FROM pets;
        DROP TABLE pets;
        ALTER TABLE pets_by_project RENAME TO pets;
        CREATE INDEX pets_project_status_id ON pets(project_id, status, id);

        CREATE TABLE pet_sequences (
          project_id INTEGER PRIMARY KEY REFERENCES projects(id),
          last_id INTEGER NOT NULL
        );
        INSERT INTO pet_sequences (project_id, last_id) SELECT project_id, MAX(id) FROM pets GROUP BY project_id;`,
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
    {
      version: 2,
      name: 'ids numbered per project',
      // Every id already handed out is kept, and each project continues after its highest.
      sql: `
        ALTER TABLE pets DROP CONSTRAINT pets_pkey;
        ALTER TABLE pets ALTER COLUMN id DROP DEFAULT;
        DROP SEQUENCE IF EXISTS pets_id_seq;
        ALTER TABLE pets ADD PRIMARY KEY (project_id, id);
        DROP INDEX pets_project_id;

        CREATE TABLE pet_sequences (
          project_id BIGINT PRIMARY KEY REFERENCES projects(id),
          last_id BIGINT NOT NULL
        );
        INSERT INTO pet_sequences (project_id, last_id) SELECT project_id, MAX(id) FROM pets GROUP BY project_id;`,
    },
  ],
};
