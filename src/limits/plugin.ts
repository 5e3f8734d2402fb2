import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openKeyRepository } from '../keys/repository.js';
import { meterStep } from './hook.js';
import { openRateLimits } from './open.js';
import type { ChangedVersion } from './hook.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Names the shared version a request changes (limits/counters.ts), counted with its limit in one round trip. */
    changedVersion: (changed: ChangedVersion) => void;
    /** Changes a shared version for a write made outside the API (limits/counters.ts `changeVersion`). */
    changeVersion: (versionKey: string) => Promise<void>;
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
    app.requestSteps.add('meter', meterStep(limits.meter));
    app.frontDoor.gate.admit = limits.admitNow;
    app.frontDoor.gate.admitLater = limits.admitLater;
    app.decorate('changedVersion', limits.setChangedVersion);
    app.decorate('changeVersion', limits.changeVersion);
    app.readiness.set('limiter', () => limits.state());
    app.addHook('onClose', () => limits.close());
  },
  { name: 'limits', dependencies: ['keys'] },
);
