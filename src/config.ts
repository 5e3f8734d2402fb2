import { availableParallelism } from 'node:os';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ConfigError } from './config-error.js';
import { readTelemetrySettings, readTraceUrl, type TelemetrySettings } from './telemetry/settings.js';

export { ConfigError };

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
  /**
   * Staging base URL, ending in /v1: the v1 API of every project's staging environment, answered at its path and,
   * when its host differs from `baseUrl`'s, for requests with its host (http/pipeline/environments.ts).
   */
  stagingBaseUrl: Type.String({ pattern: '^https?://.+/v1$' }),
  trustProxy: Type.Boolean(),
  shutdownTimeoutMs: Type.Integer({ minimum: 0 }),
  /** How long a validated API key is remembered; bounds how late a revocation is seen. */
  keyCacheTtlMs: Type.Integer({ minimum: 0, maximum: 5000 }),
  /** Serve Prometheus metrics at /metrics and record them for every request. */
  metricsEnabled: Type.Boolean(),
  /** Count `/v1` requests per project and minute (usage figures, keys' last use); off only to measure what it costs. */
  usageRecording: Type.Boolean(),
  /**
   * With PostgreSQL and Redis, hold listPets and getPet answers under the project's shared version
   * (pets/version-cache.ts); off, this instance reads every answer from the database (writes still change the version).
   */
  heldAnswers: Type.Boolean(),
  /** Days each project's request log keeps a request. */
  requestLogDays: Type.Integer({ minimum: 1, maximum: 90 }),
  /** A key sending more than this many requests while answered 429 is banned. */
  banThreshold: Type.Integer({ minimum: 0 }),
  banDurationSeconds: Type.Integer({ minimum: 1 }),
  /** Time a request has from its first byte to its last; past it the answer is 408 and the connection closes. */
  requestTimeoutMs: Type.Integer({ minimum: 100 }),
  /** Connections each instance keeps open at most; further ones are closed as they arrive. */
  maxConnections: Type.Integer({ minimum: 1 }),
  /** Root of the keys the service signs and encrypts with; unset: one generated on first start, kept in the database. */
  secretsKey: Type.Optional(Type.String({ minLength: 16 })),
  /** Project sites are served at `<slug>.<platformHost>`. */
  platformHost: Type.String({ pattern: '^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$' }),
  /** The one host (without port) the dashboard and /api/v1 sessions are served on; unset: any host. */
  dashboardHost: Type.Optional(
    Type.String({ pattern: '^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$' }),
  ),
  /** The largest deploy, in unpacked bytes. */
  deployMaxBytes: Type.Integer({ minimum: 1 }),
  /** The HTTPS listener for custom domains (certificates by SNI); unset: none. */
  httpsPort: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  /** The ACME directory certificates are ordered from; unset: no automatic certificates. */
  acmeDirectoryUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
  acmeEmail: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' })),
  /** A PEM bundle trusted (besides the usual roots) when talking to the ACME directory. */
  acmeCaFile: Type.Optional(Type.String({ minLength: 1 })),
  /** Resolvers for domain checks as `ip`, `ip:port` or `[ipv6]:port`; empty: the system's. */
  dnsServers: Type.Array(Type.String({ pattern: '^(\\[[0-9A-Fa-f:.]+\\](:\\d+)?|[0-9A-Fa-f:.]+)$' })),
  /** What an apex domain must resolve to when its provider flattens an ALIAS/ANAME. */
  platformAddresses: Type.Array(Type.String({ pattern: '^[0-9A-Fa-f:.]+$' })),
  /** The CA's CAA identities; empty: the directory's `meta.caaIdentities`. */
  acmeCaaIdentities: Type.Array(Type.String({ minLength: 1 })),
  /** How long after verification a missing certificate gets diagnostics. */
  certificateGraceSeconds: Type.Integer({ minimum: 0 }),
  /** Seconds between a failed webhook delivery and its next attempt, one per retry; past the last the delivery fails. */
  webhookRetryDelays: Type.Array(Type.Integer({ minimum: 0, maximum: 7 * 24 * 3600 }), { minItems: 0, maxItems: 50 }),
  /** Allows webhook URLs that are http:// or resolve to loopback, private or link-local addresses (tests, closed networks). */
  webhookAllowPrivate: Type.Boolean(),
  /** Deliver webhooks from this instance (every instance does by default). */
  webhookWorker: Type.Boolean(),
  /** Who may create an account: only the operator (closed), holders of an invitation link (invite), anyone (open). */
  signup: Type.Union([Type.Literal('closed'), Type.Literal('invite'), Type.Literal('open')]),
  /** Projects a person (not an admin) may own at most. */
  maxProjectsPerUser: Type.Integer({ minimum: 0 }),
  /** log2 of scrypt's N for new password hashes: 17 takes 128 MiB and about 0.3 s each; older hashes keep their own. */
  passwordHashCost: Type.Integer({ minimum: 14, maximum: 20 }),
  /** Where scheduled backups are written; unset: none. */
  backupDir: Type.Optional(Type.String({ minLength: 1 })),
  /** Hours between scheduled backups (decimals allowed). */
  backupIntervalHours: Type.Number({ exclusiveMinimum: 0 }),
  /** Scheduled backups kept; older ones are removed after a success. */
  backupKeep: Type.Integer({ minimum: 1 }),
  /** People without a second factor (an authenticator app or a passkey) who did not sign in with single sign-on may only set one up. */
  requireSecondFactor: Type.Boolean(),
  /** The OpenID Connect issuer people may sign in with (single sign-on); unset: none. */
  oidcIssuer: Type.Optional(Type.String({ pattern: '^https?://' })),
  oidcClientId: Type.Optional(Type.String({ minLength: 1 })),
  /** Unset: a public client (PKCE alone). */
  oidcClientSecret: Type.Optional(Type.String({ minLength: 1 })),
  /** Email domains whose people get an account at their first single sign-on, whatever SIGNUP says. */
  oidcAllowedDomains: Type.Array(Type.String({ pattern: '^[a-z0-9.-]+$' })),
  /** The identity provider's name on the sign-in page ("Sign in with NAME"); unset: the issuer's host. */
  oidcName: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  /** OpenTelemetry (the standard OTEL_* variables, checked by telemetry/settings.ts); unset: off, nothing of it loaded. */
  telemetry: Type.Optional(Type.Object({}, { additionalProperties: true })),
  /** A link to a request's trace in the operator's tracing tool, `{traceId}` replaced (the dashboard's request view). */
  traceUrl: Type.Optional(Type.String({ minLength: 1 })),
  /** Processes serving the port (`serve`): 1 is one process; more are workers under a primary (src/workers). */
  workers: Type.Integer({ minimum: 1, maximum: 256 }),
});

