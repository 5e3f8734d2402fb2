/** One schema change of a capability, written for each engine; never edit one that has shipped. */
export interface Migration {
  /** 1, 2, 3, … within its capability. */
  version: number;
  name: string;
  sql: string;
}

/**
 * A capability's migrations. Both lists have the same versions and names
 * (test/storage/migrations.test.ts checks it, and that both engines end with
 * the same schema): INTEGER is BIGINT, BLOB is BYTEA, epoch-millisecond
 * `*_at`/`*_until` columns are TIMESTAMPTZ and 0/1 flags are BOOLEAN.
 */
export interface FeatureMigrations {
  feature: string;
  sqlite: Migration[];
  postgres: Migration[];
}

/** A migration as the runner applies it: its capability's, in the order of the composition root. */
export interface PlannedMigration extends Migration {
  feature: string;
}

/** Every migration of every capability, capability by capability in the given order, each list by version. */
export function plan(features: readonly FeatureMigrations[], engine: 'sqlite' | 'postgres'): PlannedMigration[] {
  return features.flatMap((f) => [...f[engine]].sort((a, b) => a.version - b.version).map((m) => ({ ...m, feature: f.feature })));
}

export interface AppliedMigration {
  feature: string;
  version: number;
}

/**
 * Databases created before capabilities owned their migrations recorded one
 * global version in `schema_migrations`. Version 1 created the tables of
 * projects, keys, pets and orders; version 2 added key bans. This says which
 * capability migrations those versions stand for, so they are not run again.
 */
export const LEGACY_VERSIONS: Record<number, AppliedMigration[]> = {
  1: [
    { feature: 'projects', version: 1 },
    { feature: 'keys', version: 1 },
    { feature: 'pets', version: 1 },
    { feature: 'orders', version: 1 },
  ],
  2: [{ feature: 'keys', version: 2 }],
};

export const MIGRATIONS_TABLE = 'feature_migrations';
