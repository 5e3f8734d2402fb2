// Passkeys in the browser: WebAuthn options from the API (JSON) to the browser's prompt, and its answer back as JSON.

const toBytes = (b64url) =>
  Uint8Array.from(
    atob(
      b64url
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(b64url.length / 4) * 4, '='),
    ),
    (c) => c.charCodeAt(0),
  );
const toB64url = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Whether this browser can make and use passkeys here (WebAuthn needs a secure context: HTTPS or localhost). */
export const passkeysAvailable = () => window.isSecureContext && typeof window.PublicKeyCredential === 'function';

function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function') return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  return {
    ...json,
    challenge: toBytes(json.challenge),
    user: { ...json.user, id: toBytes(json.user.id) },
    excludeCredentials: (json.excludeCredentials ?? []).map((c) => ({ ...c, id: toBytes(c.id) })),
  };
}

function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function') return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  return {
    ...json,
    challenge: toBytes(json.challenge),
    allowCredentials: (json.allowCredentials ?? []).map((c) => ({ ...c, id: toBytes(c.id) })),
  };
}

/** The credential as `PublicKeyCredential.toJSON()` writes it (written out for browsers without it). */
function credentialJSON(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: toB64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64url(r.attestationObject);
    response.transports = typeof r.getTransports === 'function' ? r.getTransports() : [];
  }
  if (r.authenticatorData) response.authenticatorData = toB64url(r.authenticatorData);
  if (r.signature) response.signature = toB64url(r.signature);
  if (r.userHandle) response.userHandle = toB64url(r.userHandle);
  return {
    id: credential.id,
    rawId: toB64url(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  };
}

/** Makes a passkey from registration options; its JSON for `POST /me/passkeys`. */
export async function createPasskey(optionsJSON) {
  return credentialJSON(await navigator.credentials.create({ publicKey: creationOptions(optionsJSON) }));
}

/** Signs a sign-in challenge with a passkey the person picks; its JSON for `POST /session/passkey`. */
export async function usePasskey(optionsJSON) {
  return credentialJSON(await navigator.credentials.get({ publicKey: requestOptions(optionsJSON) }));
}

/** A browser's refusal (the person closed the prompt, or no passkey was there) in words. */
export function passkeyProblem(error) {
  if (error?.name === 'NotAllowedError') return 'The passkey prompt was closed or timed out. Try again when you are ready.';
  if (error?.name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (error?.name === 'SecurityError') return 'Passkeys need HTTPS (or localhost) and the dashboard’s own address.';
  return null;
}
