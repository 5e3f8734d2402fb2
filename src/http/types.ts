import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { RepositoryWrappers } from '../feature.js';
import type { FinalFlushes } from '../storage/flushes.js';
import type { Storage } from '../storage/open.js';
import type { DeprecatedOperation, Deprecation } from './deprecation/deprecated-operations.js';
import type { EnvironmentRoutes } from './pipeline/environments.js';
import type { FrontDoor } from './pipeline/front-door.js';

export type Stability = 'stable' | 'beta' | 'experimental';

/** Documentation-only extras the contract builder reads from a route's config. */
export interface OpenApiExtras {
  responseHeaders?: Record<number, Record<string, { description: string; schema: Record<string, unknown> }>>;
}

declare module 'fastify' {
  interface FastifySchema {
    operationId?: string;
    summary?: string;
    description?: string;
    tags?: string[];
    deprecated?: boolean;
    'x-stability'?: Stability;
    /** OpenAPI security requirements, when the operation's differ from its document's default. */
    security?: Record<string, string[]>[];
    /** A body that is a file the route reads as a stream (documentation only; see UploadBody). */
    'x-upload'?: { mediaTypes: string[]; description: string };
  }
  interface FastifyContextConfig {
    /** No API key needed and not counted against quotas. */
    public?: boolean;
    deprecation?: Deprecation;
    openapi?: OpenApiExtras;
  }
  interface FastifyRequest {
    /**
     * Set by a request step that answers the request itself (a site file, a
     * redirect): the `operation` label metrics give it, instead of `unmatched`.
     */
    answeredAs: string | null;
  }
  /** Decorations every capability can rely on (set by buildApp before any capability registers). */
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    storage: Storage;
    /** What capabilities hold in memory for the database, written as the app closes (retried until the shutdown's deadline). */
    finalFlushes: FinalFlushes;
    /** Answers given from memory before Fastify sees a request (early steps), and the handler every listener uses. */
    frontDoor: FrontDoor;
    /** Which environment (production, staging) a request's address names, and each one's paths. */
    environments: EnvironmentRoutes;
    /**
     * Whether this process runs the server's timed background work (purges, certificate orders and renewals, DNS
     * re-checks): true in a single process and in the primary of WORKERS > 1, false in its workers.
     */
    background: boolean;
    /** Named checks /readyz reports besides the database, e.g. the rate limiter's state. */
    readiness: Map<string, () => string>;
    repositoryWrappers: RepositoryWrappers;
    /** The /metrics registry capabilities add their metrics to; null when METRICS_ENABLED=false. */
    metricsRegistry: Registry | null;
    /** The contract's deprecated operations (complete once every capability has registered its routes). */
    deprecatedOperations: () => readonly DeprecatedOperation[];
  }
}
