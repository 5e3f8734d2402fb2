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
    {
      version: 2,
      name: 'order flow, ids numbered per project',
      // Rebuilt keyed by (project_id, id) like pets, with the status `cancelled`; every id already
      // handed out is kept, and each project continues after its highest.
      sql: `
        CREATE TABLE orders_by_project (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          id INTEGER NOT NULL,
          pet_id INTEGER NOT NULL,
          quantity INTEGER NOT NULL CHECK (quantity > 0),
          status TEXT NOT NULL CHECK (status IN ('placed', 'approved', 'delivered', 'cancelled')),
          complete INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (project_id, id)
        ) WITHOUT ROWID;
        INSERT INTO orders_by_project (project_id, id, pet_id, quantity, status, complete, created_at)
          SELECT project_id, id, pet_id, quantity, status, complete, created_at FROM orders;
        DROP TABLE orders;
        ALTER TABLE orders_by_project RENAME TO orders;
        CREATE INDEX orders_project_status_id ON orders(project_id, status, id);

        CREATE TABLE order_sequences (
          project_id INTEGER PRIMARY KEY REFERENCES projects(id),
          last_id INTEGER NOT NULL
        );
        INSERT INTO order_sequences (project_id, last_id) SELECT project_id, MAX(id) FROM orders GROUP BY project_id;`,
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
    {
      version: 2,
      name: 'order flow, ids numbered per project',
      sql: `
        ALTER TABLE orders DROP CONSTRAINT orders_pkey;
        ALTER TABLE orders ALTER COLUMN id DROP DEFAULT;
        DROP SEQUENCE IF EXISTS orders_id_seq;
        ALTER TABLE orders ADD PRIMARY KEY (project_id, id);
        DROP INDEX orders_project_id;
        ALTER TABLE orders DROP CONSTRAINT orders_status_check;
        ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('placed', 'approved', 'delivered', 'cancelled'));
        CREATE INDEX orders_project_status_id ON orders(project_id, status, id);

        CREATE TABLE order_sequences (
          project_id BIGINT PRIMARY KEY REFERENCES projects(id),
          last_id BIGINT NOT NULL
        );
        INSERT INTO order_sequences (project_id, last_id) SELECT project_id, MAX(id) FROM orders GROUP BY project_id;`,
    },
  ],
};
