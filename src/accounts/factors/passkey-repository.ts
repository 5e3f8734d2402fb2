import type { Database } from '../../storage/database.js';
import { flag, int, sqlFor, time } from '../../storage/sql.js';

export interface Passkey {
  /** Ours, for the API (`pk_…`). */
  id: string;
  userId: number;
  /** The credential id the authenticator chose (base64url). */
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  /** Synced to the person's other devices by their provider (a backed-up, multi-device passkey). */
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type ChallengePurpose = 'register' | 'sign-in';

/** Passkeys, and the WebAuthn challenges handed out and not used yet (shared by every instance). */
export interface PasskeyRepository {
  /** False when the credential is registered already. */
  add(passkey: Passkey): Promise<boolean>;
  listForUser(userId: number): Promise<Passkey[]>;
  findByCredentialId(credentialId: string): Promise<Passkey | null>;
  rename(userId: number, id: string, name: string): Promise<Passkey | null>;
  remove(userId: number, id: string): Promise<boolean>;
  removeAll(userId: number): Promise<number>;
  count(userId: number): Promise<number>;
  recordUse(id: string, counter: number, at: Date): Promise<void>;
  /** Stores a challenge (and forgets the expired ones). */
  addChallenge(challenge: string, purpose: ChallengePurpose, userId: number | null, expiresAt: Date, now: Date): Promise<void>;
  /** Takes a challenge once: the person it was for, or null when it is unknown, already taken or expired. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: Date): Promise<{ userId: number | null } | null>;
}

interface Row {
  id: string;
  user_id: bigint;
  credential_id: string;
  public_key: Buffer | Uint8Array;
  counter: bigint;
  transports: string;
  name: string;
  backed_up: bigint | boolean;
  created_at: bigint | Date;
  last_used_at: bigint | Date | null;
}

const COLUMNS = 'id, user_id, credential_id, public_key, counter, transports, name, backed_up, created_at, last_used_at';

const toPasskey = (r: Row): Passkey => ({
  id: r.id,
  userId: int(r.user_id),
  credentialId: r.credential_id,
  publicKey: new Uint8Array(r.public_key),
  counter: int(r.counter),
  transports: JSON.parse(r.transports) as string[],
  name: r.name,
  backedUp: flag(r.backed_up),
  createdAt: time(r.created_at),
  lastUsedAt: time(r.last_used_at),
});

export function openPasskeyRepository(database: Database): PasskeyRepository {
  const sql = sqlFor(database);
  return {
    add: async (p) =>
      (await sql.run(`INSERT INTO passkeys (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`, [
        p.id,
        p.userId,
        p.credentialId,
        Buffer.from(p.publicKey),
        p.counter,
        JSON.stringify(p.transports),
        p.name,
        p.backedUp,
        p.createdAt,
        p.lastUsedAt,
      ])) === 1,
    listForUser: async (userId) =>
      (await sql.all<Row>(`SELECT ${COLUMNS} FROM passkeys WHERE user_id = ? ORDER BY created_at, id`, [userId])).map(toPasskey),
    findByCredentialId: async (credentialId) => {
      const r = await sql.one<Row>(`SELECT ${COLUMNS} FROM passkeys WHERE credential_id = ?`, [credentialId]);
      return r ? toPasskey(r) : null;
    },
    rename: async (userId, id, name) => {
      const r = await sql.one<Row>(`UPDATE passkeys SET name = ? WHERE user_id = ? AND id = ? RETURNING ${COLUMNS}`, [name, userId, id]);
      return r ? toPasskey(r) : null;
    },
    remove: async (userId, id) => (await sql.run('DELETE FROM passkeys WHERE user_id = ? AND id = ?', [userId, id])) === 1,
    removeAll: (userId) => sql.run('DELETE FROM passkeys WHERE user_id = ?', [userId]),
    count: async (userId) => int((await sql.one<{ n: bigint }>('SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?', [userId]))?.n ?? 0n),
    recordUse: async (id, counter, at) => {
      await sql.run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?', [counter, at, id]);
    },
    addChallenge: async (challenge, purpose, userId, expiresAt, now) => {
      await sql.runAll([
        ['DELETE FROM webauthn_challenges WHERE expires_at < ?', [now]],
        [
          'INSERT INTO webauthn_challenges (challenge, user_id, purpose, expires_at) VALUES (?, ?, ?, ?)',
          [challenge, userId, purpose, expiresAt],
        ],
      ]);
    },
    takeChallenge: async (challenge, purpose, now) => {
      const r = await sql.one<{ user_id: bigint | null; expires_at: bigint | Date }>(
        'DELETE FROM webauthn_challenges WHERE challenge = ? AND purpose = ? RETURNING user_id, expires_at',
        [challenge, purpose],
      );
      if (!r || time(r.expires_at).getTime() <= now.getTime()) return null;
      return { userId: r.user_id === null ? null : int(r.user_id) };
    },
  };
}
