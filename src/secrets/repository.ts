import type { Database } from '../storage/database.js';
import { sqlFor } from '../storage/sql.js';

export interface SecretRepository {
  /**
   * The value stored under `name`; when there is none yet, `candidate` is stored
   * and returned. Instances starting at once all get the one value stored first.
   */
  obtain(name: string, candidate: Buffer, now: Date): Promise<Buffer>;
  /** The value stored under `name`, null when there is none. */
  find(name: string): Promise<Buffer | null>;
}

export function openSecretRepository(database: Database): SecretRepository {
  const sql = sqlFor(database);
  const find = async (name: string): Promise<Buffer | null> => {
    const row = await sql.one<{ value: Buffer | Uint8Array }>('SELECT value FROM secrets WHERE name = ?', [name]);
    return row ? Buffer.from(row.value) : null;
  };
  return {
    obtain: async (name, candidate, now) => {
      // Read first: a start (each worker's, with WORKERS > 1) writes only on the database's first.
      const stored = await find(name);
      if (stored !== null) return stored;
      await sql.run('INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [name, candidate, now]);
      const value = await find(name);
      if (value === null) throw new Error(`the secret ${name} was stored but cannot be read back`);
      return value;
    },
    find,
  };
}
