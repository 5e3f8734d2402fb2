import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import type { App } from '../../src/app.js';
import { ok } from './harness.js';
import { ContractChecker } from './contract.js';

/** A checker for /api/v1, built from the document the app serves at /api/v1/openapi.json. */
export async function managementContract(app: App): Promise<ContractChecker> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  assert.equal(res.statusCode, 200);
  return new ContractChecker(res.json(), '/api/v1');
}

export interface Call {
  method?: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Sends the session's CSRF token (default: on state-changing methods), none (false) or this value. */
  csrf?: boolean | string;
  /** The client's address (default 127.0.0.1). */
  remoteAddress?: string;
}

/**
 * A browser-like client of the management API on one app: it keeps the
 * session cookie and CSRF token, and checks every response against
 * /api/v1/openapi.json.
 */
export class ManagementClient {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(
    readonly app: App,
    readonly contract: ContractChecker,
  ) {}

  static async on(app: App): Promise<ManagementClient> {
    return new ManagementClient(app, await managementContract(app));
  }

  async call(c: Call): Promise<LightMyRequestResponse> {
    const method = c.method ?? 'GET';
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const csrf = typeof c.csrf === 'string' ? c.csrf : (c.csrf ?? unsafe) ? this.csrfToken : undefined;
    const headers: Record<string, string> = { ...c.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (csrf) headers['x-csrf-token'] = csrf;
    const res = await this.app.inject({ method, url: c.url, payload: c.payload, headers, remoteAddress: c.remoteAddress });
    this.contract.check(method, c.url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    assert.ok(res.headers['x-request-id'], `${method} ${c.url}: no X-Request-Id`);
    return res;
  }

  /** Keeps the session a response started (sign-in, sign-up, an invitation accepted by signing up). */
  keepSession(res: LightMyRequestResponse): void {
    const setCookie = res.headers['set-cookie'];
    if (!setCookie) return;
    this.cookie = String(setCookie).split(';')[0];
    this.csrfToken = (res.json() as { csrfToken: string }).csrfToken;
  }

  /** Signs up (POST /api/v1/users); on success the session is kept. */
  async signUp(email: string, password: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
    const res = await this.call({ method: 'POST', url: '/api/v1/users', payload: { email, password }, remoteAddress });
    if (res.statusCode === 201) this.keepSession(res);
    return res;
  }

  /** Signs in; the cookie and token are kept for the next calls. */
  async signIn(email: string, password: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
    const res = await this.call({ method: 'POST', url: '/api/v1/session', payload: { email, password }, remoteAddress });
    if (res.statusCode === 200) {
      const setCookie = String(res.headers['set-cookie']);
      this.cookie = setCookie.split(';')[0];
      this.csrfToken = (res.json() as { csrfToken: string }).csrfToken;
    }
    return res;
  }
}

/** A person with a known password, created through the same service as the CLI. */
export async function createPerson(app: App, email: string, options: { admin?: boolean } = {}) {
  const password = `pw-${email}-0123456789`;
  ok(await app.accounts.createUser(email, { admin: options.admin ?? false, password }));
  return { email, password };
}
