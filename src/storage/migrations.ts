import { BASELINE } from './baseline.js';

/**
 * What a migration does to what the release before it uses (docs/upgrading.md). `expand` only adds (a
 * table, a column that is nullable or has a default, an index, rows): the previous release keeps working
 * on the result, so `serve` and `migrate` apply it while that release still serves. `contract` removes or
 * rewrites (drops or renames a table, column or constraint, changes a type, makes a column required): it
 * runs only with `migrate --contract`, once every instance runs the new release.
 */
export type MigrationKind = 'expand' | 'contract';

/** One schema change of a capability, written for each engine; never edit one that has shipped. */
export interface Migration {
  /** 1, 2, 3, … within its capability. */
  version: number;
  name: string;
  sql: string;
  /** Declared by every migration after the baseline (baseline.ts); test/storage/migration-kinds.test.ts checks it. */
  kind?: MigrationKind;
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

/** `baseline`: shipped in 1.0.0, runs as it always did (baseline.ts). */
export type PlannedKind = 'baseline' | MigrationKind;

/** A migration as the runner applies it: its capability's, in the order of the composition root. */
export interface PlannedMigration extends Omit<Migration, 'kind'> {
  feature: string;
  kind: PlannedKind;
}

/**
 * The kind a migration runs as: baseline up to the 1.0.0 baseline of its capability, else as declared.
 * An undeclared one waits like a contract migration (and fails the migration-kinds test).
 */
function kindOf(feature: string, m: Migration): PlannedKind {
  return m.version <= (BASELINE[feature] ?? 0) ? 'baseline' : (m.kind ?? 'contract');
}

/** Every migration of every capability, capability by capability in the given order, each list by version. */
export function plan(features: readonly FeatureMigrations[], engine: 'sqlite' | 'postgres'): PlannedMigration[] {
  return features.flatMap((f) =>
    [...f[engine]].sort((a, b) => a.version - b.version).map((m) => ({ ...m, feature: f.feature, kind: kindOf(f.feature, m) })),
  );
}

export interface AppliedMigration {
  feature: string;
  version: number;
}

/** A row of the migrations table: `release` is the version of the build that applied it (null: before 1.1.0). */
export interface AppliedRecord extends AppliedMigration {
  name: string;
  release: string | null;
}

export interface MigrationState extends PlannedMigration {
  applied: boolean;
  /** The release that applied it, when recorded. */
  release: string | null;
}

/** A database's migrations as this build sees them. */
export interface SchemaState {
  /** Every migration this build knows, in the order they run, and whether the database has it. */
  migrations: MigrationState[];
  /** Migrations recorded in the database that this build does not know: a newer release applied them. */
  unknown: AppliedRecord[];
  /** The database holds no table yet: no older release uses it, so contract migrations run at once too. */
  isNew: boolean;
  /** The newest release recorded as having migrated the database; null when only releases before 1.1.0 did. */
  databaseVersion: string | null;
}

const keyOf = (m: AppliedMigration) => `${m.feature}/${String(m.version)}`;

/** Compares two semver versions by their numbers (`1.10.0` after `1.9.2`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map(Number);
  const pb = b.split(/[.+-]/).map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return a.localeCompare(b);
}

function newest(releases: (string | null)[]): string | null {
  return releases.reduce<string | null>((top, r) => (r !== null && (top === null || compareVersions(r, top) > 0) ? r : top), null);
}

export function schemaState(
  features: readonly FeatureMigrations[],
  engine: 'sqlite' | 'postgres',
  records: readonly AppliedRecord[],
  isNew: boolean,
): SchemaState {
  const recorded = new Map(records.map((r) => [keyOf(r), r]));
  const migrations = plan(features, engine).map((m) => {
    const r = recorded.get(keyOf(m));
    return { ...m, applied: r !== undefined, release: r?.release ?? null };
  });
  const known = new Set(migrations.map(keyOf));
  return {
    migrations,
    unknown: records.filter((r) => !known.has(keyOf(r))),
    isNew,
    databaseVersion: newest(records.map((r) => r.release)),
  };
}

/**
 * What a migration run does: the pending migrations it applies, in order, and the contract ones that wait
 * for `migrate --contract`. Expand migrations never wait for a contract one before them (the
 * migration-kinds test applies every expand migration with every contract one pending).
 */
export function runPlan(state: SchemaState, contract: boolean): { apply: PlannedMigration[]; wait: PlannedMigration[] } {
  const pending = state.migrations.filter((m) => !m.applied).map(({ applied: _a, release: _r, ...m }) => m);
  const now = contract || state.isNew;
  return { apply: pending.filter((m) => now || m.kind !== 'contract'), wait: pending.filter((m) => !now && m.kind === 'contract') };
}

export interface RunOptions {
  /** Also apply contract migrations (`migrate --contract`). */
  contract?: boolean;
  /** The release recorded with each migration applied (this build's VERSION unless a test says otherwise). */
  release?: string;
}

/** What a migration run did: the migrations it applied, in order, and the contract ones left waiting. */
export interface MigrationRun {
  applied: PlannedMigration[];
  waiting: PlannedMigration[];
  /** The database held no table before this run. */
  isNew: boolean;
}

/**
 * Why this build refuses a database with a migration it does not know: one line with `schema_too_new` and both
 * versions. A migration recorded by a release newer than this build asks for that release or a later one. One
 * recorded by this release or an older one (which cannot have it), or by none, came from another build (a
 * development build, a fork) or an edited migrations table: no release is named as the fix then.
 */
export class SchemaTooNewError extends Error {
  readonly code = 'schema_too_new';
  constructor(state: SchemaState, build: string) {
    const byWhom = newest(state.unknown.map((r) => r.release));
    const names = state.unknown.map((r) => `${r.feature} ${String(r.version)} "${r.name}"`).join(', ');
    const newer = byWhom !== null && compareVersions(byWhom, build) > 0;
    super(
      newer
        ? `schema_too_new: the database's schema is from Petstore ${byWhom} (it has ${names}, which this build ` +
            `does not know); this build is Petstore ${build}: run ${byWhom} or later, or restore the backup taken before the upgrade`
        : `schema_too_new: the database has ${names}, which this build does not know and which ${
            byWhom === null ? 'no release recorded' : `was recorded as applied by Petstore ${byWhom}, a release that does not have it`
          } (a build other than a release, or an edited migrations table); this build is Petstore ${build}: run the build ` +
            `that migrated the database, or restore a backup taken before it did`,
    );
    this.name = 'SchemaTooNewError';
  }
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
