import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openKeyRepository } from '../keys/repository.js';
import { meterStep } from './hook.js';
import { openRateLimits } from './open.js';

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
    if (limits.bumpVersion) app.frontDoor.gate.bumpVersion = limits.bumpVersion;
    app.readiness.set('limiter', () => limits.state());
    app.addHook('onClose', () => limits.close());
  },
  { name: 'limits', dependencies: ['keys'] },
);
