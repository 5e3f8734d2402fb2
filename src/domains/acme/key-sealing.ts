import { SecretBox } from '../../secrets/box.js';

export { SecretBox, SecretDecryptError, type DecryptFailure } from '../../secrets/box.js';

const PLAIN = 'plain:';

/** Seals certificate private keys for the database: AES-256-GCM under SECRETS_KEY, or marked plain when none is set. */
export interface KeySealer {
  readonly encrypted: boolean;
  seal(privateKey: string, domain: string): string;
  open(stored: string, domain: string): string;
}

/** Derives the key once (scrypt is deliberately slow): build one per process. */
export function keySealer(secretsKey: string | undefined): KeySealer {
  const box = secretsKey === undefined ? null : new SecretBox(secretsKey);
  return {
    encrypted: box !== null,
    seal: (privateKey, domain) => (box === null ? `${PLAIN}${privateKey}` : box.encrypt(privateKey, `certificate-key:${domain}`)),
    open: (stored, domain) => {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (box === null) throw new Error(`the private key of ${domain} is encrypted, and SECRETS_KEY is not set`);
      return box.decrypt(stored, `certificate-key:${domain}`);
    },
  };
}
