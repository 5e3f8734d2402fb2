import type { Database } from '../../storage/database.js';
import { int, sqlFor, time } from '../../storage/sql.js';

export interface TotpFactor {
  /** As stored: sealed under SECRETS_KEY, or `plain:` (factors/sealing.ts). */
  secret: string;
  createdAt: Date;
  /** Null while it is being set up (no code confirmed yet). */
  confirmedAt: Date | null;
  /** The time step of the last code accepted: that one and earlier are refused. */
  lastTimeStep: number | null;
}

/** A person's authenticator app and recovery codes. */
export interface FactorRepository {
  findTotp(userId: number): Promise<TotpFactor | null>;
  /** Starts (or starts again) setting up an authenticator; false when one is already confirmed. */
  beginTotp(userId: number, secret: string, now: Date): Promise<boolean>;
  /** Confirms the pending authenticator with its first code's step, and stores the recovery codes' hashes, at once; false when none was pending. */
  confirmTotp(userId: number, step: number, codeHashes: readonly Buffer[], now: Date): Promise<boolean>;
  /** Takes a code's time step as the last one used, unless that step (or a later one) was used already: false then. */
  useTimeStep(userId: number, step: number): Promise<boolean>;
  /** Removes the authenticator and its recovery codes; false when there was none. */
  removeTotp(userId: number): Promise<boolean>;
  /** Replaces the recovery codes. */
  replaceRecoveryCodes(userId: number, codeHashes: readonly Buffer[], now: Date): Promise<void>;
  /** Marks an unused recovery code used; false when it is not one of the person's, or was used. */
  useRecoveryCode(userId: number, codeHash: Buffer, now: Date): Promise<boolean>;
  recoveryCodesLeft(userId: number): Promise<number>;
}

interface TotpRow {
  secret: string;
  created_at: bigint | Date;
  confirmed_at: bigint | Date | null;
  last_time_step: bigint | null;
}

const insertCodes = (userId: number, hashes: readonly Buffer[], now: Date) =>
  hashes.map((h) => ['INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)', [userId, h, now]] as const);

export function openFactorRepository(database: Database): FactorRepository {
  const sql = sqlFor(database);
  return {
    findTotp: async (userId) => {
      const r = await sql.one<TotpRow>('SELECT secret, created_at, confirmed_at, last_time_step FROM totp_factors WHERE user_id = ?', [
        userId,
      ]);
      return r
        ? {
            secret: r.secret,
            createdAt: time(r.created_at),
            confirmedAt: time(r.confirmed_at),
            lastTimeStep: r.last_time_step === null ? null : int(r.last_time_step),
          }
        : null;
    },
    beginTotp: async (userId, secret, now) =>
      (await sql.run(
        `INSERT INTO totp_factors (user_id, secret, created_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at, last_time_step = NULL
         WHERE totp_factors.confirmed_at IS NULL`,
        [userId, secret, now],
      )) > 0,
    confirmTotp: async (userId, step, hashes, now) => {
      // The confirmation decides alone: of two at once only one changes the row, and only it writes recovery codes.
      const confirmed = await sql.run(
        'UPDATE totp_factors SET confirmed_at = ?, last_time_step = ? WHERE user_id = ? AND confirmed_at IS NULL',
        [now, step, userId],
      );
      if (confirmed !== 1) return false;
      await sql.runAll([['DELETE FROM recovery_codes WHERE user_id = ?', [userId]], ...insertCodes(userId, hashes, now)]);
      return true;
    },
    useTimeStep: async (userId, step) =>
      (await sql.run(
        'UPDATE totp_factors SET last_time_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL AND (last_time_step IS NULL OR last_time_step < ?)',
        [step, userId, step],
      )) === 1,
    removeTotp: async (userId) => {
      const [, removed] = await sql.runAll([
        ['DELETE FROM recovery_codes WHERE user_id = ?', [userId]],
        ['DELETE FROM totp_factors WHERE user_id = ?', [userId]],
      ]);
      return (removed ?? 0) > 0;
    },
    replaceRecoveryCodes: async (userId, hashes, now) => {
      await sql.runAll([['DELETE FROM recovery_codes WHERE user_id = ?', [userId]], ...insertCodes(userId, hashes, now)]);
    },
    useRecoveryCode: async (userId, codeHash, now) =>
      (await sql.run('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL', [
        now,
        userId,
        codeHash,
      ])) === 1,
    recoveryCodesLeft: async (userId) =>
      int(
        (await sql.one<{ n: bigint }>('SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL', [userId]))?.n ?? 0n,
      ),
  };
}
