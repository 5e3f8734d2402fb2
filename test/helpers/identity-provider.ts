import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

/** What the test identity provider says of the person who signs in next. */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
}

export interface IdentityProviderRig {
  /** The issuer, `http://127.0.0.1:PORT`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider's next interaction (what a person would type there). */
  signInAs(account: TestAccount): void;
  /**
   * A browser at the provider: follows its redirects from `authorizationUrl` (its cookies kept) until it is sent
   * away from the provider, and returns that address (the callback with `code` and `state`).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's certified oidc-provider) on 127.0.0.1 for tests: one confidential
 * client whose redirect URI is `redirectUri`, PKCE required, the authorization code flow only. Its login and
 * consent are one interaction that signs in the account `signInAs` named and grants `openid email profile`.
 */
export async function startIdentityProvider(redirectUri: string): Promise<IdentityProviderRig> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const clientId = 'petstore';
  const clientSecret = 'a-client-secret-for-tests-only-0123456789';
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    jwks: {
      keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }],
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
  });
  // oidc-provider speaks of an insecure issuer on every start; on 127.0.0.1 in a test that is the point.
  provider.on('server_error', () => undefined);
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const account = next;
      if (!account) throw new Error('the test named nobody to sign in as');
      accounts.set(account.sub, account);
      const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    authorize: async (authorizationUrl) => {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
          signal: AbortSignal.timeout(5000),
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the identity provider answered ${String(res.status)} without a redirect: ${await res.text()}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the identity provider');
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
