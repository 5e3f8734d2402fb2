import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { keyRequiredStep, knownPrincipal, principalResolver, principalStep } from './auth-hook.js';
import { Authenticator } from './authenticator.js';
import { openKeyRepository } from './repository.js';
import { KeyService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    keys: KeyService;
    /** Resolves bearer secrets to principals, with a short cache (KEY_CACHE_TTL_MS). */
    authenticator: Authenticator;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const keys = repositoryOf(app, 'keys', openKeyRepository);
    const authenticator = new Authenticator(keys, app.clock, app.config.keyCacheTtlMs);
    app.decorate('keys', new KeyService(keys, repositoryOf(app, 'projects', openProjectRepository), app.clock));
    app.decorate('authenticator', authenticator);
    app.decorateRequest('principal', null);
    app.requestSteps.add('identify', principalStep(principalResolver(authenticator)));
    app.requestSteps.add('authorize', keyRequiredStep);
    app.frontDoor.gate.identify = (request) => knownPrincipal(authenticator, request.headers.authorization);
  },
  { name: 'keys', dependencies: ['projects'] },
);
