import type { FeatureMigrations } from '../storage/migrations.js';

export const requestLogMigrations: FeatureMigrations = {
  feature: 'requests',
  sqlite: [
    {
      version: 1,
      name: 'request log of each project',
      sql: `
        CREATE TABLE request_log (
          id INTEGER PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          request_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          method TEXT NOT NULL,
          path TEXT NOT NULL,
          operation TEXT,
          status INTEGER NOT NULL,
          duration_us INTEGER NOT NULL,
          key_id TEXT,
          error_code TEXT
        );
        CREATE INDEX request_log_project ON request_log(project_id, id);
        CREATE INDEX request_log_request ON request_log(project_id, request_id);
        CREATE INDEX request_log_at ON request_log(at);`,
    },
    {
      version: 2,
      name: 'request log kept in blocks',
      sql: `
        CREATE TABLE request_blocks (
          id INTEGER PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          first_at INTEGER NOT NULL,
          last_at INTEGER NOT NULL,
          count INTEGER NOT NULL,
          statuses TEXT NOT NULL,
          key_ids TEXT NOT NULL,
          operations TEXT NOT NULL,
          request_ids TEXT NOT NULL,
          entries TEXT NOT NULL
        );
        CREATE INDEX request_blocks_project ON request_blocks(project_id, id, count);
        CREATE INDEX request_blocks_first_at ON request_blocks(first_at);
        INSERT INTO request_blocks (project_id, first_at, last_at, count, statuses, key_ids, operations, request_ids, entries)
          SELECT project_id, at, at, 1, ' ' || status || ' ', ' ' || COALESCE(key_id || ' ', ''), ' ' || COALESCE(operation || ' ', ''),
            char(10) || request_id || char(10),
            json_object('s', json_array(method, path, operation, key_id, error_code),
              'n', json_array(0, 0, 1, IIF(operation IS NULL, -1, 2), status, duration_us, IIF(key_id IS NULL, -1, 3), IIF(error_code IS NULL, -1, 4)))
          FROM request_log ORDER BY id;
        DROP TABLE request_log;`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'request log of each project',
      sql: `
        CREATE TABLE request_log (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          request_id TEXT NOT NULL,
          at TIMESTAMPTZ NOT NULL,
          method TEXT NOT NULL,
          path TEXT NOT NULL,
          operation TEXT,
          status BIGINT NOT NULL,
          duration_us BIGINT NOT NULL,
          key_id TEXT,
          error_code TEXT
        );
        CREATE INDEX request_log_project ON request_log(project_id, id);
        CREATE INDEX request_log_request ON request_log(project_id, request_id);
        CREATE INDEX request_log_at ON request_log(at);`,
    },
    {
      version: 2,
      name: 'request log kept in blocks',
      sql: `
        CREATE TABLE request_blocks (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          first_at TIMESTAMPTZ NOT NULL,
          last_at TIMESTAMPTZ NOT NULL,
          count BIGINT NOT NULL,
          statuses TEXT NOT NULL,
          key_ids TEXT NOT NULL,
          operations TEXT NOT NULL,
          request_ids TEXT NOT NULL,
          entries TEXT NOT NULL
        );
        CREATE INDEX request_blocks_project ON request_blocks(project_id, id, count);
        CREATE INDEX request_blocks_first_at ON request_blocks(first_at);
        INSERT INTO request_blocks (project_id, first_at, last_at, count, statuses, key_ids, operations, request_ids, entries)
          SELECT project_id, at, at, 1, ' ' || status || ' ', ' ' || COALESCE(key_id || ' ', ''), ' ' || COALESCE(operation || ' ', ''),
            E'\\n' || request_id || E'\\n',
            json_build_object('s', json_build_array(method, path, operation, key_id, error_code),
              'n', json_build_array(0, 0, 1, CASE WHEN operation IS NULL THEN -1 ELSE 2 END, status, duration_us,
                CASE WHEN key_id IS NULL THEN -1 ELSE 3 END, CASE WHEN error_code IS NULL THEN -1 ELSE 4 END))::text
          FROM request_log ORDER BY id;
        DROP TABLE request_log;`,
    },
  ],
};