export type Config = Omit<Static<typeof ConfigSchema>, 'telemetry'> & { telemetry?: TelemetrySettings };

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
  usageRecording: 'USAGE_RECORDING',
  heldAnswers: 'HELD_ANSWERS',
  requestLogDays: 'REQUEST_LOG_DAYS',
  banThreshold: 'BAN_THRESHOLD',
  banDurationSeconds: 'BAN_DURATION_SECONDS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  maxConnections: 'MAX_CONNECTIONS',
  secretsKey: 'SECRETS_KEY',
  platformHost: 'PLATFORM_HOST',
  dashboardHost: 'DASHBOARD_HOST',
  deployMaxBytes: 'DEPLOY_MAX_BYTES',
  httpsPort: 'HTTPS_PORT',
  acmeDirectoryUrl: 'ACME_DIRECTORY_URL',
  acmeEmail: 'ACME_EMAIL',
  acmeCaFile: 'ACME_CA_FILE',
  dnsServers: 'DNS_SERVERS',
  platformAddresses: 'PLATFORM_ADDRESSES',
  acmeCaaIdentities: 'ACME_CAA_IDENTITIES',
  certificateGraceSeconds: 'CERTIFICATE_GRACE_SECONDS',
  webhookRetryDelays: 'WEBHOOK_RETRY_DELAYS',
  webhookAllowPrivate: 'WEBHOOK_ALLOW_PRIVATE',
  webhookWorker: 'WEBHOOK_WORKER',
  signup: 'SIGNUP',
  maxProjectsPerUser: 'MAX_PROJECTS_PER_USER',
  passwordHashCost: 'PASSWORD_HASH_COST',
  backupDir: 'BACKUP_DIR',
  backupIntervalHours: 'BACKUP_INTERVAL_HOURS',
  backupKeep: 'BACKUP_KEEP',
  requireSecondFactor: 'REQUIRE_SECOND_FACTOR',
  oidcIssuer: 'OIDC_ISSUER',
  oidcClientId: 'OIDC_CLIENT_ID',
  oidcClientSecret: 'OIDC_CLIENT_SECRET',
  oidcAllowedDomains: 'OIDC_ALLOWED_DOMAINS',
  oidcName: 'OIDC_NAME',
  telemetry: 'OTEL_EXPORTER_OTLP_ENDPOINT',
  traceUrl: 'TRACE_URL',
  workers: 'WORKERS',
};

