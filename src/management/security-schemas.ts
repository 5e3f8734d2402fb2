import { Type } from '@sinclair/typebox';
import { PERSON_AUDIT_ACTIONS } from '../audit/repository.js';
import { managementComponent } from './components.js';

/** The shapes of second factors and single sign-on (`/me/…`, `/session/passkey…`, `/session/oidc…`). */

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const Base64Url = (description: string) => Type.String({ maxLength: 8192, pattern: '^[A-Za-z0-9_-]*={0,2}$', description });

export const CodeSchema = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 64,
      examples: ['123456'],
      description: 'The current 6-digit code of the authenticator app (or, to turn it off or renew recovery codes, a recovery code).',
    }),
  },
  { additionalProperties: false, description: 'A code of the authenticator app.' },
);

export const TotpStatusSchema = managementComponent(
  Type.Object(
    {
      enabled: Type.Boolean({ description: 'Whether sign-in asks for a code of an authenticator app.' }),
      confirmedAt: Type.Union([Timestamp('When it was turned on.'), Type.Null()], { description: 'Null while it is off.' }),
      recoveryCodesLeft: Type.Integer({ format: 'int32', minimum: 0, maximum: 10, description: 'Recovery codes not used yet.' }),
    },
    { additionalProperties: false, description: "The person's authenticator app (TOTP)." },
  ),
  'TotpStatus',
);

export const TotpSetupSchema = managementComponent(
  Type.Object(
    {
      secret: Type.String({ description: 'The shared secret (base32), for typing into the app by hand.' }),
      otpauthUrl: Type.String({
        description: 'The `otpauth://totp/…` URL (RFC 6238: 30 s, 6 digits, SHA-1) that authenticator apps read from a QR code.',
      }),
      qrCode: Type.String({ description: 'That URL as a QR code: an SVG image as a `data:image/svg+xml;base64,…` URL.' }),
    },
    { additionalProperties: false, description: 'An authenticator app to set up: confirm it with its first code.' },
  ),
  'TotpSetup',
);

export const RecoveryCodesSchema = managementComponent(
  Type.Object(
    {
      recoveryCodes: Type.Array(Type.String({ description: '`xxxx-xxxx-xxxx-xxxx`; case, spaces and hyphens do not matter.' }), {
        minItems: 10,
        maxItems: 10,
        description:
          'Ten recovery codes, shown this once (only their hashes are stored): each signs in once in place of an authenticator code.',
      }),
    },
    { additionalProperties: false, description: 'New recovery codes.' },
  ),
  'RecoveryCodes',
);

export const PasskeySchema = managementComponent(
  Type.Object(
    {
      id: Type.String({ description: 'The passkey id (`pk_…`).' }),
      name: Type.String({ description: 'The name the person gave it.' }),
      backedUp: Type.Boolean({ description: "Synced to the person's other devices by their password manager or platform." }),
      createdAt: Timestamp('When it was registered.'),
      lastUsedAt: Type.Union([Timestamp('When it last signed in.'), Type.Null()]),
    },
    { additionalProperties: false, description: 'A passkey of the person.' },
  ),
  'Passkey',
);

export const PasskeyListSchema = Type.Array(PasskeySchema, { maxItems: 20, description: "The person's passkeys, oldest first." });

export const PasskeyParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 40, pattern: '^pk_[A-Za-z0-9_-]+$', examples: ['pk_x'], description: 'The passkey id.' }) },
  { additionalProperties: false },
);

const PasskeyName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
  examples: ['Laptop'],
  description: 'A name to tell it apart, e.g. the device or password manager.',
});

