import type { Database } from '../storage/database.js';
import { sqlFor } from '../storage/sql.js';

export interface SecretRepository {
  /**
   * The value stored under `name`; when there is none yet, `candidate` is stored
   * and returned. Instances starting at once all get the one value stored first.
   */
  obtain(name: string, candidate: Buffer, now: Date): Promise<Buffer>;
}

export function openSecretRepository(database: Database): SecretRepository {
  const sql = sqlFor(database);
  return {
    obtain: async (name, candidate, now) => {
      await sql.run('INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [name, candidate, now]);
      const row = await sql.one<{ value: Buffer | Uint8Array }>('SELECT value FROM secrets WHERE name = ?', [name]);
      if (!row) throw new Error(`the secret ${name} was stored but cannot be read back`);
      return Buffer.from(row.value);
    },
  };
}
