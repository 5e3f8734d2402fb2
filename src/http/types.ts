import type { Principal } from '../keys/repository.js';

export type Stability = 'stable' | 'beta' | 'experimental';

export interface Deprecation {
  /** When the operation was deprecated (RFC 9745 `Deprecation`). */
  deprecatedAt: Date;
  /** When it stops working (RFC 8594 `Sunset`); afterwards it answers 410. */
  sunset: Date;
  /** The replacement, announced as `Link: <…>; rel="successor-version"`. */
  successor: string;
}

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
  }
  interface FastifyContextConfig {
    /** No API key needed and not counted against quotas. */
    public?: boolean;
    deprecation?: Deprecation;
    openapi?: OpenApiExtras;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
