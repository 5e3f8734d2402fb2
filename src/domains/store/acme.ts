import { int, type Sql } from '../../storage/sql.js';
import type { DomainRepository } from '../records.js';

/** What certificate orders keep: http-01 challenges being answered, the ACME account per directory, the orders made (for the rate limits). */
export function acmeStore(
  sql: Sql,
): Pick<DomainRepository, 'putChallenge' | 'removeChallenge' | 'challenge' | 'account' | 'saveAccount' | 'recordOrder' | 'orderCounts'> {
  return {
    putChallenge: async (token, keyAuthorization, domain, now) => {
      await sql.run(
        `INSERT INTO acme_challenges (token, key_authorization, domain, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization`,
        [token, keyAuthorization, domain, now],
      );
    },
    removeChallenge: async (token) => {
      await sql.run('DELETE FROM acme_challenges WHERE token = ?', [token]);
    },
    challenge: async (token) =>
      (await sql.one<{ key_authorization: string }>('SELECT key_authorization FROM acme_challenges WHERE token = ?', [token]))
        ?.key_authorization ?? null,
    account: async (directoryUrl) => {
      const row = await sql.one<{ account_key: string; account_url: string }>(
        'SELECT account_key, account_url FROM acme_accounts WHERE directory_url = ?',
        [directoryUrl],
      );
      return row ? { key: row.account_key, url: row.account_url } : null;
    },
    saveAccount: async (directoryUrl, key, url, now) => {
      await sql.run(
        `INSERT INTO acme_accounts (directory_url, account_key, account_url, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (directory_url) DO NOTHING`,
        [directoryUrl, key, url, now],
      );
    },
    recordOrder: async (o, now) => {
      await sql.run('INSERT INTO acme_orders (domain, registrable_domain, project_id, outcome, created_at) VALUES (?, ?, ?, ?, ?)', [
        o.domain,
        o.registrableDomain,
        o.projectId,
        o.outcome,
        now,
      ]);
    },
    orderCounts: async (since, o) => {
      const row = await sql.one<{ a: bigint; p: bigint | null; r: bigint | null; f: bigint | null }>(
        `SELECT COUNT(*) AS a,
           SUM(CASE WHEN project_id = ? THEN 1 ELSE 0 END) AS p,
           SUM(CASE WHEN registrable_domain = ? AND outcome = 'issued' THEN 1 ELSE 0 END) AS r,
           SUM(CASE WHEN domain = ? AND outcome = 'failed' THEN 1 ELSE 0 END) AS f
         FROM acme_orders WHERE created_at >= ?`,
        [o.projectId, o.registrableDomain, o.domain, since],
      );
      return { all: int(row?.a ?? 0n), project: int(row?.p ?? 0n), registrable: int(row?.r ?? 0n), failedName: int(row?.f ?? 0n) };
    },
  };
}
