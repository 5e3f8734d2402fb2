import { request as httpRequest } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';

/** The response shape acme-client's HTTP layer expects from a request. */
export interface AcmeResponse {
  status: number;
  headers: Record<string, string>;
  data: unknown;
}

/** The CA could not be reached, or did not answer in time. */
export class CaUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    const reason = (cause as NodeJS.ErrnoException | null)?.code ?? (cause as Error | null)?.message ?? 'unknown error';
    super(`The certificate authority at ${new URL(url).origin} could not be reached (${reason}).`, { cause });
    this.name = 'CaUnreachableError';
  }
}

export interface TransportOptions {
  /** ACME_CA_FILE's contents: trusted in addition to the usual roots, for this client only. */
  caPem?: string;
  timeoutMs: number;
}

export type Transport = ((
  url: string,
  method: string,
  opts?: { data?: unknown; headers?: Record<string, string> },
) => Promise<AcmeResponse>) & { close(): void };

function flatten(headers: NodeJS.Dict<string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function parseBody(text: string, contentType: string): unknown {
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * HTTP for one ACME client. acme-client 5 sends through a module-wide axios
 * instance: trusting a CA there would trust it for every user of the module,
 * and its interceptor sleeps on 429/5xx/network errors (5 tries, 5 s steps,
 * or the CA's Retry-After, however long) and then fails with a TypeError
 * that hides the cause. Here: trust scoped to this agent, bounded time, no
 * hidden waits; retrying is the caller's decision.
 */
export function createTransport(options: TransportOptions): Transport {
  const agent = new Agent({
    keepAlive: true,
    ...(options.caPem === undefined ? {} : { ca: [...rootCertificates, options.caPem] }),
  });
  const send = (url: string, method: string, opts: { data?: unknown; headers?: Record<string, string> } = {}): Promise<AcmeResponse> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const body = opts.data === undefined ? undefined : Buffer.from(JSON.stringify(opts.data));
      const headers: Record<string, string | number> = { 'user-agent': 'petstore-acme', ...opts.headers };
      if (body !== undefined) {
        headers['content-type'] = 'application/jose+json';
        headers['content-length'] = body.length;
      }
      const request = target.protocol === 'http:' ? httpRequest : httpsRequest;
      const req = request(
        target,
        {
          method: method.toUpperCase(),
          headers,
          timeout: options.timeoutMs,
          ...(target.protocol === 'https:' ? { agent } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => reject(new CaUnreachableError(url, e)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: flatten(res.headers),
              data: parseBody(text, String(res.headers['content-type'] ?? '')),
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      req.on('error', (e) => reject(new CaUnreachableError(url, e)));
      req.end(body);
    });
  return Object.assign(send, { close: () => agent.destroy() });
}
