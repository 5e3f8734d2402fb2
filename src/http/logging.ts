import type { FastifyRequest } from 'fastify';
import { KEY_PREFIX } from '../keys/key-format.js';

/** Prefixes of the secrets the service issues: API keys and personal access tokens. */
const SECRET_PREFIXES = [KEY_PREFIX, 'pst_'];

const encoded = (prefix: string) => [...prefix].map((c) => `(?:${c}|%${c.charCodeAt(0).toString(16)})`).join('');

/** A secret's prefix followed by secret characters, any of them possibly percent-encoded. */
const KEY_LIKE = new RegExp(`(${SECRET_PREFIXES.map(encoded).join('|')})(?:[0-9a-z_]|%[0-9a-f]{2})*`, 'gi');

/** Replaces anything shaped like an API key (`psk_…`) or access token (`pst_…`) so that it never reaches the logs. */
export function redactKeys(text: string): string {
  return text.replace(KEY_LIKE, (_match, prefix: string) => `${decodeURIComponent(prefix).toLowerCase()}[redacted]`);
}

/**
 * Fastify's request log fields, with keys a client put in the URL (`?api_key=…`)
 * or other logged fields replaced. Headers are not logged at all.
 */
export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactKeys(request.url),
    ...(version === undefined ? {} : { version: redactKeys(String(version)) }),
    // Absent only from an HTTP/1.0 request or an HTTP/1.1 one about to be answered 400.
    host: request.host === undefined ? undefined : redactKeys(request.host),
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
