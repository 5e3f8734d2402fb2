import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests below the browser: it answers WebAuthn options as a platform passkey
 * would (ES256 key, `none` attestation, user present and verified), so the service's checks run on real
 * signatures. Each credential keeps its own signature counter.
 */
export class SoftAuthenticator {
  private readonly credentials = new Map<string, { key: KeyObject; counter: number; rpId: string }>();

  /** The page's origin the browser reports in its client data (a test may change it to act as another site). */
  constructor(public origin: string) {}

  /** What `navigator.credentials.create(options)` then `toJSON()` give. */
  register(options: { challenge: string; rp: { id?: string } }): Record<string, unknown> {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(16);
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, id.length]), id, Buffer.from(isoCBOR.encode(cose))]);
    const authData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x45]), counterBytes(0), attested]);
    const attestation = new Map<string, string | Map<number, number> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<number, number>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    const credentialId = id.toString('base64url');
    this.credentials.set(credentialId, { key: privateKey, counter: 0, rpId });
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, this.origin),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What `navigator.credentials.get(options)` then `toJSON()` give, signed by `credentialId` (the first one by default). */
  authenticate(options: { challenge: string }, credentialId = [...this.credentials.keys()][0] ?? ''): Record<string, unknown> {
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error(`no credential ${credentialId}`);
    credential.counter += 1;
    const authData = Buffer.concat([rpIdHash(credential.rpId), Buffer.from([0x05]), counterBytes(credential.counter)]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, this.origin);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest()]));
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: signer.sign(credential.key).toString('base64url'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString('base64url');
