import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appGround, repositoryOf } from '../feature.js';
import { composeAccounts } from './compose.js';
import { openAccountRepository } from './repository.js';
import type { AccountService } from './service.js';
import { SessionService } from './sign-in.js';
import { openAttemptRepository, openSessionRepository } from './sessions-repository.js';
import { AttemptThrottle } from './throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    sessions: SessionService;
    /** Attempt counters shared by every instance (sign-in; any other guessable form). */
    attemptThrottle: AttemptThrottle;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const accounts = repositoryOf(app, 'accounts', openAccountRepository);
    const sessions = repositoryOf(app, 'sessions', openSessionRepository);
    const cost = app.config.passwordHashCost;
    app.decorate('accounts', composeAccounts(appGround(app), cost, { accounts, sessions }));
    const throttle = new AttemptThrottle(repositoryOf(app, 'attempts', openAttemptRepository), app.clock);
    app.decorate('attemptThrottle', throttle);
    app.decorate('sessions', new SessionService(accounts, sessions, throttle, app.clock, cost));
  },
  { name: 'accounts', dependencies: ['projects'] },
);
