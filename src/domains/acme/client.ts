import type { Authorization, Client, Order } from 'acme-client';
import { X509Certificate } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CaUnreachableError, createTransport, type AcmeResponse, type Transport } from './transport.js';

/** Where http-01 answers live; the caller backs it with the database so any instance can answer. */
export interface ChallengePort {
  put(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface AcmeSettings {
  /** ACME_DIRECTORY_URL */
  directoryUrl: string;
  /** Contents of ACME_CA_FILE, trusted for this CA only. */
  caPem?: string;
  /** ACME_EMAIL, the account's contact. */
  email?: string;
  /** Per HTTP request to the CA (default 10 s). */
  requestTimeoutMs?: number;
  /** For a whole order, validation included (default 60 s). */
  orderTimeoutMs?: number;
  /** Between polls of a pending authorization or order (default 1 s). */
  pollIntervalMs?: number;
}

/** The ACME account: its key is created once and stored by the caller; the URL saves a lookup. */
export interface AcmeAccount {
  key: string;
  url: string;
}

export interface IssuedCertificate {
  /** Leaf first, then the intermediates, as the CA sent them. */
  chain: string;
  /** PKCS#8 PEM; encrypt before storing. */
  privateKey: string;
  notBefore: Date;
  notAfter: Date;
}

export type AcmeFailureKind = 'ca_unreachable' | 'rate_limited' | 'ca_error' | 'challenge_failed' | 'timeout' | 'cancelled' | 'internal';

export interface AcmeFailure {
  kind: AcmeFailureKind;
  /** In words, with the CA's own words when it gave any. */
  message: string;
  /** The CA's RFC 7807 problem, as it sent it. */
  problem?: { type: string; detail: string; status?: number };
  /** From the CA's Retry-After: do not ask again before. */
  retryAfter?: Date;
}

export type IssueResult =
  { ok: true; certificate: IssuedCertificate; account: AcmeAccount } | { ok: false; failure: AcmeFailure; account?: AcmeAccount };

export interface Problem {
  type: string;
  detail: string;
  status?: number;
}

class OrderFailure extends Error {
  constructor(readonly failure: AcmeFailure) {
    super(failure.message);
  }
}

/**
 * acme-client, loaded when a certificate is first ordered: it adds about 8.5 MB
 * to the heap, most of a process's life is spent without it, and many
 * instances never order one.
 */
const acmeClient = () => import('acme-client');

/** A new ECDSA P-256 account key (PEM). */
export async function createAccountKey(): Promise<string> {
  const { crypto } = await acmeClient();
  return (await crypto.createPrivateEcdsaKey('P-256')).toString();
}

/** Retry-After as seconds or an HTTP date, relative to `now`. */
export function parseRetryAfter(value: string | undefined, now: number): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return new Date(now + Math.max(0, seconds) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : new Date(date);
}

function asProblem(value: unknown): Problem | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as { type?: unknown; detail?: unknown; status?: unknown };
  if (typeof p.type !== 'string') return null;
  return {
    type: p.type,
    detail: typeof p.detail === 'string' ? p.detail : '',
    ...(typeof p.status === 'number' ? { status: p.status } : {}),
  };
}

const ACME_ERROR = 'urn:ietf:params:acme:error:';

/** The typed failure for a problem document from the CA. */
export function failureFromProblem(problem: Problem, retryAfter: Date | undefined, during: string): AcmeFailure {
  const short = problem.type.startsWith(ACME_ERROR) ? problem.type.slice(ACME_ERROR.length) : problem.type;
  const kind: AcmeFailureKind = short === 'rateLimited' ? 'rate_limited' : 'ca_error';
  const when = retryAfter === undefined ? '' : ` Retry after ${retryAfter.toISOString()}.`;
  return {
    kind,
    message: `The certificate authority refused ${during} (${short}): ${problem.detail}${when}`,
    problem,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

/**
 * An acme-client Client whose HTTP goes through our transport; it remembers
 * the last problem document the CA sent (acme-client keeps only its detail).
 */
function clientFor(acme: typeof import('acme-client'), settings: AcmeSettings, accountKey: string, accountUrl: string | undefined) {
  const transport: Transport = createTransport({
    ...(settings.caPem === undefined ? {} : { caPem: settings.caPem }),
    timeoutMs: settings.requestTimeoutMs ?? 10_000,
  });
  const state: { problem: Problem | null; retryAfter: Date | undefined } = { problem: null, retryAfter: undefined };
  const client = new acme.Client({
    directoryUrl: settings.directoryUrl,
    accountKey,
    ...(accountUrl === undefined ? {} : { accountUrl }),
  });
  const http = (client as unknown as { http?: { request?: unknown } }).http;
  if (http === undefined || typeof http.request !== 'function') {
    throw new Error('acme-client has changed: Client.http.request is missing (this code is written for acme-client 5)');
  }
  http.request = async (url: string, method: string, opts?: { data?: unknown; headers?: Record<string, string> }) => {
    const response: AcmeResponse = await transport(url, method, opts);
    const problem = response.status >= 400 ? asProblem(response.data) : null;
    state.problem = problem;
    state.retryAfter = problem === null ? undefined : parseRetryAfter(response.headers['retry-after'], Date.now());
    return response;
  };
  return { client, transport, state };
}

/** The directory's `meta.caaIdentities` (the default for ACME_CAA_IDENTITIES); [] when it publishes none. */
export async function directoryCaaIdentities(settings: AcmeSettings): Promise<string[]> {
  const transport = createTransport({
    ...(settings.caPem === undefined ? {} : { caPem: settings.caPem }),
    timeoutMs: settings.requestTimeoutMs ?? 10_000,
  });
  try {
    const res = await transport(settings.directoryUrl, 'get');
    const meta = (res.data as { meta?: { caaIdentities?: unknown } } | null)?.meta;
    return Array.isArray(meta?.caaIdentities) ? meta.caaIdentities.filter((x): x is string => typeof x === 'string') : [];
  } finally {
    transport.close();
  }
}

/**
 * Orders a certificate for one verified name, answering http-01 through
 * `challenges`. CA and network trouble never throws: CA unreachable, a CA
 * refusal (with its words and Retry-After), failed validation, time out and
 * cancel are typed failures the caller can store and show. Polling is paced
 * here; retrying a failed order is the caller's (with its backoff).
 */
export async function issueCertificate(
  settings: AcmeSettings,
  request: { domain: string; challenges: ChallengePort; account?: { key: string; url?: string }; signal?: AbortSignal },
): Promise<IssueResult> {
  const acme = await acmeClient();
  const accountKey = request.account?.key ?? (await createAccountKey());
  const { client, transport, state } = clientFor(acme, settings, accountKey, request.account?.url);
  const deadline = Date.now() + (settings.orderTimeoutMs ?? 60_000);
  const pollMs = settings.pollIntervalMs ?? 1000;
  let account: AcmeAccount | undefined = request.account?.url === undefined ? undefined : { key: accountKey, url: request.account.url };
  let during = 'the account registration';

  const checkpoint = (): void => {
    if (request.signal?.aborted === true) throw new OrderFailure({ kind: 'cancelled', message: 'The order was cancelled.' });
    if (Date.now() > deadline) {
      throw new OrderFailure({
        kind: 'timeout',
        message: `The certificate authority did not complete ${during} within ${String(settings.orderTimeoutMs ?? 60_000)} ms.`,
      });
    }
  };
  const pause = async (): Promise<void> => {
    await sleep(pollMs, undefined, request.signal === undefined ? {} : { signal: request.signal }).catch(() => undefined);
    checkpoint();
  };

  try {
    checkpoint();
    if (account === undefined) {
      // A stored key without its URL: look the account up (a plain newAccount on an existing
      // account makes acme-client send an update that Pebble refuses as empty).
      let exists = false;
      if (request.account !== undefined) {
        try {
          await client.createAccount({ onlyReturnExisting: true });
          exists = true;
        } catch (error) {
          if (state.problem?.type !== `${ACME_ERROR}accountDoesNotExist`) throw error;
        }
      }
      if (!exists) {
        await client.createAccount({
          termsOfServiceAgreed: true,
          ...(settings.email === undefined ? {} : { contact: [`mailto:${settings.email}`] }),
        });
      }
      account = { key: accountKey, url: client.getAccountUrl() };
    }
    checkpoint();
    during = `the order for ${request.domain}`;
    let order: Order = await client.createOrder({ identifiers: [{ type: 'dns', value: request.domain }] });
    for (const authz of await client.getAuthorizations(order)) {
      if (authz.status === 'valid') continue;
      await authorize(client, order, authz);
    }
    during = `the finalization of ${request.domain}`;
    checkpoint();
    // ECDSA P-256 rather than acme-client's default RSA 2048: cheaper handshakes, every current client supports it.
    const privateKey = await acme.crypto.createPrivateEcdsaKey('P-256');
    const [, csr] = await acme.crypto.createCsr({ commonName: request.domain, altNames: [request.domain] }, privateKey);
    order = await client.finalizeOrder(order, csr);
    while (order.status === 'processing' || order.status === 'pending' || order.status === 'ready') {
      await pause();
      order = await client.getOrder(order);
    }
    if (order.status !== 'valid') {
      const problem = asProblem((order as { error?: unknown }).error);
      throw new OrderFailure(
        problem === null
          ? { kind: 'ca_error', message: `The order for ${request.domain} ended ${order.status}.` }
          : failureFromProblem(problem, undefined, during),
      );
    }
    during = `the certificate download for ${request.domain}`;
    const chain = await client.getCertificate(order);
    const leaf = new X509Certificate(chain);
    return {
      ok: true,
      account,
      certificate: {
        chain,
        privateKey: privateKey.toString(),
        notBefore: new Date(leaf.validFrom),
        notAfter: new Date(leaf.validTo),
      },
    };
  } catch (error) {
    return { ok: false, failure: classify(error), ...(account === undefined ? {} : { account }) };
  } finally {
    transport.close();
  }

  async function authorize(acme: Client, order: Order, authz: Authorization): Promise<void> {
    during = `the validation of ${authz.identifier.value}`;
    const challenge = authz.challenges.find((c) => c.type === 'http-01');
    if (challenge === undefined) {
      throw new OrderFailure({
        kind: 'ca_error',
        message: `The certificate authority offered no http-01 challenge for ${authz.identifier.value}.`,
      });
    }
    const keyAuthorization = await acme.getChallengeKeyAuthorization(challenge);
    try {
      await request.challenges.put(challenge.token, keyAuthorization).catch((e: unknown) => {
        throw new OrderFailure({ kind: 'internal', message: `The challenge answer could not be stored: ${(e as Error).message}` });
      });
      await acme.completeChallenge(challenge);
      let current: Authorization | undefined = authz;
      while (current?.status === 'pending') {
        await pause();
        current = (await acme.getAuthorizations(order)).find((a) => a.url === authz.url);
      }
      if (current?.status !== 'valid') {
        const failed = current?.challenges.find((c) => c.type === 'http-01');
        const problem = asProblem(failed?.error);
        throw new OrderFailure({
          kind: 'challenge_failed',
          message:
            `The certificate authority could not validate ${authz.identifier.value} over http-01` +
            (problem === null ? ` (authorization ${current?.status ?? 'missing'}).` : `: ${problem.detail}`),
          ...(problem === null ? {} : { problem }),
        });
      }
    } finally {
      await request.challenges.remove(challenge.token).catch(() => undefined);
    }
  }

  function classify(error: unknown): AcmeFailure {
    if (error instanceof OrderFailure) return error.failure;
    if (error instanceof CaUnreachableError) return { kind: 'ca_unreachable', message: error.message };
    if (state.problem !== null) return failureFromProblem(state.problem, state.retryAfter, during);
    return { kind: 'internal', message: `The ACME client failed during ${during}: ${(error as Error).message}` };
  }
}

/**
 * When a certificate should be renewed: once two thirds of its lifetime have
 * passed (a third remains), as Let's Encrypt advises. ARI (RFC 9773,
 * renewalInfo) would let the CA choose the moment, but acme-client 5.4 has no
 * ARI support and Pebble 2.4.0's directory publishes no `renewalInfo` (both
 * checked), so the fixed fraction is what runs today.
 */
export function renewalTime(chainPem: string): Date {
  const leaf = new X509Certificate(chainPem);
  const from = Date.parse(leaf.validFrom);
  const to = Date.parse(leaf.validTo);
  return new Date(from + ((to - from) * 2) / 3);
}

export function renewalDue(chainPem: string, now: number): boolean {
  return now >= renewalTime(chainPem).getTime();
}
