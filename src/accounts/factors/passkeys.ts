import { createHash, randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Actor, AuditTrail } from '../../audit/actor.js';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors/domain-error.js';
import type { AccountRepository, User } from '../repository.js';
import type { Passkey, PasskeyRepository } from './passkey-repository.js';
import type { FactorRepository } from './repository.js';

/** The WebAuthn library, loaded on the first passkey call: about 5 MB of heap (and 150 modules) a process without passkeys never needs. */
const webauthn = () => import('@simplewebauthn/server');

/** A challenge is good this long: the browser's prompt waits 5 minutes at most too. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys a person may register. */
export const MAX_PASSKEYS = 20;

/**
 * Who the passkeys are for (WebAuthn's relying party): `id` is the dashboard's host (DASHBOARD_HOST, else the
 * request's), `origin` the page's origin as the browser reports it (`http://localhost:8080`).
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const failed = (why: string) =>
  new DomainError('validation_failed', `The passkey could not be registered: ${why}.`, [{ in: 'body', field: 'response', message: why }]);

const refused = () =>
  new DomainError(
    'invalid_passkey',
    'The passkey was not accepted: it is not registered here, or the answer is not for a challenge this service issued (they expire after 5 minutes).',
  );

/** The challenge a browser's answer signed, from its clientDataJSON; null when there is none to read. */
function challengeOf(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' && parsed.challenge.length <= 256 ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): several per person, each a whole sign-in (no password, no
 * code; the authenticator verifies its user). Challenges are stored and taken once, so an answer cannot be
 * replayed, on any instance.
 */
export class PasskeyService {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly factors: FactorRepository,
    private readonly accounts: AccountRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly options: { requireSecondFactor: boolean },
  ) {}

  list(user: User): Promise<Passkey[]> {
    return this.passkeys.listForUser(user.id);
  }

  /** Options for the browser's `navigator.credentials.create()`. */
  async registrationOptions(user: User, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON | DomainError> {
    const existing = await this.passkeys.listForUser(user.id);
    if (existing.length >= MAX_PASSKEYS) {
      return new DomainError('validation_failed', `You have the most passkeys allowed (${String(MAX_PASSKEYS)}): remove one first.`);
    }
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.email,
      // The same handle for every passkey of a person, and no personal data in it.
      userID: new Uint8Array(
        createHash('sha256')
          .update(`petstore-user:${String(user.id)}`)
          .digest()
          .subarray(0, 16),
      ),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransportFuture[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_TTL_MS,
    });
    const now = this.clock.now();
    await this.passkeys.addChallenge(options.challenge, 'register', user.id, new Date(now + CHALLENGE_TTL_MS), new Date(now));
    return options;
  }

  /** Registers the passkey the browser made from those options. */
  async register(
    actor: Actor,
    user: User,
    name: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
  ): Promise<Passkey | DomainError> {
    const challenge = challengeOf(response.response.clientDataJSON);
    const now = new Date(this.clock.now());
    const taken = challenge === null ? null : await this.passkeys.takeChallenge(challenge, 'register', now);
    if (!taken || taken.userId !== user.id)
      return failed('it does not answer a registration challenge of yours that is still valid (5 minutes)');
    let verified;
    try {
      verified = await (
        await webauthn()
      ).verifyRegistrationResponse({
        response,
        expectedChallenge: challenge ?? '',
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch (err) {
      return failed(err instanceof Error ? err.message.slice(0, 300) : 'the answer is not a WebAuthn registration');
    }
    if (!verified.verified) return failed('the authenticator’s answer did not verify');
    const { credential, credentialBackedUp } = verified.registrationInfo;
    const passkey: Passkey = {
      id: `pk_${randomBytes(12).toString('base64url')}`,
      userId: user.id,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: name.trim(),
      backedUp: credentialBackedUp,
      createdAt: now,
      lastUsedAt: null,
    };
    if (!(await this.passkeys.add(passkey))) return failed('this passkey is registered already');
    await this.audit.record(actor, { person: user.id }, 'passkey.add', `${passkey.id} (${passkey.name})`);
    return passkey;
  }

  async rename(actor: Actor, user: User, id: string, name: string): Promise<Passkey | DomainError> {
    const renamed = await this.passkeys.rename(user.id, id, name.trim());
    if (!renamed) return new DomainError('not_found', `You have no passkey "${id}".`);
    await this.audit.record(actor, { person: user.id }, 'passkey.rename', `${id} (${renamed.name})`);
    return renamed;
  }

  async remove(actor: Actor, user: User, id: string): Promise<true | DomainError> {
    const all = await this.passkeys.listForUser(user.id);
    const passkey = all.find((p) => p.id === id);
    if (!passkey) return new DomainError('not_found', `You have no passkey "${id}".`);
    if (this.options.requireSecondFactor && all.length === 1 && (await this.factors.findTotp(user.id))?.confirmedAt == null) {
      return new DomainError(
        'last_second_factor',
        'This service requires a second factor and this passkey is your only one: add another passkey or an authenticator app first.',
      );
    }
    if (!(await this.passkeys.remove(user.id, id))) return new DomainError('not_found', `You have no passkey "${id}".`);
    await this.audit.record(actor, { person: user.id }, 'passkey.remove', `${id} (${passkey.name})`);
    return true;
  }

  /** Options for the browser's `navigator.credentials.get()`: any passkey of this service (discoverable). */
  async authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
    const now = this.clock.now();
    await this.passkeys.addChallenge(options.challenge, 'sign-in', null, new Date(now + CHALLENGE_TTL_MS), new Date(now));
    return options;
  }

  /** The person a passkey's answer signs in, or `invalid_passkey`. */
  async authenticate(response: AuthenticationResponseJSON, rp: RelyingParty): Promise<User | DomainError> {
    const challenge = challengeOf(response.response.clientDataJSON);
    const now = new Date(this.clock.now());
    if (challenge === null || !(await this.passkeys.takeChallenge(challenge, 'sign-in', now))) return refused();
    const passkey = await this.passkeys.findByCredentialId(response.id);
    if (!passkey) return refused();
    try {
      const { verified, authenticationInfo } = await (
        await webauthn()
      ).verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: true,
      });
      if (!verified) return refused();
      await this.passkeys.recordUse(passkey.id, authenticationInfo.newCounter, now);
    } catch {
      // A signature that does not verify, a counter that went back (a cloned authenticator), another origin.
      return refused();
    }
    const user = await this.accounts.findUserById(passkey.userId);
    return user ?? refused();
  }
}
