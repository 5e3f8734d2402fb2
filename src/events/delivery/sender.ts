import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { literalAddress, refusedAddress } from './addresses.js';

/** A receiver has this long, from connecting to the end of its answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Of a receiver's answer, only this much is read (kept with the attempt, and the start of it in its error text). */
export const RESPONSE_READ_BYTES = 4096;

/** Resolves a name to all its addresses (dns.lookup by default; tests pass their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/**
 * Connections are kept open between deliveries (most go to the same few receivers). A pooled
 * connection was made to an address checked when it was opened (see `sendWebhook`), so reusing
 * it is as safe, and a delivery on it needs no lookup. Instances allowing private destinations
 * and those refusing them never share a connection.
 */
const agentOptions = { keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: 30_000 };
const agents = {
  public: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
  private: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
};

/** A destination refused when the connection was being made; its message says why. */
class RefusedDestination extends Error {}

export interface SendOptions {
  /** WEBHOOK_ALLOW_PRIVATE: allow http:// and loopback, private and link-local destinations. */
  allowPrivate: boolean;
  resolve?: Resolve;
  timeoutMs?: number;
}

export type SendResult =
  | { kind: 'answered'; status: number; headers: http.IncomingHttpHeaders; body: string; durationMs: number }
  /** Not sent (refused destination) or no answer (connection error, timeout). */
  | { kind: 'error'; refused: boolean; error: string; durationMs: number };

/** Why a URL may not receive webhooks before anything is resolved (scheme, literal address); null when it may. */
export function refusedUrl(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return allowPrivate ? 'only http:// and https:// URLs can receive webhooks' : 'only https:// URLs can receive webhooks';
  }
  if (url.username !== '' || url.password !== '') return 'URLs with a user name or password are not accepted';
  const literal = literalAddress(url.hostname);
  if (literal !== null && !allowPrivate) {
    const why = refusedAddress(literal);
    if (why !== null) return `refused: ${why}`;
  }
  return null;
}

/**
 * POSTs a webhook. Each new connection resolves the destination and checks
 * every address before connecting, then goes to the checked address (the
 * socket's lookup answers with it), so a name that resolves differently a
 * moment later (DNS rebinding) cannot redirect the request; a kept-alive
 * connection is reused without a lookup. Redirects are not followed.
 * The whole exchange is bounded by `timeoutMs` and only the first 4 KiB of the
 * answer are read.
 */
export async function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refuse = (error: string): SendResult => ({ kind: 'error', refused: true, error, durationMs: elapsed() });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refuse('the URL is not valid');
  }
  const why = refusedUrl(url, options.allowPrivate);
  if (why !== null) return refuse(why);

  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = literalAddress(url.hostname);
  const resolveName = options.resolve ?? systemResolve;
  /**
   * How a new connection finds its address: a literal as it is (checked above); a name resolved
   * now and every address checked, the socket connecting to the address that was checked, so a
   * name that resolves differently a moment later (DNS rebinding) cannot redirect it.
   */
  const checkedLookup = async (): Promise<LookupAddress> => {
    if (literal !== null) return { address: literal, family: literal.includes(':') ? 6 : 4 };
    let addresses: LookupAddress[];
    try {
      addresses = await resolveName(hostname);
    } catch (err) {
      throw new Error(`${hostname} could not be resolved (${(err as Error).message})`);
    }
    if (addresses.length === 0) throw new Error(`${hostname} has no address`);
    if (!options.allowPrivate) {
      for (const a of addresses) {
        const refusal = refusedAddress(a.address);
        if (refusal !== null) throw new RefusedDestination(`refused: ${hostname} resolves to ${refusal}`);
      }
    }
    return addresses[0] as LookupAddress;
  };
  const lookup: LookupFunction = (_host, opts, callback) => {
    checkedLookup().then(
      (address) => {
        if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [address]);
        else callback(null, address.address, address.family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: (options.allowPrivate ? agents.private : agents.public)[url.protocol === 'https:' ? 'https' : 'http'],
        servername: literal === null ? hostname : undefined,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (cut: boolean) => {
          finish({
            kind: 'answered',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_READ_BYTES).toString('utf8'),
            durationMs: elapsed(),
          });
          // A whole answer leaves the connection to the agent for the next delivery; a cut one closes it.
          if (cut) request.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_READ_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size > RESPONSE_READ_BYTES) done(true);
        });
        response.on('end', () => done(false));
        response.on('error', () => done(true));
      },
    );
    const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    // One text for every way of getting no answer (no address, refused, reset, TLS, timeout), so
    // that an endpoint's attempts cannot tell which ports of a host are open.
    const noAnswer = (): SendResult => ({
      kind: 'error',
      refused: false,
      error: `no answer within ${String(timeoutMs / 1000)} s: the receiver could not be reached or did not answer`,
      durationMs: elapsed(),
    });
    const timer = setTimeout(() => {
      finish(noAnswer());
      request.destroy();
    }, timeoutMs);
    request.on('error', (err) => {
      finish(err instanceof RefusedDestination ? refuse(err.message) : noAnswer());
    });
    request.end(body);
  });
}
