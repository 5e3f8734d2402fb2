import type { FastifyRequest } from 'fastify';

/**
 * Prefixes of the secrets the service issues (API keys `psk_`, access tokens `pst_`), registered by the
 * capabilities that issue them: each Feature's `secretPrefixes`, when features.ts loads.
 */
const SECRET_PREFIXES: string[] = [];
let keyLike: RegExp | null = null;

const encoded = (prefix: string) => [...prefix].map((c) => `(?:${c}|%${c.charCodeAt(0).toString(16)})`).join('');

export function registerSecretPrefixes(prefixes: readonly string[]): void {
  for (const prefix of prefixes) if (!SECRET_PREFIXES.includes(prefix)) SECRET_PREFIXES.push(prefix);
  // A secret's prefix followed by secret characters, any of them possibly percent-encoded.
  keyLike = SECRET_PREFIXES.length ? new RegExp(`(${SECRET_PREFIXES.map(encoded).join('|')})(?:[0-9a-z_]|%[0-9a-f]{2})*`, 'gi') : null;
}

/** Replaces anything shaped like a registered secret (`psk_…`, `pst_…`) so that it never reaches the logs. */
export function redactKeys(text: string): string {
  if (keyLike === null) return text;
  return text.replace(keyLike, (_match, prefix: string) => `${decodeURIComponent(prefix).toLowerCase()}[redacted]`);
}

/** True when the text contains a registered secret's prefix as is. */
export function mentionsSecret(text: string): boolean {
  for (const prefix of SECRET_PREFIXES) if (text.includes(prefix)) return true;
  return false;
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
