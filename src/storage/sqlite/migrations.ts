/** SQLite schema migrations, applied in order; never edit one that has shipped. */
export const SQLITE_MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'projects, keys, pets, orders, idempotency keys',
    sql: `
      CREATE TABLE projects (
        id INTEGER PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
        per_minute INTEGER NOT NULL CHECK (per_minute > 0),
        per_day INTEGER NOT NULL CHECK (per_day > 0),
        created_at INTEGER NOT NULL
      );
      INSERT INTO projects (slug, plan, per_minute, per_day, created_at)
        VALUES ('default', 'free', 60, 1000, CAST(unixepoch('subsec') * 1000 AS INTEGER));

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id),
        name TEXT,
        secret_hash BLOB NOT NULL UNIQUE,
        hint TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX api_keys_project ON api_keys(project_id);

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

      CREATE TABLE orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id INTEGER NOT NULL REFERENCES projects(id),
        pet_id INTEGER NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity > 0),
        status TEXT NOT NULL CHECK (status IN ('placed', 'approved', 'delivered')),
        complete INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX orders_project_id ON orders(project_id, id);

      CREATE TABLE idempotency_keys (
        project_id INTEGER NOT NULL REFERENCES projects(id),
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        pet_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (project_id, key)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
    `,
  },
  {
    version: 2,
    name: 'key bans',
    sql: `ALTER TABLE api_keys ADD COLUMN banned_until INTEGER;`,
  },
];
