import type { FeatureMigrations } from '../storage/migrations.js';

export const usageMigrations: FeatureMigrations = {
  feature: 'usage',
  sqlite: [
    {
      version: 1,
      name: 'requests per project per minute and per day',
      sql: `
        CREATE TABLE usage_minutes (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          minute_at INTEGER NOT NULL,
          requests INTEGER NOT NULL,
          PRIMARY KEY (project_id, minute_at)
        );
        CREATE INDEX usage_minutes_at ON usage_minutes(minute_at);
        CREATE TABLE usage_days (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          day_at INTEGER NOT NULL,
          requests INTEGER NOT NULL,
          PRIMARY KEY (project_id, day_at)
        );
        CREATE INDEX usage_days_at ON usage_days(day_at);`,
    },
    {
      version: 2,
      name: 'requests per key per day',
      sql: `
        CREATE TABLE usage_key_days (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          key_id TEXT NOT NULL,
          day_at INTEGER NOT NULL,
          requests INTEGER NOT NULL,
          PRIMARY KEY (project_id, day_at, key_id)
        );
        CREATE INDEX usage_key_days_at ON usage_key_days(day_at);`,
    },
    {
      version: 3,
      name: 'calls of deprecated operations per key per day',
      kind: 'expand',
      sql: `
        CREATE TABLE usage_deprecated_calls (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          key_id TEXT NOT NULL,
          operation TEXT NOT NULL,
          day_at INTEGER NOT NULL,
          requests INTEGER NOT NULL,
          last_at INTEGER NOT NULL,
          PRIMARY KEY (project_id, day_at, key_id, operation)
        );
        CREATE INDEX usage_deprecated_calls_at ON usage_deprecated_calls(day_at);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'requests per project per minute and per day',
      sql: `
        CREATE TABLE usage_minutes (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          minute_at TIMESTAMPTZ NOT NULL,
          requests BIGINT NOT NULL,
          PRIMARY KEY (project_id, minute_at)
        );
        CREATE INDEX usage_minutes_at ON usage_minutes(minute_at);
        CREATE TABLE usage_days (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          day_at TIMESTAMPTZ NOT NULL,
          requests BIGINT NOT NULL,
          PRIMARY KEY (project_id, day_at)
        );
        CREATE INDEX usage_days_at ON usage_days(day_at);`,
    },
    {
      version: 2,
      name: 'requests per key per day',
      sql: `
        CREATE TABLE usage_key_days (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          key_id TEXT NOT NULL,
          day_at TIMESTAMPTZ NOT NULL,
          requests BIGINT NOT NULL,
          PRIMARY KEY (project_id, day_at, key_id)
        );
        CREATE INDEX usage_key_days_at ON usage_key_days(day_at);`,
    },
    {
      version: 3,
      name: 'calls of deprecated operations per key per day',
      kind: 'expand',
      sql: `
        CREATE TABLE usage_deprecated_calls (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          key_id TEXT NOT NULL,
          operation TEXT NOT NULL,
          day_at TIMESTAMPTZ NOT NULL,
          requests BIGINT NOT NULL,
          last_at TIMESTAMPTZ NOT NULL,
          PRIMARY KEY (project_id, day_at, key_id, operation)
        );
        CREATE INDEX usage_deprecated_calls_at ON usage_deprecated_calls(day_at);`,
    },
  ],
};
