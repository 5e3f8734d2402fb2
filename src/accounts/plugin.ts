import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { composeAudit } from '../audit/compose.js';
import { appGround, repositoryOf } from '../feature.js';
import { composeAccounts, composeFactors, composeThrottle } from './compose.js';
import type { PasskeyService } from './factors/passkeys.js';
import type { SecondFactorService } from './factors/service.js';
import { openAccountRepository } from './repository.js';
import type { AccountService } from './service.js';
import { SessionService } from './sign-in.js';
import { openSessionRepository } from './sessions-repository.js';
import { openSsoLoginRepository } from './sso/repository.js';
import { SingleSignOn } from './sso/service.js';
import type { AttemptThrottle } from './throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    sessions: SessionService;
    /** Attempt counters shared by every instance (sign-in; any other guessable form). */
    attemptThrottle: AttemptThrottle;
    /** Authenticator apps and recovery codes. */
    secondFactors: SecondFactorService;
    passkeys: PasskeyService;
    /** Single sign-on with OpenID Connect; null unless OIDC_ISSUER is set. */
    singleSignOn: SingleSignOn | null;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const ground = appGround(app);
    const accounts = repositoryOf(app, 'accounts', openAccountRepository);
    const sessions = repositoryOf(app, 'sessions', openSessionRepository);
    const cost = config.passwordHashCost;
    const people = composeAccounts(ground, cost, { accounts, sessions });
    app.decorate('accounts', people);
    const throttle = composeThrottle(ground);
    app.decorate('attemptThrottle', throttle);
    const { factors, passkeys } = composeFactors(ground, config, throttle);
    app.decorate('secondFactors', factors);
    app.decorate('passkeys', passkeys);
    app.decorate(
      'sessions',
      new SessionService(accounts, sessions, throttle, app.clock, factors, composeAudit(ground), {
        passwordHashCost: cost,
        requireSecondFactor: config.requireSecondFactor,
      }),
    );
    const { oidcIssuer, oidcClientId } = config;
    app.decorate(
      'singleSignOn',
      oidcIssuer === undefined || oidcClientId === undefined
        ? null
        : new SingleSignOn(
            // Loaded only when single sign-on is configured: openid-client and jose are a few MB of every process otherwise.
            (await import('./sso/provider.js')).openIdProvider({
              issuer: oidcIssuer,
              clientId: oidcClientId,
              clientSecret: config.oidcClientSecret,
              name: config.oidcName,
            }),
            repositoryOf(app, 'ssoLogins', openSsoLoginRepository),
            accounts,
            people,
            app.clock,
            { allowedDomains: config.oidcAllowedDomains, signup: config.signup },
          ),
    );
  },
  { name: 'accounts', dependencies: ['projects'] },
);
