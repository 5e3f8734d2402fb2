import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { RemoteSettings } from './cli/remote.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { ContractPart } from './contract/parts.js';
import type { StagesOf } from './http/pipeline/pipeline.js';
import type { DeprecatedOperation } from './http/deprecation/deprecated-operations.js';
import type { Database } from './storage/database.js';
import type { FeatureMigrations } from './storage/migrations.js';
import type { SqlStatement } from './storage/sql.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the capabilities declare for one another (set by buildApp before any capability registers). */
    declared: Declarations;
  }
}

/** What a CLI command gets: the database (opened and migrated on first use), output, the clock. */
export interface CliContext {
  /** The configuration from the environment, read and validated on first use. */
  config(): Promise<Config>;
  database(): Promise<Database>;
  clock: Clock;
  /** One JSON value on stdout (for --json). */
  json(value: unknown): void;
  out(line: string): void;
  err(line: string): void;
  /**
   * The server the command runs on when a remote is configured (PETSTORE_URL and
   * PETSTORE_TOKEN, or the login file) and `--local` was not given; null: the
   * database. Throws RemoteSetupError when the settings cannot be used.
   */
  remote(): RemoteSettings | null;
  /** What the capabilities declare for one another (the server side only: a remote CLI refuses). */
  declared(): Promise<Declarations>;
  /** Whether stderr is a terminal (progress is shown only there). */
  interactive: boolean;
  /** Rewrites the one progress line on stderr in place (`\r`); '' clears it. Call it only when `interactive`. */
  status(line: string): void;
}

export interface CliCommand {
  /** The first word: `keys`, `projects`, … */
  name: string;
  /** When set, this command answers only these second words (another capability answers the rest of `name`). */
  subcommands?: string[];
  /** Usage lines shown by `petstore help`. */
  usage: string[];
  /** Runs over the management API when a remote is configured (else the command needs the database). */
  remote?: boolean;
  /**
   * Makes the database when there is none where it looks (`restore`). Every other command opening the
   * database refuses then (exit 1, naming the place): only `serve` and `migrate` also create one.
   */
  createsDatabase?: boolean;
  /** Manages the sign-in itself (`login`, `logout`): runs with neither a server signed in to nor a database. */
  session?: boolean;
  run(args: string[], ctx: CliContext): Promise<void>;
}

/**
 * A capability: its tables, its HTTP side (a named Fastify plugin that declares
 * the capabilities it depends on) and its commands. The composition root
 * (features.ts) lists them once; the ground floor (http/, storage/, contract/, errors/,
 * health/, metrics/) knows none of them: what it needs from one, the Feature gives.
 */
export interface Feature {
  /** The capability's folder under src/. */
  name: string;
  /**
   * The capabilities this one's code imports (by name, which is their folder), types included: exactly these
   * (test/architecture/declared-dependencies.test.ts).
   */
  dependsOn: readonly string[];
  migrations?: FeatureMigrations;
  /** Loaded only when the service is built, so the CLI starts without the HTTP side. */
  plugin?: () => Promise<{ default: FastifyPluginAsync }>;
  /**
   * The capability's stages of the request pipeline (http/pipeline/pipeline.ts), made once its plugin has registered;
   * app.ts orders every capability's by kind, and both the front door and Fastify run them.
   */
  stages?: () => Promise<StagesOf>;
  cli?: CliCommand[];
  /** Prefixes of the secrets the capability issues (`psk_`): the logs redact anything shaped like one. */
  secretPrefixes?: readonly string[];
  /** What the capability adds to the published documents; loaded when the service is built. */
  contract?: () => Promise<ContractPart>;
  /**
   * Tables of this capability that backups deliberately leave out, each with why a restored service does
   * without it (counters, leases, caches). Every other table is backed up (test/backup/coverage.test.ts).
   */
  backupLeavesOut?: Readonly<Record<string, string>>;
  /** What a restored database must satisfy that its constraints do not say (counters ahead of the ids they handed out). */
  restoreChecks?: readonly RestoreCheck[];
  /**
   * The operations of the /v1 contract this capability has deprecated, as its routes mark them (a test keeps the
   * two equal): usage counts their calls and reports their callers without building the app.
   */
  deprecatedOperations?: readonly DeprecatedOperation[];
  /** What a staging reset and copy do with this capability's data (staging/). */
  staging?: StagingPart;
}

/** A capability's part in a staging environment's reset and copy. */
export interface StagingPart {
  /** Statements that empty one project row of this capability's data, run in the reset's one transaction. */
  reset?: (projectId: number) => SqlStatement[];
  /**
   * The capability's tables keyed by project that a reset leaves as they are, each with why. Every table keyed by
   * project is emptied by a `reset` or kept here (test/staging/reset-coverage.test.ts).
   */
  keeps?: Readonly<Record<string, string>>;
  /**
   * Copies production's rows into the staging row while staging holds none: the number copied, or 'not_empty'
   * (nothing written). One capability offers it (pets).
   */
  copy?: (database: Database, productionId: number, stagingId: number) => Promise<number | 'not_empty'>;
  /**
   * The shared version (kept in Redis) of what the capability answers from memory for a project row: a reset or
   * copy changes it before and after it writes, so no instance gives an answer it held from before.
   */
  versionKey?: (projectId: number) => string;
}

/**
 * What the release's capabilities declare for one another, gathered by the composition root and handed down
 * (a capability never reads the root itself, which lists it).
 */
export interface Declarations {
  /** Every capability's deprecated operations. */
  deprecatedOperations: readonly DeprecatedOperation[];
  staging: {
    /** Every capability's reset, those listed later first (their tables may refer to earlier ones). */
    reset: readonly ((projectId: number) => SqlStatement[])[];
    keeps: Readonly<Record<string, string>>;
    copy: NonNullable<StagingPart['copy']>;
    versionKeys: readonly NonNullable<StagingPart['versionKey']>[];
  };
}

/** A rule a restore checks before it commits: `sql` (the same on both engines) returns a row for each breach. */
export interface RestoreCheck {
  /** The table named in the refusal. */
  table: string;
  /** What is wrong when `sql` returns rows, e.g. "a project's counter is behind its pets' ids". */
  breach: string;
  sql: string;
}

/** Lets tests replace or wrap a capability's repository (e.g. one that fails) without touching the capability. */
export type RepositoryWrappers = Partial<Record<string, (repository: never) => unknown>>;

/** The capability's repository on the app's database, wrapped when a test asked for it. */
export function repositoryOf<R>(app: FastifyInstance, name: string, open: (database: Database) => R): R {
  const repository = open(app.storage.database);
  const wrap = app.repositoryWrappers[name] as ((r: R) => R) | undefined;
  return wrap ? wrap(repository) : repository;
}

/**
 * What a capability's services are composed from, the same for the server and the CLI: repositories on one
 * database (the app's are wrapped when a test asked for it) and the clock. Each capability composes its
 * services from it in one place (its compose.ts).
 */
export interface Ground {
  clock: Clock;
  declared: Declarations;
  repository<R>(name: string, open: (database: Database) => R): R;
}

/** The server's ground: the app's database and clock. */
export const appGround = (app: FastifyInstance): Ground => ({
  clock: app.clock,
  declared: app.declared,
  repository: (name, open) => repositoryOf(app, name, open),
});

/** A CLI command's ground: the database it opens, and its clock. */
export async function cliGround(ctx: CliContext): Promise<Ground> {
  const database = await ctx.database();
  return { clock: ctx.clock, declared: await ctx.declared(), repository: (_name, open) => open(database) };
}
