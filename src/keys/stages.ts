import type { StagesOf } from '../http/pipeline/pipeline.js';
import { keyRequiredStep, keyScopeStep, knownPrincipal, principalResolver, principalStep } from './auth-hook.js';

/**
 * The key's stages: `identify` resolves a request's bearer key to its principal (on the front door, only a key
 * the cache holds), `authorize` answers 401 without a valid key and 403 for a read key that writes.
 */
export const keyStages: StagesOf = (app) => {
  const authenticator = app.authenticator;
  return [
    {
      kind: 'identify',
      request: principalStep(principalResolver(authenticator)),
      early: (request) => knownPrincipal(authenticator, request.headers.authorization, request.environment),
    },
    { kind: 'authorize', request: keyRequiredStep },
    { kind: 'authorize', request: keyScopeStep },
  ];
};
