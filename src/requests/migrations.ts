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
  ],
};
