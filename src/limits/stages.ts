import type { StagesOf } from '../http/pipeline/pipeline.js';
import type { Principal } from '../keys/repository.js';
import { meterStep } from './hook.js';

/**
 * The limiter's `admit` stage: Fastify's meter counts every request that needs a key and answers 429; the
 * front door's counts only a request it certainly admits (memory counters now, Redis in one round trip).
 */
export const limitStages: StagesOf = (app) => {
  const limits = app.rateLimits;
  return [
    {
      kind: 'admit',
      request: meterStep(limits.meter),
      early: {
        now: (principal) => limits.admitNow(principal as Principal),
        later: (principal, versionKey) => limits.admitLater(principal as Principal, versionKey),
        remote: limits.remote,
      },
    },
  ];
};
