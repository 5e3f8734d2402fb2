import type { FeatureMigrations } from '../storage/migrations.js';

export const orderMigrations: FeatureMigrations = {
  feature: 'orders',
  sqlite: [
    {
      version: 1,
      name: 'store orders',
      sql: `
        CREATE TABLE orders (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          pet_id INTEGER NOT NULL,
          quantity INTEGER NOT NULL CHECK (quantity > 0),
          status TEXT NOT NULL CHECK (status IN ('placed', 'approved', 'delivered')),
          complete INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX orders_project_id ON orders(project_id, id);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'store orders',
      sql: `
        CREATE TABLE orders (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          pet_id BIGINT NOT NULL,
          quantity BIGINT NOT NULL CHECK (quantity > 0),
          status TEXT NOT NULL CHECK (status IN ('placed', 'approved', 'delivered')),
          complete BOOLEAN NOT NULL DEFAULT false,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX orders_project_id ON orders(project_id, id);`,
    },
  ],
};
