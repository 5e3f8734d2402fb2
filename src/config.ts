import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const LogLevel = Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)));

export const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  databaseUrl: Type.String({ pattern: '^(sqlite:|postgres://|postgresql://)' }),
  /** Connections each instance keeps to PostgreSQL at most; unused with SQLite. */
  databasePoolSize: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** Shares rate-limit counters between instances; without it each process counts in memory. */
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Prefix of every Redis key the service writes, so one Redis can serve several deployments. */
  redisKeyPrefix: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
  logLevel: LogLevel,
  /** Production base URL, ending in /v1, published in the contract's `servers`. */
  baseUrl: Type.String({ pattern: '^https?://.+/v1$' }),
  stagingBaseUrl: Type.Optional(Type.String({ pattern: '^https?://.+/v1$' })),
  trustProxy: Type.Boolean(),
  shutdownTimeoutMs: Type.Integer({ minimum: 0 }),
  /** How long a validated API key is remembered; bounds how late a revocation is seen. */
  keyCacheTtlMs: Type.Integer({ minimum: 0, maximum: 5000 }),
  /** Serve Prometheus metrics at /metrics and record them for every request. */
  metricsEnabled: Type.Boolean(),
  /** A key sending more than this many requests while answered 429 is banned. */
  banThreshold: Type.Integer({ minimum: 0 }),
  banDurationSeconds: Type.Integer({ minimum: 1 }),
  /** Project sites are served at <slug>.<platformHost>. */
  platformHost: Type.String({ pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:[0-9]{1,5})?$' }),
});

export type Config = Static<typeof ConfigSchema>;

/** Maps each config field to the environment variable it is read from. */
const ENV_NAMES: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  databaseUrl: 'DATABASE_URL',
  databasePoolSize: 'DATABASE_POOL_SIZE',
  redisUrl: 'REDIS_URL',
  redisKeyPrefix: 'REDIS_KEY_PREFIX',
  logLevel: 'LOG_LEVEL',
  baseUrl: 'BASE_URL',
  stagingBaseUrl: 'STAGING_BASE_URL',
  trustProxy: 'TRUST_PROXY',
  shutdownTimeoutMs: 'SHUTDOWN_TIMEOUT_MS',
  keyCacheTtlMs: 'KEY_CACHE_TTL_MS',
  metricsEnabled: 'METRICS_ENABLED',
  banThreshold: 'BAN_THRESHOLD',
  banDurationSeconds: 'BAN_DURATION_SECONDS',
  platformHost: 'PLATFORM_HOST',
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

function integer(raw: string | undefined, fallback: number): unknown {
  if (raw === undefined || raw === '') return fallback;
  return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
}

function boolean(raw: string | undefined, fallback: boolean): unknown {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  return raw;
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/**
 * Reads the configuration from environment variables once, validates it and
 * fails with every problem listed, naming the variables.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 8080);
  const host = optional(env.HOST) ?? '127.0.0.1';
  const candidate: Record<string, unknown> = {
    port,
    host,
    databaseUrl: optional(env.DATABASE_URL) ?? 'sqlite:./data/petstore.db',
    databasePoolSize: integer(env.DATABASE_POOL_SIZE, 10),
    redisUrl: optional(env.REDIS_URL),
    redisKeyPrefix: optional(env.REDIS_KEY_PREFIX) ?? 'petstore',
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    baseUrl: optional(env.BASE_URL) ?? `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}/v1`,
    stagingBaseUrl: optional(env.STAGING_BASE_URL),
    trustProxy: boolean(env.TRUST_PROXY, false),
    shutdownTimeoutMs: integer(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    keyCacheTtlMs: integer(env.KEY_CACHE_TTL_MS, 2_000),
    metricsEnabled: boolean(env.METRICS_ENABLED, true),
    banThreshold: integer(env.BAN_THRESHOLD, 20),
    banDurationSeconds: integer(env.BAN_DURATION_SECONDS, 600),
    platformHost: optional(env.PLATFORM_HOST)?.toLowerCase() ?? 'localhost',
  };
  for (const key of Object.keys(candidate)) if (candidate[key] === undefined) delete candidate[key];
  if (Value.Check(ConfigSchema, candidate)) return candidate;
  const problems = [...Value.Errors(ConfigSchema, candidate)].map((e) => {
    const field = e.path.replace(/^\//, '') as keyof Config;
    return `${ENV_NAMES[field] ?? field}: ${e.message} (got ${JSON.stringify(e.value)})`;
  });
  throw new ConfigError(problems);
}

/** A configuration for embedding the app (tests, tools): defaults plus overrides. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', ...overrides };
}
