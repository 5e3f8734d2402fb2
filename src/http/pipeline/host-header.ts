import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { sendError } from '../errors/error-handler.js';
import { ApiError } from '../errors/errors.js';
import type { RequestStep } from './request-steps.js';

/** RFC 3986 reg-name or IPv4 characters (unreserved, sub-delims, percent-escapes). */
const REG_NAME = /^[A-Za-z0-9\-._~!$&'()*+,;=%]*$/;
const IP_LITERAL = /^\[[0-9A-Fa-f:.]+\]$|^\[v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+\]$/;
const PORT = /^[0-9]{0,5}$/;

/** How many Host header lines the request had (Node keeps only the first in `headers`). */
function hostLines(req: IncomingMessage): number {
  const raw = req.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && (name === 'Host' || name.toLowerCase() === 'host')) count++;
  }
  return count;
}

// The last Host found valid: clients send the same one with every request.
let lastValidHost = '';

/** True when a Host value is `host[:port]` as RFC 9112 section 3.2 and RFC 3986 section 3.2 define it. */
export function isValidHost(value: string): boolean {
  if (value === lastValidHost) return true;
  const valid = checkHost(value);
  if (valid) lastValidHost = value;
  return valid;
}

function checkHost(value: string): boolean {
  let name = value;
  let port = '';
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close === -1) return false;
    name = value.slice(0, close + 1);
    const rest = value.slice(close + 1);
    if (rest !== '') {
      if (rest[0] !== ':') return false;
      port = rest.slice(1);
    }
    if (!IP_LITERAL.test(name)) return false;
  } else {
    const colon = value.indexOf(':');
    if (colon !== -1) {
      name = value.slice(0, colon);
      port = value.slice(colon + 1);
    }
    if (!REG_NAME.test(name)) return false;
  }
  return PORT.test(port) && (port === '' || Number(port) <= 65535);
}

// Clients send the same Host with every request: the last one read is kept.
let lastHost = '';
let lastHostname = '';

/** The host part of a Host header: lowercase, without port or a final dot. */
export function hostnameOf(host: string): string {
  if (host === lastHost) return lastHostname;
  lastHostname = hostnameFrom(host);
  lastHost = host;
  return lastHostname;
}

function hostnameFrom(host: string): string {
  const end = host[0] === '[' ? host.indexOf(']') + 1 : host.indexOf(':');
  const name = end === -1 ? host : host.slice(0, end);
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * What is wrong with a request's Host, or null: two Host lines or a value that
 * is not `host[:port]` (400, RFC 9112 section 3.2), or, over TLS, a host other
 * than the name the connection was opened for (SNI), which would let one
 * domain's certificate vouch for another's site (421, RFC 9110 section 15.5.20).
 * A missing Host is protocol-errors.ts's. The one check both the front door
 * (front-door.ts) and the regular path (`hostHeaderStep`) make.
 */
export function hostHeaderProblem(req: IncomingMessage): ApiError | null {
  const host = req.headers.host;
  if (host === undefined) return null;
  if (hostLines(req) > 1) {
    return new ApiError('bad_request', 'The request has more than one Host header.', undefined, { connection: 'close' });
  }
  if (!isValidHost(host)) {
    return new ApiError('bad_request', 'The Host header is not a valid host[:port].', undefined, { connection: 'close' });
  }
  const servername = (req.socket as Partial<TLSSocket>).servername;
  if (typeof servername === 'string' && servername !== '' && hostnameOf(servername) !== hostnameOf(host)) {
    return new ApiError(
      'misdirected_request',
      'The Host header names another host than the TLS connection (SNI) was opened for.',
      undefined,
      {
        connection: 'close',
      },
    );
  }
  return null;
}

/** The `host` stage (regular path): answers a request `hostHeaderProblem` refuses. */
export const hostHeaderStep: RequestStep = (request, reply) => {
  const problem = hostHeaderProblem(request.raw);
  if (problem === null) return false;
  sendError(reply, problem);
  return true;
};