function integer(raw: string | undefined, fallback: number): unknown {
  if (raw === undefined || raw === '') return fallback;
  return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
}

function decimal(raw: string | undefined, fallback: number): unknown {
  if (raw === undefined || raw === '') return fallback;
  return /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : raw;
}

function boolean(raw: string | undefined, fallback: boolean): unknown {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  return raw;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/**
 * HOST as the default base URL names it: a wildcard (every address) is no address a client can call, so it is
 * published as `localhost`; an IPv6 literal in brackets.
 */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Reads the configuration from environment variables once, validates it and
 * fails with every problem listed, naming the variables.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 8080);
  const host = optional(env.HOST) ?? '127.0.0.1';
  const baseUrl = optional(env.BASE_URL) ?? `http://${urlHost(host)}:${String(port)}/v1`;
  const otherProblems: string[] = [];
  const candidate: Record<string, unknown> = {
    port,
    host,
    databaseUrl: optional(env.DATABASE_URL) ?? 'sqlite:./data/petstore.db',
    databasePoolSize: integer(env.DATABASE_POOL_SIZE, 10),
    redisUrl: optional(env.REDIS_URL),
    redisKeyPrefix: optional(env.REDIS_KEY_PREFIX) ?? 'petstore',
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    baseUrl,
    // Beside production's by default: the same origin and path, with /staging before /v1.
    stagingBaseUrl: optional(env.STAGING_BASE_URL) ?? baseUrl.replace(/\/v1$/, '/staging/v1'),
    trustProxy: boolean(env.TRUST_PROXY, false),
    shutdownTimeoutMs: integer(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    keyCacheTtlMs: integer(env.KEY_CACHE_TTL_MS, 2_000),
    metricsEnabled: boolean(env.METRICS_ENABLED, true),
    usageRecording: boolean(env.USAGE_RECORDING, true),
    heldAnswers: boolean(env.HELD_ANSWERS, true),
    requestLogDays: integer(env.REQUEST_LOG_DAYS, 7),
    banThreshold: integer(env.BAN_THRESHOLD, 20),
    banDurationSeconds: integer(env.BAN_DURATION_SECONDS, 600),
    requestTimeoutMs: integer(env.REQUEST_TIMEOUT_MS, 30_000),
    maxConnections: integer(env.MAX_CONNECTIONS, 2048),
    secretsKey: optional(env.SECRETS_KEY),
    platformHost: optional(env.PLATFORM_HOST)?.toLowerCase().replace(/\.$/, '') ?? 'localhost',
    dashboardHost: optional(env.DASHBOARD_HOST)?.toLowerCase().replace(/\.$/, ''),
    deployMaxBytes: integer(env.DEPLOY_MAX_BYTES, 50 * 1024 * 1024),
    httpsPort: env.HTTPS_PORT === undefined || env.HTTPS_PORT.trim() === '' ? undefined : integer(env.HTTPS_PORT, 0),
    acmeDirectoryUrl: optional(env.ACME_DIRECTORY_URL),
    acmeEmail: optional(env.ACME_EMAIL),
    acmeCaFile: optional(env.ACME_CA_FILE),
    dnsServers: list(env.DNS_SERVERS),
    platformAddresses: list(env.PLATFORM_ADDRESSES),
    acmeCaaIdentities: list(env.ACME_CAA_IDENTITIES),
    certificateGraceSeconds: integer(env.CERTIFICATE_GRACE_SECONDS, 1800),
    webhookRetryDelays: list(env.WEBHOOK_RETRY_DELAYS ?? '5,300,1800,7200,18000,36000,36000').map((d) => integer(d, 0)),
    webhookAllowPrivate: boolean(env.WEBHOOK_ALLOW_PRIVATE, false),
    webhookWorker: boolean(env.WEBHOOK_WORKER, true),
    signup: optional(env.SIGNUP)?.toLowerCase() ?? 'closed',
    maxProjectsPerUser: integer(env.MAX_PROJECTS_PER_USER, 10),
    passwordHashCost: integer(env.PASSWORD_HASH_COST, 17),
    backupDir: optional(env.BACKUP_DIR),
    backupIntervalHours: decimal(env.BACKUP_INTERVAL_HOURS, 24),
    backupKeep: integer(env.BACKUP_KEEP, 7),
    requireSecondFactor: boolean(env.REQUIRE_SECOND_FACTOR, false),
    oidcIssuer: optional(env.OIDC_ISSUER),
    oidcClientId: optional(env.OIDC_CLIENT_ID),
    oidcClientSecret: optional(env.OIDC_CLIENT_SECRET),
    oidcAllowedDomains: list(env.OIDC_ALLOWED_DOMAINS).map((d) => d.toLowerCase().replace(/^@/, '').replace(/\.$/, '')),
    oidcName: optional(env.OIDC_NAME),
    telemetry: readTelemetrySettings(env, otherProblems) ?? undefined,
    traceUrl: readTraceUrl(env, otherProblems),
    workers: optional(env.WORKERS)?.toLowerCase() === 'auto' ? availableParallelism() : integer(env.WORKERS, 1),
  };
  for (const key of Object.keys(candidate)) if (candidate[key] === undefined) delete candidate[key];
  if (Value.Check(ConfigSchema, candidate)) {
    // The telemetry settings are telemetry/settings.ts's, checked there.
    const config = candidate as Config;
    const problems = [...otherProblems, environmentsApart(config), singleSignOnProblem(config)].filter((p) => p !== null);
    if (problems.length === 0) return config;
    throw new ConfigError(problems);
  }
  const problems = [...Value.Errors(ConfigSchema, candidate)].map((e) => {
    const field = (e.path.replace(/^\//, '').split('/')[0] ?? '') as keyof Config;
    const allowed = allowedValues(e.schema);
    const message = allowed ? `expected one of ${allowed.join(', ')}` : e.message;
    return `${ENV_NAMES[field] ?? field}: ${message} (got ${JSON.stringify(e.value)})`;
  });
  throw new ConfigError([...problems, ...otherProblems]);
}

/** Why staging could not be told apart from production by its address, or null when it can. */
function environmentsApart(config: Config): string | null {
  const production = URL.parse(config.baseUrl);
  const staging = URL.parse(config.stagingBaseUrl);
  if (!production) return `BASE_URL: not a URL (got ${JSON.stringify(config.baseUrl)})`;
  if (!staging) return `STAGING_BASE_URL: not a URL (got ${JSON.stringify(config.stagingBaseUrl)})`;
  if (production.hostname !== staging.hostname) return null;
  const prefix = (url: URL) => url.pathname.replace(/\/v1$/, '');
  if (prefix(staging) !== '' && prefix(staging) !== prefix(production)) return null;
  return `STAGING_BASE_URL: must differ from BASE_URL in its host or in the path before /v1 (got ${JSON.stringify(config.stagingBaseUrl)} beside ${JSON.stringify(config.baseUrl)})`;
}

/** What makes the single sign-on settings unusable, or null (none set is fine). */
function singleSignOnProblem(config: Config): string | null {
  const { oidcIssuer, oidcClientId } = config;
  if (oidcIssuer === undefined) {
    return oidcClientId === undefined && config.oidcClientSecret === undefined ? null : 'OIDC_ISSUER: required with OIDC_CLIENT_ID';
  }
  if (oidcClientId === undefined) return 'OIDC_CLIENT_ID: required with OIDC_ISSUER';
  const url = URL.parse(oidcIssuer);
  if (!url) return `OIDC_ISSUER: not a URL (got ${JSON.stringify(oidcIssuer)})`;
  // Plain HTTP only to this machine (a test or development identity provider): codes and tokens travel over it.
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return `OIDC_ISSUER: must be https:// (http:// only on a loopback address) (got ${JSON.stringify(oidcIssuer)})`;
  }
  return null;
}

/** The values a union of literals allows (SIGNUP, LOG_LEVEL…), to name them in the error; null for other schemas. */
function allowedValues(schema: TSchema): string[] | null {
  const members: unknown = schema.anyOf;
  if (!Array.isArray(members) || members.length === 0) return null;
  const values = members.map((m: { const?: unknown }) => m.const);
  return values.every((v) => typeof v === 'string' || typeof v === 'number') ? values.map(String) : null;
}

/** A configuration for embedding the app (tests, tools): defaults plus overrides. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', ...overrides };
}
