import type { Database } from '../../storage/database.js';
import { sqlFor, time } from '../../storage/sql.js';

/** A single sign-on started in one browser and not finished yet: what its callback is checked against. */
export interface SsoLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** The dashboard page to go to once signed in. */
  next: string;
  expiresAt: Date;
}

export interface SsoLoginRepository {
  /** Stores a login under the hash of its browser's cookie (and forgets the expired ones). */
  add(idHash: Buffer, login: SsoLogin, now: Date): Promise<void>;
  /** Takes a login once: null when it is unknown, already taken or expired. */
  take(idHash: Buffer, now: Date): Promise<SsoLogin | null>;
}

interface Row {
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  next: string;
  expires_at: bigint | Date;
}

export function openSsoLoginRepository(database: Database): SsoLoginRepository {
  const sql = sqlFor(database);
  return {
    add: async (idHash, l, now) => {
      await sql.runAll([
        ['DELETE FROM sso_logins WHERE expires_at < ?', [now]],
        [
          'INSERT INTO sso_logins (id_hash, state, nonce, code_verifier, redirect_uri, next, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [idHash, l.state, l.nonce, l.codeVerifier, l.redirectUri, l.next, l.expiresAt],
        ],
      ]);
    },
    take: async (idHash, now) => {
      const r = await sql.one<Row>(
        'DELETE FROM sso_logins WHERE id_hash = ? RETURNING state, nonce, code_verifier, redirect_uri, next, expires_at',
        [idHash],
      );
      if (!r || time(r.expires_at).getTime() <= now.getTime()) return null;
      return {
        state: r.state,
        nonce: r.nonce,
        codeVerifier: r.code_verifier,
        redirectUri: r.redirect_uri,
        next: r.next,
        expiresAt: time(r.expires_at),
      };
    },
  };
}
