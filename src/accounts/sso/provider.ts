import * as oidc from 'openid-client';
import { DomainError } from '../../errors/domain-error.js';

/** What a sign-on's callback is checked against. */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the identity provider says of the person. */
export interface Identity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
}

export interface IdentityProvider {
  /** "Sign in with NAME". */
  readonly name: string;
  authorizationRequest(redirectUri: string): Promise<{ url: string; checks: SsoChecks } | DomainError>;
  identity(callback: URL, login: SsoChecks & { redirectUri: string }): Promise<Identity | DomainError>;
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  name?: string;
}

/** Why openid-client refused, in words: its messages down the chain of causes, and the claim at fault. */
function reasonOf(err: unknown): string {
  const words: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (!words.includes(e.message)) words.push(e.message);
    const claim = (e.cause as { claim?: unknown } | undefined)?.claim;
    if (typeof claim === 'string') words.push(`the "${claim}" claim`);
  }
  return (words.join(': ') || 'the answer was refused').slice(0, 300);
}

const unreachable = (err: unknown) =>
  new DomainError('sso_failed', `The identity provider could not be reached or refused the request (${reasonOf(err)}). Try again shortly.`);

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * An OpenID Connect provider through openid-client: its metadata discovered on first use (and again after a
 * failure), the authorization code flow with PKCE (S256), `state` and `nonce`. Plain HTTP is allowed only to a
 * loopback issuer (the configuration refuses any other).
 */
export function openIdProvider(settings: ProviderSettings): IdentityProvider {
  const issuer = new URL(settings.issuer);
  let configuration: Promise<oidc.Configuration> | null = null;
  const discovered = () => {
    configuration ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        settings.clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(settings.clientSecret),
        isLoopback(issuer) && issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        configuration = null;
        throw err;
      });
    return configuration;
  };
  return {
    name: settings.name ?? issuer.host,
    authorizationRequest: async (redirectUri) => {
      let config;
      try {
        config = await discovered();
      } catch (err) {
        return unreachable(err);
      }
      const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url: url.href, checks };
    },
    identity: async (callback, login) => {
      try {
        const config = await discovered();
        // The token request names the redirect URI of the authorization request: the callback's own address.
        const current = new URL(login.redirectUri);
        current.search = callback.search;
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return new DomainError('sso_failed', 'Single sign-on did not complete: the identity provider sent no ID token.');
        let { email, email_verified: verified } = claims as { email?: unknown; email_verified?: unknown };
        if (typeof email !== 'string' || verified === undefined) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          email ??= info.email;
          verified ??= info.email_verified;
        }
        return {
          subject: claims.sub,
          email: typeof email === 'string' ? email : undefined,
          emailVerified: verified === true,
        };
      } catch (err) {
        return new DomainError('sso_failed', `Single sign-on did not complete: ${reasonOf(err)}. Start again from the sign-in page.`);
      }
    },
  };
}