/** What `navigator.credentials.create()` or `.get()` gave, as `PublicKeyCredential.toJSON()` writes it. */
const credential = (description: string) =>
  Type.Object(
    {
      id: Base64Url('The credential id.'),
      rawId: Base64Url('The credential id.'),
      type: Type.Literal('public-key'),
      response: Type.Object(
        {
          clientDataJSON: Base64Url('The client data the authenticator signed.'),
          attestationObject: Type.Optional(Base64Url('Registration: the attestation object.')),
          authenticatorData: Type.Optional(Base64Url('The authenticator data.')),
          signature: Type.Optional(Base64Url('Sign-in: the signature.')),
          userHandle: Type.Optional(Base64Url('Sign-in: the user handle.')),
          publicKey: Type.Optional(Base64Url('Registration: the public key (SPKI).')),
          publicKeyAlgorithm: Type.Optional(Type.Integer({ format: 'int32', minimum: -2147483648, maximum: 2147483647 })),
          transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
        },
        { additionalProperties: true },
      ),
      clientExtensionResults: Type.Object({}, { additionalProperties: true }),
      authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
    },
    { additionalProperties: true, description },
  );

export const NewPasskeySchema = Type.Object(
  {
    name: PasskeyName,
    response: credential('What `navigator.credentials.create()` made from the registration options, as JSON.'),
  },
  { additionalProperties: false, description: 'A passkey to register.' },
);

export const RenamePasskeySchema = Type.Object({ name: PasskeyName }, { additionalProperties: false, description: 'A new name.' });

export const PasskeySignInSchema = Type.Object(
  { response: credential('What `navigator.credentials.get()` made from the authentication options, as JSON.') },
  { additionalProperties: false, description: 'A passkey sign-in.' },
);

/** WebAuthn options as @simplewebauthn/server makes them: passed to the browser as they are. */
export const WebAuthnOptionsSchema = Type.Object(
  { challenge: Base64Url('The challenge to sign: good for 5 minutes, once.') },
  {
    additionalProperties: true,
    description:
      'The JSON form of `PublicKeyCredentialCreationOptions` (registration) or `PublicKeyCredentialRequestOptions` (sign-in): give it to `PublicKeyCredential.parseCreationOptionsFromJSON()` or `parseRequestOptionsFromJSON()`.',
  },
);

export const SecurityEntrySchema = managementComponent(
  Type.Object(
    {
      id: Type.String({ pattern: '^[0-9]+$', description: 'The entry id.' }),
      at: Timestamp('When.'),
      actor: Type.Object(
        {
          type: Type.Union([Type.Literal('user'), Type.Literal('token'), Type.Literal('operator')]),
          email: Type.Optional(Type.String()),
          tokenId: Type.Optional(Type.String()),
        },
        { additionalProperties: false, description: 'The person, or the operator (`petstore users reset-second-factor`).' },
      ),
      action: Type.Union(
        PERSON_AUDIT_ACTIONS.map((a) => Type.Literal(a)),
        {
          description:
            '`session.create` (a sign-in; the target says how: `password`, `password+totp`, `password+recovery_code`, `passkey`, `oidc`), `totp.enable`, `totp.disable`, `recovery_codes.generate`, `recovery_code.use`, `passkey.add`, `passkey.rename`, `passkey.remove`, `second_factor.reset` (by the operator).',
        },
      ),
      target: Type.String({ description: 'How the person signed in, or which factor changed.' }),
      ip: Type.Optional(Type.String({ description: "The client's address." })),
    },
    { additionalProperties: false, description: "An entry of the person's own log." },
  ),
  'SecurityEntry',
);

export const SecurityLogSchema = Type.Array(SecurityEntrySchema, { maxItems: 100, description: 'The entries, newest first.' });

export const OidcStartQuery = Type.Object(
  {
    next: Type.Optional(Type.String({ maxLength: 2000, description: 'The dashboard page to open once signed in (default `/dashboard`).' })),
  },
  { additionalProperties: false },
);

export const OidcCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096, description: 'The authorization code.' })),
    state: Type.Optional(Type.String({ maxLength: 1024, description: 'The state sent with the authorization request.' })),
    error: Type.Optional(Type.String({ maxLength: 256, description: 'Why the identity provider refused.' })),
  },
  { additionalProperties: true },
);

export const SsoStartSchema = Type.Object(
  { url: Type.String({ format: 'uri', description: "The identity provider's authorization URL to send the browser to." }) },
  { additionalProperties: false, description: 'A single sign-on started.' },
);
