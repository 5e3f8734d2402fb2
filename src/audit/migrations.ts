import type { FeatureMigrations } from '../storage/migrations.js';

export const auditMigrations: FeatureMigrations = {
  feature: 'audit',
  sqlite: [
    {
      version: 1,
      name: 'audit log of changes',
      sql: `
        CREATE TABLE audit_log (
          id INTEGER PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          created_at INTEGER NOT NULL,
          actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'token', 'operator')),
          actor_email TEXT,
          actor_token_id TEXT,
          action TEXT NOT NULL,
          target TEXT NOT NULL,
          ip TEXT
        );
        CREATE INDEX audit_log_project ON audit_log(project_id, id);
        CREATE INDEX audit_log_created ON audit_log(created_at);`,
    },
    {
      version: 2,
      name: 'the environment an entry concerns',
      kind: 'expand',
      sql: "ALTER TABLE audit_log ADD COLUMN environment TEXT NOT NULL DEFAULT 'production' CHECK (environment IN ('production', 'staging'));",
    },
    {
      version: 3,
      name: "a person's own log: sign-ins and second factors",
      kind: 'expand',
      sql: `
        CREATE TABLE person_audit_log (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id),
          created_at INTEGER NOT NULL,
          actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'token', 'operator')),
          actor_email TEXT,
          actor_token_id TEXT,
          action TEXT NOT NULL,
          target TEXT NOT NULL,
          ip TEXT
        );
        CREATE INDEX person_audit_log_user ON person_audit_log(user_id, id);
        CREATE INDEX person_audit_log_created ON person_audit_log(created_at);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'audit log of changes',
      sql: `
        CREATE TABLE audit_log (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          created_at TIMESTAMPTZ NOT NULL,
          actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'token', 'operator')),
          actor_email TEXT,
          actor_token_id TEXT,
          action TEXT NOT NULL,
          target TEXT NOT NULL,
          ip TEXT
        );
        CREATE INDEX audit_log_project ON audit_log(project_id, id);
        CREATE INDEX audit_log_created ON audit_log(created_at);`,
    },
    {
      version: 2,
      name: 'the environment an entry concerns',
      kind: 'expand',
      sql: "ALTER TABLE audit_log ADD COLUMN environment TEXT NOT NULL DEFAULT 'production' CHECK (environment IN ('production', 'staging'));",
    },
    {
      version: 3,
      name: "a person's own log: sign-ins and second factors",
      kind: 'expand',
      sql: `
        CREATE TABLE person_audit_log (
          id BIGSERIAL PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users(id),
          created_at TIMESTAMPTZ NOT NULL,
          actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'token', 'operator')),
          actor_email TEXT,
          actor_token_id TEXT,
          action TEXT NOT NULL,
          target TEXT NOT NULL,
          ip TEXT
        );
        CREATE INDEX person_audit_log_user ON person_audit_log(user_id, id);
        CREATE INDEX person_audit_log_created ON person_audit_log(created_at);`,
    },
  ],
};
