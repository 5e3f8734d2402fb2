import { hkdfSync, randomBytes, scryptSync } from 'node:crypto';
import type { SecretRepository } from './repository.js';

const KEY_BYTES = 32;
const MIN_SECRETS_KEY_LENGTH = 16;
// Public salts: SECRETS_KEY (or the stored key) is the secret; these only separate uses.
const SCRYPT_SALT = 'petstore/keyring/v1';
const HKDF_SALT = 'petstore/keyring/v1';
/** The row holding the key generated on first start when SECRETS_KEY is not set. */
export const GENERATED_KEY_NAME = 'keyring';

/**
 * Purpose-specific keys derived from one root: SECRETS_KEY when it is set, else a
 * random key generated on first start and stored in the database, so every
 * instance derives the same keys. Each purpose gets its own HKDF subkey, so a
 * key used to sign cursors never equals one that encrypts anything.
 */
export class Keyring {
  private constructor(private readonly root: Buffer) {}

  /**
   * `secretsKey` may be a passphrase: it is stretched with scrypt once per process,
   * so a signed value seen by a client cannot be used to guess it cheaply.
   */
  static fromSecretsKey(secretsKey: string): Keyring {
    if (secretsKey.length < MIN_SECRETS_KEY_LENGTH) {
      throw new Error(`SECRETS_KEY must be at least ${String(MIN_SECRETS_KEY_LENGTH)} characters long`);
    }
    return new Keyring(scryptSync(secretsKey, SCRYPT_SALT, KEY_BYTES, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }));
  }

  /** The key stored in the database, generated (randomly, 256 bits) by whichever instance starts first. */
  static async generatedOnce(secrets: SecretRepository, now: Date): Promise<Keyring> {
    const root = await secrets.obtain(GENERATED_KEY_NAME, randomBytes(KEY_BYTES), now);
    if (root.length !== KEY_BYTES)
      throw new Error(`the stored key ${GENERATED_KEY_NAME} has ${String(root.length)} bytes, not ${String(KEY_BYTES)}`);
    return new Keyring(root);
  }

  /** A 256-bit key for one purpose, e.g. `cursors/v1`. */
  key(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.root, HKDF_SALT, `petstore/${purpose}`, KEY_BYTES));
  }
}
