import { LIMIT, type Sql, type SqlStatement } from '../storage/sql.js';
import type { PetRepository } from './repository.js';
import { BEFORE_FIRST, COLUMNS, toPet, type PetRow } from './rows.js';

/** What both engines do with one statement text (storage/sql.ts). */
export type PetStatements = Pick<PetRepository, 'list' | 'get' | 'purgeIdempotencyKeys'>;

export function petStatements(sql: Sql): PetStatements {
  return {
    list: async (projectId, q) => {
      const after = q.after ?? BEFORE_FIRST;
      const rows = q.status
        ? await sql.all<PetRow>(`SELECT ${COLUMNS} FROM pets WHERE project_id = ? AND status = ? AND id > ? ORDER BY id ${LIMIT}`, [
            projectId,
            q.status,
            after,
            q.limit,
          ])
        : await sql.all<PetRow>(`SELECT ${COLUMNS} FROM pets WHERE project_id = ? AND id > ? ORDER BY id ${LIMIT}`, [
            projectId,
            after,
            q.limit,
          ]);
      return rows.map(toPet);
    },
    get: async (projectId, id) => {
      const row = await sql.one<PetRow>(`SELECT ${COLUMNS} FROM pets WHERE id = ? AND project_id = ?`, [id, projectId]);
      return row ? toPet(row) : null;
    },
    purgeIdempotencyKeys: (olderThan) => sql.run('DELETE FROM idempotency_keys WHERE created_at < ?', [olderThan]),
  };
}

/**
 * Empties one project row of its pets, idempotency keys and pet numbering (a staging reset: staging/service.ts),
 * so its next pet is number 1 again.
 */
export const clearPets = (projectId: number): SqlStatement[] => [
  ['DELETE FROM idempotency_keys WHERE project_id = ?', [projectId]],
  ['DELETE FROM pets WHERE project_id = ?', [projectId]],
  ['DELETE FROM pet_sequences WHERE project_id = ?', [projectId]],
];
