import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround } from '../feature.js';
import { Authenticator } from './authenticator.js';
import { composeKeys } from './compose.js';
import { openKeyRepository } from './repository.js';
import type { KeyService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    keys: KeyService;
    /** Resolves bearer secrets to principals, with a short cache (KEY_CACHE_TTL_MS). */
    authenticator: Authenticator;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const ground = appGround(app);
    const keys = ground.repository('keys', openKeyRepository);
    const authenticator = new Authenticator(keys, app.clock, app.config.keyCacheTtlMs);
    app.decorate('keys', composeKeys(ground, keys));
    app.decorate('authenticator', authenticator);
    app.decorateRequest('principal', null);
    app.decorateRequest('keyEnvironment', null);
  },
  { name: 'keys', dependencies: ['projects'] },
);
