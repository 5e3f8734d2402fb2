import { parseJson } from './int64.js';

/** A receiver accepts a delivery whose `webhook-timestamp` is at most this far from its clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** An event as the service delivers it; int64 fields (`id`, `categoryId`, `petId`) of `data` are bigints. */
export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  project: string;
  data: Record<string, unknown>;
}

/** Headers as Node's IncomingMessage, a fetch `Headers`, or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Verifies a webhook delivery as Standard Webhooks define it and returns its
 * event. `secret` is the endpoint's `whsec_…` secret; `body` the raw request
 * body, unparsed. Checks: `webhook-id`, `webhook-timestamp` within 5 minutes
 * of now, and at least one of the space-separated `v1,<base64>` signatures in
 * `webhook-signature` (several appear while a secret is rotated), compared in
 * constant time (Web Crypto's HMAC verify). Rejects with
 * WebhookVerificationError otherwise. The event's int64 fields are bigints.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: { now?: () => number } = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a Unix time in seconds');
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('webhook-timestamp is more than 5 minutes away: a replayed or delayed delivery');
  }
  const keyBytes = base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!keyBytes || keyBytes.length === 0) throw new WebhookVerificationError('the secret is not a whsec_ base64 secret');
  const encoder = new TextEncoder();
  const payload = typeof body === 'string' ? encoder.encode(body) : body;
  const signed = new Uint8Array([...encoder.encode(`${id}.${timestamp}.`), ...payload]);
  const key = await globalThis.crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  let valid = false;
  for (const candidate of signatures.split(' ')) {
    const [version, mac] = candidate.split(',', 2);
    if (version !== 'v1' || mac === undefined) continue;
    const bytes = base64ToBytes(mac);
    if (bytes === null) continue;
    // HMAC verify compares in constant time; every candidate is checked, so timing does not tell which matched.
    if (await globalThis.crypto.subtle.verify('HMAC', key, bytes, signed)) valid = true;
  }
  if (!valid) throw new WebhookVerificationError('no signature matches: wrong secret or altered body');
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const event = parseJson(text) as WebhookEvent;
  if (typeof event !== 'object' || event === null || event.id !== id) {
    throw new WebhookVerificationError('the body is not the event named by webhook-id');
  }
  return event;
}
