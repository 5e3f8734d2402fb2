import type { FastifyRequest } from 'fastify';

/**
 * Prefixes of the secrets the service issues (API keys `psk_`, access tokens `pst_`), registered by the
 * capabilities that issue them: each Feature's `secretPrefixes`, when features.ts loads.
 */
const SECRET_PREFIXES: string[] = [];

/** A registered prefix followed by secret characters, in text already decoded. */
let secretLike: RegExp | null = null;
/** A raw text that may hold one: a registered prefix, or a percent sign that may hide one. */
let mayHold: RegExp | null = null;

export function registerSecretPrefixes(prefixes: readonly string[]): void {
  for (const prefix of prefixes) if (!SECRET_PREFIXES.includes(prefix)) SECRET_PREFIXES.push(prefix);
  const escaped = SECRET_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  secretLike = SECRET_PREFIXES.length ? new RegExp(`(${escaped.join('|')})[0-9a-z_]*`, 'gi') : null;
  mayHold = SECRET_PREFIXES.length ? new RegExp(`%|${escaped.join('|')}`, 'i') : null;
}

const PERCENT_RUN = /(?:%[0-9a-f]{2})+/gi;
const HAS_ESCAPE = /%[0-9a-f]{2}/i;

/**
 * A URL part as a server could read it after any number of decodings: `%XX` sequences decoded (as UTF-8, invalid
 * bytes becoming U+FFFD) until none is left, and `+` read as a space when `plus` (a query's names and values).
 * Each round shortens the text, so it ends.
 */
export function fullyDecoded(text: string, plus = false): string {
  let out = plus ? text.replace(/\+/g, ' ') : text;
  while (HAS_ESCAPE.test(out)) {
    out = out.replace(PERCENT_RUN, (run) => Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'));
    if (plus) out = out.replace(/\+/g, ' ');
  }
  return out;
}

/** Delimiters a URL, a Host or a header value is read at: a secret is redacted within the part that holds it. */
const PARTS = /([/?&=;,#\s]+)/;

/**
 * Replaces anything shaped like a registered secret (`psk_…`, `pst_…`) so that it never reaches the logs, whatever
 * its spelling: each part of the text (between `/`, `?`, `&`, `=`, …) is read decoded, however many times it was
 * percent-encoded (`%2570sk_…` is `psk_…`), and a part that holds a secret is written decoded with the secret
 * replaced. Other parts stay as sent.
 */
export function redactKeys(text: string): string {
  if (secretLike === null || mayHold === null || !mayHold.test(text)) return text;
  const pattern = secretLike;
  const redact = (plain: string) => plain.replace(pattern, (_match, prefix: string) => `${prefix.toLowerCase()}[redacted]`);
  if (!text.includes('%') && !text.includes('+')) return redact(text);
  return text
    .split(PARTS)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const plain = fullyDecoded(part, true);
      pattern.lastIndex = 0;
      return pattern.test(plain) ? redact(plain) : part;
    })
    .join('');
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
