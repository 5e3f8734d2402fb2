import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDomainError } from '../errors/domain-error.js';
import { repositoryOf } from '../feature.js';
import { openTokenRepository } from './repository.js';
import { tokenRoutes } from './routes.js';
import { TokenService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/** Personal access tokens: their routes, and the bearer check of the management API. */
export default fp(
  async (app: FastifyInstance) => {
    const tokens = new TokenService(
      repositoryOf(app, 'tokens', openTokenRepository),
      app.clock,
      app.config.keyCacheTtlMs,
      async (user, slug) => !isDomainError(await app.accounts.projectOf(user, slug)),
      (err) => app.log.warn({ err }, "an access token's last use was not written; it is written at its next use"),
    );
    app.decorate('tokens', tokens);
    app.bearerTokens.resolve = (secret) => tokens.authenticate(secret);
    tokenRoutes(app, tokens);
  },
  { name: 'tokens', dependencies: ['accounts', 'management'] },
);
