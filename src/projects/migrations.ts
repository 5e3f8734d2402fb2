import type { FeatureMigrations } from '../storage/migrations.js';

export const projectMigrations: FeatureMigrations = {
  feature: 'projects',
  sqlite: [
    {
      version: 1,
      name: 'projects, with the default project',
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
          VALUES ('default', 'free', 60, 1000, CAST(unixepoch('subsec') * 1000 AS INTEGER));`,
    },
    {
      version: 2,
      name: 'staging environments, as project rows linked to their production row',
      kind: 'expand',
      sql: `
        ALTER TABLE projects ADD COLUMN production_id INTEGER REFERENCES projects(id);
        CREATE UNIQUE INDEX projects_staging ON projects(production_id);`,
    },
    {
      version: 3,
      name: 'protected production: only admins and owners change it',
      kind: 'expand',
      sql: `ALTER TABLE projects ADD COLUMN production_protected INTEGER NOT NULL DEFAULT 0 CHECK (production_protected IN (0, 1));`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'projects, with the default project',
      sql: `
        CREATE TABLE projects (
          id BIGSERIAL PRIMARY KEY,
          slug TEXT NOT NULL UNIQUE,
          plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
          per_minute BIGINT NOT NULL CHECK (per_minute > 0),
          per_day BIGINT NOT NULL CHECK (per_day > 0),
          created_at TIMESTAMPTZ NOT NULL
        );
        INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES ('default', 'free', 60, 1000, now());`,
    },
    {
      version: 2,
      name: 'staging environments, as project rows linked to their production row',
      kind: 'expand',
      sql: `
        ALTER TABLE projects ADD COLUMN production_id BIGINT REFERENCES projects(id);
        CREATE UNIQUE INDEX projects_staging ON projects(production_id);`,
    },
    {
      version: 3,
      name: 'protected production: only admins and owners change it',
      kind: 'expand',
      sql: `ALTER TABLE projects ADD COLUMN production_protected BOOLEAN NOT NULL DEFAULT false;`,
    },
  ],
};
