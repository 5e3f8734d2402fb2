import { SecretBox } from '../../secrets/box.js';

const PLAIN = 'plain:';

/** Authenticator secrets as stored: AES-256-GCM under SECRETS_KEY (tied to their person), or marked plain when none is set. */
export interface TotpSealer {
  readonly encrypted: boolean;
  seal(secret: string, userId: number): string;
  open(stored: string, userId: number): string;
}

/**
 * Seals as certificate private keys are sealed (secrets/box.ts): with SECRETS_KEY set, a copy of the database
 * alone does not give anyone the codes. Without it they are stored `plain:`, and stay readable once SECRETS_KEY
 * is set (new ones are then sealed). Derives the key once, when first used (scrypt): build one per process.
 */
export function totpSealer(secretsKey: string | undefined): TotpSealer {
  // Derived when first needed: a command that only removes factors never pays for scrypt.
  let box: SecretBox | undefined;
  const sealed = () => (box ??= new SecretBox(secretsKey as string));
  const context = (userId: number) => `totp-secret:${String(userId)}`;
  return {
    encrypted: secretsKey !== undefined,
    seal: (secret, userId) => (secretsKey === undefined ? `${PLAIN}${secret}` : sealed().encrypt(secret, context(userId))),
    open: (stored, userId) => {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (secretsKey === undefined)
        throw new Error(`the authenticator secret of user ${String(userId)} is encrypted, and SECRETS_KEY is not set`);
      return sealed().decrypt(stored, context(userId));
    },
  };
}
