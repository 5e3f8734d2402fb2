import type { FeatureMigrations } from '../storage/migrations.js';

export const accountMigrations: FeatureMigrations = {
  feature: 'accounts',
  sqlite: [
    {
      version: 1,
      name: 'users, project members, sessions and failed sign-ins',
      sql: `
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          admin INTEGER NOT NULL CHECK (admin IN (0, 1)),
          password_hash TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE project_members (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          user_id INTEGER NOT NULL REFERENCES users(id),
          created_at INTEGER NOT NULL,
          PRIMARY KEY (project_id, user_id)
        );
        CREATE INDEX project_members_user ON project_members(user_id);
        CREATE TABLE sessions (
          id_hash BLOB PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id),
          csrf_token TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          seen_at INTEGER NOT NULL
        );
        CREATE INDEX sessions_user ON sessions(user_id);
        CREATE TABLE sign_in_failures (
          id INTEGER PRIMARY KEY,
          subject TEXT NOT NULL,
          failed_at INTEGER NOT NULL
        );
        CREATE INDEX sign_in_failures_subject ON sign_in_failures(subject, failed_at);`,
    },
    {
      version: 2,
      name: 'member roles and invitations',
      sql: `
        ALTER TABLE project_members ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member'));
        CREATE TABLE invitations (
          token_hash BLOB PRIMARY KEY,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          email TEXT NOT NULL,
          invited_by INTEGER REFERENCES users(id),
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          used_at INTEGER
        );
        CREATE INDEX invitations_project ON invitations(project_id);`,
    },
    {
      version: 3,
      name: 'attempt counters reserved in one statement (sign-in throttle)',
      sql: `
        DROP TABLE sign_in_failures;
        CREATE TABLE throttle_attempts (
          subject TEXT PRIMARY KEY,
          window_started_at INTEGER NOT NULL,
          attempts INTEGER NOT NULL
        );
        CREATE INDEX throttle_attempts_window ON throttle_attempts(window_started_at);`,
    },
    {
      version: 4,
      name: 'invitations vouched for by their inviter, projects people made themselves',
      sql: `
        CREATE TABLE self_made_projects (project_id INTEGER PRIMARY KEY REFERENCES projects(id));
        INSERT INTO self_made_projects (project_id)
          SELECT DISTINCT m.project_id FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.role = 'owner' AND u.admin = 0;
        ALTER TABLE invitations ADD COLUMN vouched INTEGER NOT NULL DEFAULT 0 CHECK (vouched IN (0, 1));
        UPDATE invitations SET vouched = 1 WHERE invited_by IS NULL OR invited_by IN (SELECT id FROM users WHERE admin = 1)
          OR project_id NOT IN (SELECT project_id FROM self_made_projects);`,
    },
    {
      version: 5,
      name: 'second factors (authenticator apps, recovery codes, passkeys), single sign-on, how a session was started',
      kind: 'expand',
      sql: `
        ALTER TABLE sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'password';
        CREATE TABLE totp_factors (
          user_id INTEGER PRIMARY KEY REFERENCES users(id),
          secret TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          confirmed_at INTEGER,
          last_time_step INTEGER
        );
        CREATE TABLE recovery_codes (
          user_id INTEGER NOT NULL REFERENCES users(id),
          code_hash BLOB NOT NULL,
          created_at INTEGER NOT NULL,
          used_at INTEGER,
          PRIMARY KEY (user_id, code_hash)
        );
        CREATE TABLE passkeys (
          id TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id),
          credential_id TEXT NOT NULL UNIQUE,
          public_key BLOB NOT NULL,
          counter INTEGER NOT NULL,
          transports TEXT NOT NULL,
          name TEXT NOT NULL,
          backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
          created_at INTEGER NOT NULL,
          last_used_at INTEGER
        );
        CREATE INDEX passkeys_user ON passkeys(user_id);
        CREATE TABLE webauthn_challenges (
          challenge TEXT PRIMARY KEY,
          user_id INTEGER REFERENCES users(id),
          purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges(expires_at);
        CREATE TABLE sso_logins (
          id_hash BLOB PRIMARY KEY,
          state TEXT NOT NULL,
          nonce TEXT NOT NULL,
          code_verifier TEXT NOT NULL,
          redirect_uri TEXT NOT NULL,
          next TEXT NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX sso_logins_expiry ON sso_logins(expires_at);`,
    },
    {
      version: 6,
      name: 'project roles owner, admin, developer, viewer (a member before roles is a developer), invitations with a role',
      kind: 'expand',
      sql: `
        ALTER TABLE project_members ADD COLUMN project_role TEXT NOT NULL DEFAULT 'developer'
          CHECK (project_role IN ('owner', 'admin', 'developer', 'viewer'));
        UPDATE project_members SET project_role = 'owner' WHERE role = 'owner';
        ALTER TABLE invitations ADD COLUMN role TEXT NOT NULL DEFAULT 'developer' CHECK (role IN ('owner', 'admin', 'developer', 'viewer'));`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'users, project members, sessions and failed sign-ins',
      sql: `
        CREATE TABLE users (
          id BIGSERIAL PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          admin BOOLEAN NOT NULL,
          password_hash TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE TABLE project_members (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          user_id BIGINT NOT NULL REFERENCES users(id),
          created_at TIMESTAMPTZ NOT NULL,
          PRIMARY KEY (project_id, user_id)
        );
        CREATE INDEX project_members_user ON project_members(user_id);
        CREATE TABLE sessions (
          id_hash BYTEA PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users(id),
          csrf_token TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          seen_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX sessions_user ON sessions(user_id);
        CREATE TABLE sign_in_failures (
          id BIGSERIAL PRIMARY KEY,
          subject TEXT NOT NULL,
          failed_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX sign_in_failures_subject ON sign_in_failures(subject, failed_at);`,
    },
    {
      version: 2,
      name: 'member roles and invitations',
      sql: `
        ALTER TABLE project_members ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member'));
        CREATE TABLE invitations (
          token_hash BYTEA PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          email TEXT NOT NULL,
          invited_by BIGINT REFERENCES users(id),
          created_at TIMESTAMPTZ NOT NULL,
          expires_at TIMESTAMPTZ NOT NULL,
          used_at TIMESTAMPTZ
        );
        CREATE INDEX invitations_project ON invitations(project_id);`,
    },
    {
      version: 3,
      name: 'attempt counters reserved in one statement (sign-in throttle)',
      sql: `
        DROP TABLE sign_in_failures;
        CREATE TABLE throttle_attempts (
          subject TEXT PRIMARY KEY,
          window_started_at TIMESTAMPTZ NOT NULL,
          attempts BIGINT NOT NULL
        );
        CREATE INDEX throttle_attempts_window ON throttle_attempts(window_started_at);`,
    },
    {
      version: 4,
      name: 'invitations vouched for by their inviter, projects people made themselves',
      sql: `
        CREATE TABLE self_made_projects (project_id BIGINT PRIMARY KEY REFERENCES projects(id));
        INSERT INTO self_made_projects (project_id)
          SELECT DISTINCT m.project_id FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.role = 'owner' AND NOT u.admin;
        ALTER TABLE invitations ADD COLUMN vouched BOOLEAN NOT NULL DEFAULT false;
        UPDATE invitations SET vouched = true WHERE invited_by IS NULL OR invited_by IN (SELECT id FROM users WHERE admin)
          OR project_id NOT IN (SELECT project_id FROM self_made_projects);`,
    },
    {
      version: 5,
      name: 'second factors (authenticator apps, recovery codes, passkeys), single sign-on, how a session was started',
      kind: 'expand',
      sql: `
        ALTER TABLE sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'password';
        CREATE TABLE totp_factors (
          user_id BIGINT PRIMARY KEY REFERENCES users(id),
          secret TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          confirmed_at TIMESTAMPTZ,
          last_time_step BIGINT
        );
        CREATE TABLE recovery_codes (
          user_id BIGINT NOT NULL REFERENCES users(id),
          code_hash BYTEA NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          used_at TIMESTAMPTZ,
          PRIMARY KEY (user_id, code_hash)
        );
        CREATE TABLE passkeys (
          id TEXT PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users(id),
          credential_id TEXT NOT NULL UNIQUE,
          public_key BYTEA NOT NULL,
          counter BIGINT NOT NULL,
          transports TEXT NOT NULL,
          name TEXT NOT NULL,
          backed_up BOOLEAN NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          last_used_at TIMESTAMPTZ
        );
        CREATE INDEX passkeys_user ON passkeys(user_id);
        CREATE TABLE webauthn_challenges (
          challenge TEXT PRIMARY KEY,
          user_id BIGINT REFERENCES users(id),
          purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
          expires_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges(expires_at);
        CREATE TABLE sso_logins (
          id_hash BYTEA PRIMARY KEY,
          state TEXT NOT NULL,
          nonce TEXT NOT NULL,
          code_verifier TEXT NOT NULL,
          redirect_uri TEXT NOT NULL,
          next TEXT NOT NULL,
          expires_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX sso_logins_expiry ON sso_logins(expires_at);`,
    },
    {
      version: 6,
      name: 'project roles owner, admin, developer, viewer (a member before roles is a developer), invitations with a role',
      kind: 'expand',
      sql: `
        ALTER TABLE project_members ADD COLUMN project_role TEXT NOT NULL DEFAULT 'developer'
          CHECK (project_role IN ('owner', 'admin', 'developer', 'viewer'));
        UPDATE project_members SET project_role = 'owner' WHERE role = 'owner';
        ALTER TABLE invitations ADD COLUMN role TEXT NOT NULL DEFAULT 'developer' CHECK (role IN ('owner', 'admin', 'developer', 'viewer'));`,
    },
  ],
};
