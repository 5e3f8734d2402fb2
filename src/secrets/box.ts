import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync } from 'node:crypto';

/**
 * Envelope: `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts.
 * The version names the scheme (AES-256-GCM, scrypt-derived key); the key id
 * says which SECRETS_KEY encrypted it, so a rotated key can keep decrypting
 * old rows while new ones use the current key.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MIN_SECRET_LENGTH = 16;
// A fixed, public salt: SECRETS_KEY is the secret; the salt only separates this use from any other.
const SALT = 'petstore/secrets/v1';

export type DecryptFailure = 'malformed' | 'unknown_key' | 'tampered';

/** Decryption refused: never returns wrong plaintext silently. */
export class SecretDecryptError extends Error {
  constructor(
    readonly reason: DecryptFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SecretDecryptError';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(secret: string): Key {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`SECRETS_KEY must be at least ${String(MIN_SECRET_LENGTH)} characters long`);
  }
  // scrypt, not a bare hash: SECRETS_KEY may be a passphrase. Derived once per process.
  const bytes = scryptSync(secret, SALT, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const id = createHmac('sha256', bytes).update('key-id').digest('base64url').slice(0, 11);
  return { id, bytes };
}

/** Encrypts secrets at rest (certificate private keys, authenticator secrets) under SECRETS_KEY. */
export class SecretBox {
  private readonly current: Key;
  private readonly byId: Map<string, Key>;

  /** `previous`: earlier values of SECRETS_KEY, still accepted for decryption. */
  constructor(secret: string, previous: string[] = []) {
    this.current = deriveKey(secret);
    this.byId = new Map([this.current, ...previous.map(deriveKey)].map((k) => [k.id, k]));
  }

  /**
   * `context` (e.g. the domain name) is authenticated with the ciphertext: an
   * envelope copied to another row does not decrypt there.
   */
  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(`${VERSION}.${this.current.id}.${context}`));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.current.id, iv, body, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(envelope: string, context: string): string {
    const parts = envelope.split('.');
    const [version, id, iv, body, tag] = parts;
    if (parts.length !== 5 || version !== VERSION || id === undefined || iv === undefined || body === undefined || tag === undefined) {
      throw new SecretDecryptError('malformed', 'The encrypted secret is not a v1 envelope.');
    }
    const key = this.byId.get(id);
    if (key === undefined) {
      throw new SecretDecryptError('unknown_key', `The secret was encrypted under a SECRETS_KEY that is not configured (key id ${id}).`);
    }
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
      throw new SecretDecryptError('malformed', 'The encrypted secret has a wrong IV or tag length.');
    }
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`${VERSION}.${id}.${context}`));
    decipher.setAuthTag(tagBytes);
    try {
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptError('tampered', 'The encrypted secret failed authentication: it was altered or belongs elsewhere.');
    }
  }

  /** Whether an envelope was made with an older key and should be re-encrypted. */
  needsRotation(envelope: string): boolean {
    return envelope.split('.')[1] !== this.current.id;
  }
}
