import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;

/** A new endpoint secret: `whsec_` and 192 random bits in base64 (the Standard Webhooks form). */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** The HMAC key of a secret: its base64 part, decoded. */
export const secretKey = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` (Standard Webhooks). */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${id}.${String(timestampSeconds)}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The Standard Webhooks headers of one delivery attempt. */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'petstore-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': sign(secret, id, timestampSeconds, body),
  };
}
