import type { FeatureMigrations } from '../storage/migrations.js';

const NAME = 'custom domains, redirects, ACME challenges, accounts and orders';
const CLAIMS = 'ownership claims (TXT proof) and the record of names leaving a project';

export const domainMigrations: FeatureMigrations = {
  feature: 'domains',
  sqlite: [
    {
      version: 1,
      name: NAME,
      sql: `
        CREATE TABLE domains (
          id INTEGER PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          name TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN ('apex', 'subdomain')),
          status TEXT NOT NULL CHECK (status IN ('pending', 'verified', 'failed')),
          reason TEXT,
          message TEXT NOT NULL,
          found TEXT NOT NULL,
          checked_at INTEGER,
          check_attempts INTEGER NOT NULL,
          next_check_at INTEGER,
          verified_at INTEGER,
          cert_status TEXT NOT NULL CHECK (cert_status IN ('none', 'pending', 'issued', 'failed')),
          cert_reason TEXT,
          cert_message TEXT,
          cert_attempts INTEGER NOT NULL,
          cert_next_at INTEGER,
          cert_chain TEXT,
          cert_key TEXT,
          cert_expires_at INTEGER,
          cert_renew_at INTEGER,
          lease_holder TEXT,
          lease_until INTEGER,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX domains_project ON domains(project_id);
        CREATE TABLE domain_redirects (
          from_name TEXT PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          to_name TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX domain_redirects_project ON domain_redirects(project_id);
        CREATE TABLE acme_challenges (
          token TEXT PRIMARY KEY,
          key_authorization TEXT NOT NULL,
          domain TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE acme_accounts (
          directory_url TEXT PRIMARY KEY,
          account_key TEXT NOT NULL,
          account_url TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE acme_orders (
          id INTEGER PRIMARY KEY,
          domain TEXT NOT NULL,
          registrable_domain TEXT NOT NULL,
          project_id INTEGER NOT NULL,
          outcome TEXT NOT NULL CHECK (outcome IN ('issued', 'failed')),
          created_at INTEGER NOT NULL
        );
        CREATE INDEX acme_orders_created ON acme_orders(created_at);`,
    },
    {
      version: 2,
      name: CLAIMS,
      sql: `
        CREATE TABLE domain_claims (
          id INTEGER PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('apex', 'subdomain')),
          token TEXT NOT NULL,
          message TEXT NOT NULL,
          found TEXT NOT NULL,
          checked_at INTEGER,
          created_at INTEGER NOT NULL,
          UNIQUE (name, project_id)
        );
        CREATE INDEX domain_claims_project ON domain_claims(project_id);
        CREATE TABLE domain_releases (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          project_id INTEGER NOT NULL,
          reason TEXT NOT NULL CHECK (reason IN ('removed', 'transferred')),
          to_project_id INTEGER,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX domain_releases_name ON domain_releases(name, created_at);`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: NAME,
      sql: `
        CREATE TABLE domains (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          name TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN ('apex', 'subdomain')),
          status TEXT NOT NULL CHECK (status IN ('pending', 'verified', 'failed')),
          reason TEXT,
          message TEXT NOT NULL,
          found TEXT NOT NULL,
          checked_at TIMESTAMPTZ,
          check_attempts BIGINT NOT NULL,
          next_check_at TIMESTAMPTZ,
          verified_at TIMESTAMPTZ,
          cert_status TEXT NOT NULL CHECK (cert_status IN ('none', 'pending', 'issued', 'failed')),
          cert_reason TEXT,
          cert_message TEXT,
          cert_attempts BIGINT NOT NULL,
          cert_next_at TIMESTAMPTZ,
          cert_chain TEXT,
          cert_key TEXT,
          cert_expires_at TIMESTAMPTZ,
          cert_renew_at TIMESTAMPTZ,
          lease_holder TEXT,
          lease_until TIMESTAMPTZ,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX domains_project ON domains(project_id);
        CREATE TABLE domain_redirects (
          from_name TEXT PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          to_name TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX domain_redirects_project ON domain_redirects(project_id);
        CREATE TABLE acme_challenges (
          token TEXT PRIMARY KEY,
          key_authorization TEXT NOT NULL,
          domain TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE TABLE acme_accounts (
          directory_url TEXT PRIMARY KEY,
          account_key TEXT NOT NULL,
          account_url TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE TABLE acme_orders (
          id BIGSERIAL PRIMARY KEY,
          domain TEXT NOT NULL,
          registrable_domain TEXT NOT NULL,
          project_id BIGINT NOT NULL,
          outcome TEXT NOT NULL CHECK (outcome IN ('issued', 'failed')),
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX acme_orders_created ON acme_orders(created_at);`,
    },
    {
      version: 2,
      name: CLAIMS,
      sql: `
        CREATE TABLE domain_claims (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('apex', 'subdomain')),
          token TEXT NOT NULL,
          message TEXT NOT NULL,
          found TEXT NOT NULL,
          checked_at TIMESTAMPTZ,
          created_at TIMESTAMPTZ NOT NULL,
          UNIQUE (name, project_id)
        );
        CREATE INDEX domain_claims_project ON domain_claims(project_id);
        CREATE TABLE domain_releases (
          id BIGSERIAL PRIMARY KEY,
          name TEXT NOT NULL,
          project_id BIGINT NOT NULL,
          reason TEXT NOT NULL CHECK (reason IN ('removed', 'transferred')),
          to_project_id BIGINT,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX domain_releases_name ON domain_releases(name, created_at);`,
    },
  ],
};
