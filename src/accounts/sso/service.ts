import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors/domain-error.js';
import type { AccountRepository, User } from '../repository.js';
import type { AccountService, SignupMode } from '../service.js';
import { emailProblem, normaliseEmail } from '../email.js';
import type { SsoLoginRepository } from './repository.js';
import type { IdentityProvider } from './provider.js';

/** A sign-on must come back from the identity provider within this time. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

export interface SsoSettings {
  /** Email domains whose people get an account at their first sign-on (A-labels, lower case). */
  allowedDomains: readonly string[];
  signup: SignupMode;
}

const loginHash = (token: string) => createHash('sha256').update(token).digest();
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const failed = (why: string) =>
  new DomainError('sso_failed', `Single sign-on did not complete: ${why}. Start again from the sign-in page.`);

/**
 * Single sign-on with OpenID Connect (authorization code with PKCE, state and nonce). A sign-on is tied to the
 * browser that started it (a cookie whose hash keys its state, taken once). The person is found by an email the
 * provider says it verified, never by anything else; an account is made only when SIGNUP is open or the email's
 * domain is one of OIDC_ALLOWED_DOMAINS.
 */
export class SingleSignOn {
  constructor(
    readonly provider: IdentityProvider,
    private readonly logins: SsoLoginRepository,
    private readonly accounts: AccountRepository,
    private readonly people: AccountService,
    private readonly clock: Clock,
    private readonly settings: SsoSettings,
  ) {}

  /** Where to send the browser, and the value of the cookie that ties the sign-on to it. */
  async start(redirectUri: string, next: string): Promise<{ url: string; cookie: string } | DomainError> {
    const request = await this.provider.authorizationRequest(redirectUri);
    if (request instanceof DomainError) return request;
    const cookie = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.logins.add(
      loginHash(cookie),
      { ...request.checks, redirectUri, next, expiresAt: new Date(now + SSO_LOGIN_TTL_MS) },
      new Date(now),
    );
    return { url: request.url, cookie };
  }

  /**
   * Finishes a sign-on from its callback (the URL the provider sent the browser to) and its cookie: the person
   * signed in, whether the account was just made, and where to go next.
   */
  async finish(cookie: string | null, callback: URL): Promise<{ user: User; created: boolean; next: string } | DomainError> {
    const login = cookie !== null && TOKEN.test(cookie) ? await this.logins.take(loginHash(cookie), new Date(this.clock.now())) : null;
    if (!login) return failed('this browser has no sign-on in progress (it expires after 10 minutes, and each is used once)');
    const identity = await this.provider.identity(callback, login);
    if (identity instanceof DomainError) return identity;
    if (identity.emailVerified !== true) {
      return new DomainError(
        'email_not_verified',
        `The identity provider has not verified the email ${JSON.stringify(identity.email ?? '')}: single sign-on matches verified emails only.`,
      );
    }
    const email = normaliseEmail(identity.email ?? '');
    if (emailProblem(email) !== null) return failed('the identity provider gave no usable email');
    const existing = await this.accounts.findUserByEmail(email);
    if (existing) {
      const { passwordHash: _hash, ...user } = existing;
      return { user, created: false, next: login.next };
    }
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (this.settings.signup !== 'open' && !this.settings.allowedDomains.includes(domain)) {
      return new DomainError(
        'signup_closed',
        `No account has the email ${email}, and this service makes accounts at single sign-on only with SIGNUP=open or for the domains of OIDC_ALLOWED_DOMAINS: ask its operator or a project owner.`,
      );
    }
    // The person signs in through the provider: their password is random and never shown (they have none to type).
    const created = await this.people.createUser(email, { password: randomBytes(24).toString('base64url') });
    if (created instanceof DomainError) {
      const again = await this.accounts.findUserByEmail(email);
      if (!again) return created;
      const { passwordHash: _hash, ...user } = again;
      return { user, created: false, next: login.next };
    }
    const { generatedPassword: _none, ...user } = created;
    return { user, created: true, next: login.next };
  }
}
