import type { FeatureMigrations } from '../../storage/migrations.js';

/**
 * Blobs by SHA-256 with their precompressed copies; deploys (state, reason,
 * time) and their manifests; one live pointer per project, switched in the
 * transaction that records a ready deploy or a promotion.
 */
export const deployMigrations: FeatureMigrations = {
  feature: 'deploys',
  sqlite: [
    {
      version: 1,
      name: 'blobs, deploys, manifests and the live deploy',
      sql: `
        CREATE TABLE deploy_blobs (
          hash TEXT PRIMARY KEY,
          size INTEGER NOT NULL,
          bytes BLOB NOT NULL,
          gzip BLOB,
          br BLOB
        );

        CREATE TABLE deploys (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          status TEXT NOT NULL CHECK (status IN ('ready', 'failed')),
          reason TEXT CHECK (reason IN ('missing_index', 'too_large', 'too_many_files', 'invalid_path', 'invalid_archive')),
          message TEXT,
          file_count INTEGER NOT NULL,
          total_bytes INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX deploys_project_id ON deploys(project_id, id);

        CREATE TABLE deploy_files (
          deploy_id INTEGER NOT NULL REFERENCES deploys(id),
          path TEXT NOT NULL,
          hash TEXT NOT NULL REFERENCES deploy_blobs(hash),
          size INTEGER NOT NULL,
          media_type TEXT NOT NULL,
          PRIMARY KEY (deploy_id, path)
        );

        CREATE TABLE deploy_live (
          project_id INTEGER PRIMARY KEY REFERENCES projects(id),
          deploy_id INTEGER NOT NULL REFERENCES deploys(id),
          switched_at INTEGER NOT NULL
        );`,
    },
    {
      version: 2,
      name: 'the site address the running server publishes',
      sql: `
        CREATE TABLE site_address (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          platform_host TEXT NOT NULL,
          port INTEGER NOT NULL,
          published_at INTEGER NOT NULL
        );`,
    },
    {
      version: 3,
      name: 'blobs remember when an upload last named them (garbage collection)',
      sql: `
        ALTER TABLE deploy_blobs ADD COLUMN seen_at INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX deploy_files_hash ON deploy_files(hash);`,
    },
    {
      version: 4,
      name: 'deploys numbered per project',
      kind: 'expand',
      // A number beside the id, 1, 2, 3… per project (existing deploys in id order), assigned by a trigger on
      // insert so a release that does not know the column still writes numbered deploys.
      sql: `
        ALTER TABLE deploys ADD COLUMN number INTEGER;
        UPDATE deploys SET number = (SELECT COUNT(*) FROM deploys e WHERE e.project_id = deploys.project_id AND e.id <= deploys.id);
        CREATE UNIQUE INDEX deploys_project_number ON deploys(project_id, number);

        CREATE TABLE deploy_sequences (
          project_id INTEGER PRIMARY KEY REFERENCES projects(id),
          last_number INTEGER NOT NULL
        );
        INSERT INTO deploy_sequences (project_id, last_number) SELECT project_id, MAX(number) FROM deploys GROUP BY project_id;

        CREATE TRIGGER deploys_number AFTER INSERT ON deploys WHEN NEW.number IS NULL
        BEGIN
          INSERT INTO deploy_sequences (project_id, last_number) VALUES (NEW.project_id, 1)
            ON CONFLICT (project_id) DO UPDATE SET last_number = last_number + 1;
          UPDATE deploys SET number = (SELECT last_number FROM deploy_sequences WHERE project_id = NEW.project_id) WHERE id = NEW.id;
        END;`,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'blobs, deploys, manifests and the live deploy',
      sql: `
        CREATE TABLE deploy_blobs (
          hash TEXT PRIMARY KEY,
          size BIGINT NOT NULL,
          bytes BYTEA NOT NULL,
          gzip BYTEA,
          br BYTEA
        );

        CREATE TABLE deploys (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          status TEXT NOT NULL CHECK (status IN ('ready', 'failed')),
          reason TEXT CHECK (reason IN ('missing_index', 'too_large', 'too_many_files', 'invalid_path', 'invalid_archive')),
          message TEXT,
          file_count BIGINT NOT NULL,
          total_bytes BIGINT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX deploys_project_id ON deploys(project_id, id);

        CREATE TABLE deploy_files (
          deploy_id BIGINT NOT NULL REFERENCES deploys(id),
          path TEXT NOT NULL,
          hash TEXT NOT NULL REFERENCES deploy_blobs(hash),
          size BIGINT NOT NULL,
          media_type TEXT NOT NULL,
          PRIMARY KEY (deploy_id, path)
        );

        CREATE TABLE deploy_live (
          project_id BIGINT PRIMARY KEY REFERENCES projects(id),
          deploy_id BIGINT NOT NULL REFERENCES deploys(id),
          switched_at TIMESTAMPTZ NOT NULL
        );`,
    },
    {
      version: 2,
      name: 'the site address the running server publishes',
      sql: `
        CREATE TABLE site_address (
          id BIGINT PRIMARY KEY CHECK (id = 1),
          platform_host TEXT NOT NULL,
          port BIGINT NOT NULL,
          published_at TIMESTAMPTZ NOT NULL
        );`,
    },
    {
      version: 3,
      name: 'blobs remember when an upload last named them (garbage collection)',
      sql: `
        ALTER TABLE deploy_blobs ADD COLUMN seen_at TIMESTAMPTZ NOT NULL DEFAULT 'epoch';
        CREATE INDEX deploy_files_hash ON deploy_files(hash);`,
    },
    {
      version: 4,
      name: 'deploys numbered per project',
      kind: 'expand',
      // As on SQLite; the sequence row's lock orders concurrent deploys of one project.
      sql: `
        ALTER TABLE deploys ADD COLUMN number BIGINT;
        UPDATE deploys d SET number = n.number
          FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY project_id ORDER BY id) AS number FROM deploys) n
         WHERE d.id = n.id;
        CREATE UNIQUE INDEX deploys_project_number ON deploys(project_id, number);

        CREATE TABLE deploy_sequences (
          project_id BIGINT PRIMARY KEY REFERENCES projects(id),
          last_number BIGINT NOT NULL
        );
        INSERT INTO deploy_sequences (project_id, last_number) SELECT project_id, MAX(number) FROM deploys GROUP BY project_id;

        CREATE FUNCTION deploys_number() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO deploy_sequences AS s (project_id, last_number) VALUES (NEW.project_id, 1)
            ON CONFLICT (project_id) DO UPDATE SET last_number = s.last_number + 1
            RETURNING s.last_number INTO NEW.number;
          RETURN NEW;
        END $$;
        CREATE TRIGGER deploys_number BEFORE INSERT ON deploys FOR EACH ROW WHEN (NEW.number IS NULL) EXECUTE FUNCTION deploys_number();`,
    },
  ],
};
