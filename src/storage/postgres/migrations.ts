/**
 * PostgreSQL schema migrations, applied in order; never edit one that has shipped.
 * Each version means the same schema as the SQLite migration with that number
 * (test/migrations.test.ts compares them): INTEGER is BIGINT, BLOB is BYTEA,
 * epoch-millisecond `*_at` columns are TIMESTAMPTZ and 0/1 flags are BOOLEAN.
 */
export const POSTGRES_MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'projects, keys, pets, orders, idempotency keys',
    sql: `
      CREATE TABLE projects (
        id BIGSERIAL PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
        per_minute BIGINT NOT NULL CHECK (per_minute > 0),
        per_day BIGINT NOT NULL CHECK (per_day > 0),
        created_at TIMESTAMPTZ NOT NULL
      );
      INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES ('default', 'free', 60, 1000, now());

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        project_id BIGINT NOT NULL REFERENCES projects(id),
        name TEXT,
        secret_hash BYTEA NOT NULL UNIQUE,
        hint TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        revoked_at TIMESTAMPTZ
      );
      CREATE INDEX api_keys_project ON api_keys(project_id);

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

      CREATE TABLE orders (
        id BIGSERIAL PRIMARY KEY,
        project_id BIGINT NOT NULL REFERENCES projects(id),
        pet_id BIGINT NOT NULL,
        quantity BIGINT NOT NULL CHECK (quantity > 0),
        status TEXT NOT NULL CHECK (status IN ('placed', 'approved', 'delivered')),
        complete BOOLEAN NOT NULL DEFAULT false,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX orders_project_id ON orders(project_id, id);

      CREATE TABLE idempotency_keys (
        project_id BIGINT NOT NULL REFERENCES projects(id),
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        pet_id BIGINT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (project_id, key)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
    `,
  },
  {
    version: 2,
    name: 'key bans',
    sql: `ALTER TABLE api_keys ADD COLUMN banned_until TIMESTAMPTZ;`,
  },
];
