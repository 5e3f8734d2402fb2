import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { openAccountRepository } from './repository.js';
import { AccountService } from './service.js';
import { SessionService } from './sign-in.js';
import { openSessionRepository } from './sessions-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    sessions: SessionService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const accounts = repositoryOf(app, 'accounts', openAccountRepository);
    const sessions = repositoryOf(app, 'sessions', openSessionRepository);
    app.decorate('accounts', new AccountService(accounts, sessions, repositoryOf(app, 'projects', openProjectRepository), app.clock));
    app.decorate('sessions', new SessionService(accounts, sessions, app.clock));
  },
  { name: 'accounts', dependencies: ['projects'] },
);
