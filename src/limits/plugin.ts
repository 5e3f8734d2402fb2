import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openKeyRepository } from '../keys/repository.js';
import { openRateLimits, type RateLimits } from './open.js';
import type { ChangedVersion } from './hook.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limiter: its meter and its admissions without a 429 (the `admit` stage, stages.ts). */
    rateLimits: RateLimits;
    /** Shared versions (limits/counters.ts), kept where the counters are shared (Redis). */
    sharedVersions: {
      /** Names the version a request changes before it writes, counted with its limit in one round trip. */
      changedBy(changed: ChangedVersion): void;
      /** Changes a version after a write committed: false when it could not. Null where no versions are kept. */
      change: ((versionKey: string) => Promise<boolean>) | null;
    };
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const limits = await openRateLimits({
      config: app.config,
      keys: repositoryOf(app, 'keys', openKeyRepository),
      authenticator: app.authenticator,
      clock: app.clock,
      log: app.log,
    });
    app.decorate('rateLimits', limits);
    app.decorate('sharedVersions', { changedBy: limits.setChangedVersion, change: limits.changeVersion });
    app.readiness.set('limiter', () => limits.state());
    app.addHook('onClose', () => limits.close());
  },
  { name: 'limits', dependencies: ['keys'] },
);
