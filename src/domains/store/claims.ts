import { int, time, type Sql } from '../../storage/sql.js';
import type { ClaimRecord, DomainRepository } from '../records.js';
import type { Capped } from './capped.js';

type Time = bigint | Date;

interface ClaimRow {
  id: bigint;
  project_id: bigint;
  name: string;
  kind: 'apex' | 'subdomain';
  token: string;
  message: string;
  found: string;
  checked_at: Time | null;
  created_at: Time;
}

const CLAIM_COLUMNS = 'id, project_id, name, kind, token, message, found, checked_at, created_at';

const toClaim = (r: ClaimRow): ClaimRecord => ({
  id: int(r.id),
  projectId: int(r.project_id),
  name: r.name,
  kind: r.kind,
  token: r.token,
  message: r.message,
  found: JSON.parse(r.found) as string[],
  checkedAt: time(r.checked_at),
  createdAt: time(r.created_at),
});

/** Claims on names that need a TXT record's proof before they become a project's domain. */
export function claimStore(
  sql: Sql,
  capped: Capped,
): Pick<DomainRepository, 'createClaim' | 'findClaim' | 'claimsOn' | 'listClaims' | 'saveClaimCheck' | 'removeClaim'> {
  return {
    createClaim: async (c, limit) => {
      const row = await capped<ClaimRow>(c.projectId, limit, [
        `INSERT INTO domain_claims (project_id, name, kind, token, message, found, created_at) VALUES (?, ?, ?, ?, ?, '[]', ?)
         ON CONFLICT (name, project_id) DO NOTHING RETURNING ${CLAIM_COLUMNS}`,
        [c.projectId, c.name, c.kind, c.token, c.message, c.now],
      ]);
      return row === 'at_limit' || row === null ? row : toClaim(row);
    },
    findClaim: async (name, projectId) => {
      const row = await sql.one<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM domain_claims WHERE name = ? AND project_id = ?`, [
        name,
        projectId,
      ]);
      return row ? toClaim(row) : null;
    },
    claimsOn: async (name) =>
      (await sql.all<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM domain_claims WHERE name = ? ORDER BY id`, [name])).map(toClaim),
    listClaims: async (projectId) =>
      (await sql.all<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM domain_claims WHERE project_id = ? ORDER BY name`, [projectId])).map(toClaim),
    saveClaimCheck: async (id, u) => {
      await sql.run('UPDATE domain_claims SET message = ?, found = ?, checked_at = ? WHERE id = ?', [
        u.message,
        JSON.stringify(u.found),
        u.checkedAt,
        id,
      ]);
    },
    removeClaim: async (id) => (await sql.run('DELETE FROM domain_claims WHERE id = ?', [id])) > 0,
  };
}
